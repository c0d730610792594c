import AutoLayout
import Foundation
import Testing

@Suite struct LabelTests {
    let measurer = FixedAdvanceMeasurer()

    func label(_ text: String, lines: Int) -> Label {
        let l = Label(identifier: "body", text: text)
        l.measurer = measurer
        l.numberOfLines = lines
        l.translatesAutoresizingMaskIntoConstraints = false
        return l
    }

    @Test func singleLineIntrinsicSizeIsTheWholeText() {
        let l = label("hello world", lines: 1)
        #expect(l.intrinsicContentSize == CGSize(width: 77, height: 20))
        #expect(l.firstBaselineOffsetFromTop == 16)
        #expect(l.lastBaselineOffsetFromBottom == 4)
        #expect(Label(text: "").intrinsicContentSize == .zero)
    }

    @Test func preferredMaxLayoutWidthWraps() {
        let l = label("aaaa bbbb cccc dddd", lines: 0)
        l.preferredMaxLayoutWidth = 70   // two words per line: 4*7 + 7 + 4*7 = 63
        #expect(l.intrinsicContentSize == CGSize(width: 63, height: 40))
        l.numberOfLines = 1
        #expect(l.intrinsicContentSize.height == 20)
    }

    /// The self-sizing cell case: the label's height comes from the width the solver gives it,
    /// measured in a second pass, as UIKit does.
    @Test func multiLineLabelTakesItsHeightFromItsSolvedWidth() {
        let content = View(identifier: "contentView")
        let body = label(String(repeating: "word ", count: 40).trimmingCharacters(in: .whitespaces), lines: 0)
        content.addSubview(body)
        LayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            body.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
            body.topAnchor.constraint(equalTo: content.topAnchor, constant: 20),
            content.bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: 20),
        ])
        // At 335 points the label is 295 wide: 7 words of 28 + 6 spaces of 7 = 238 (8 would be 273,
        // 9 would be 308) -> 8 words per line -> 5 lines of the 40 words.
        let size = content.systemLayoutSizeFitting(CGSize(width: 335, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        #expect(approx(size.height, 20 + 5 * 20 + 20), "\(size)")
        // A new width re-measures.
        let narrow = content.systemLayoutSizeFitting(CGSize(width: 175, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
        // 135 wide: 4 words (133) per line -> 10 lines.
        #expect(approx(narrow.height, 20 + 10 * 20 + 20), "\(narrow)")
        // New text re-measures through the same constraints.
        body.text = "short"
        let short = content.systemLayoutSizeFitting(CGSize(width: 335, height: 0), withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
        #expect(approx(short.height, 60))
    }

    @Test func labelsAlignOnTheirBaselines() {
        let big = label("Title", lines: 1)
        big.measurer = FixedAdvanceMeasurer(advance: 10, lineHeight: 30, ascent: 24)
        let small = label("12:00", lines: 1)
        baselinePair(big: big, small: small)
        #expect(small.frame.minY == 18)   // 10 + 24 - 16
    }

    @Test func withoutAMeasurerALabelHasNoIntrinsicSize() {
        let l = Label(text: "text")
        #expect(l.intrinsicContentSize.width == CGSize.noIntrinsicMetric)
    }
}
