import AutoLayout
import Foundation
import Testing

/// A measurer whose text grows with the font: each character advances half the font size, a line
/// is 1.2 sizes high with the baseline at one size.
private struct ScalingMeasurer: TextMeasuring {
    func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        let f = request.font.size
        let base = MonospaceTextMeasurer(advance: f / 2, lineHeight: f * 1.2, ascent: f)
        return base.measure(request)
    }
}

/// The controls' intrinsic sizes (UIKit's numbers, written down in each control's rule) and the
/// text-bearing ones' following their text, font and width.
@Suite struct ControlsTests {
    private let mono = MonospaceTextMeasurer()    // 7 per character, 20 per line, baseline 16

    @Test func fixedSizes() {
        #expect(Switch().intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(ActivityIndicatorView().intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(ActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(ProgressView().intrinsicContentSize == CGSize(width: CGSize.noIntrinsicMetric, height: 4))
        #expect(Slider().intrinsicContentSize == CGSize(width: CGSize.noIntrinsicMetric, height: 31))
    }

    @Test func indicatorStyleChangesLayout() {
        let root = container()
        let spinner = ActivityIndicatorView()
        spinner.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(spinner)
        LayoutConstraint.activate([spinner.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   spinner.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(spinner.frame.size == CGSize(width: 20, height: 20))
        spinner.style = .large
        root.layoutIfNeeded()
        #expect(spinner.frame.size == CGSize(width: 37, height: 37))
    }

    @Test func sliderAndProgressTakeTheirWidthFromConstraints() {
        let root = container(width: 300)
        let slider = Slider(), progress = ProgressView()
        for v in [slider, progress] as [View] {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                                       v.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20)])
        }
        LayoutConstraint.activate([slider.topAnchor.constraint(equalTo: root.topAnchor),
                                   progress.topAnchor.constraint(equalTo: slider.bottomAnchor)])
        root.layoutIfNeeded()
        #expect(slider.frame == CGRect(x: 20, y: 0, width: 260, height: 31))
        #expect(progress.frame == CGRect(x: 20, y: 31, width: 260, height: 4))
    }

    @Test func segmentedControlFromItsTitles() {
        let s = SegmentedControl(titles: ["First", "Second"])
        s.measurer = mono
        // The widest title, "Second", is 42; a segment 42 + 14; two and a divider.
        #expect(s.intrinsicContentSize == CGSize(width: 2 * 56 + 1, height: 32))
        s.titles = ["A", "B", "Longer title"]
        #expect(s.intrinsicContentSize == CGSize(width: 3 * (84 + 14) + 2, height: 32))
        s.titles = []
        #expect(s.intrinsicContentSize == CGSize(width: 0, height: 32))
    }

    @Test func buttonFromItsTitleAndFont() {
        let b = Button(title: "Button")
        b.measurer = mono
        // The title 42 x 20, 6 above and below.
        #expect(b.intrinsicContentSize == CGSize(width: 42, height: 32))
        #expect(b.firstBaselineOffsetFromTop == 22)
        b.title = "Go"
        #expect(b.intrinsicContentSize == CGSize(width: 14, height: 32))
        b.measurer = ScalingMeasurer()
        b.font = Font(size: 20)
        // 2 characters of 10; a line of 24, plus 12.
        #expect(b.intrinsicContentSize == CGSize(width: 20, height: 36))
        b.contentInsets = DirectionalEdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 10)
        #expect(b.intrinsicContentSize == CGSize(width: 40, height: 32))
        b.title = ""
        #expect(b.intrinsicContentSize == Button.emptySize)
    }

    @Test func configurationButtonsUseTheBodyStyleAndWiderInsets() {
        let b = Button(title: "Button", font: Button.configurationFont)
        b.contentInsets = Button.configurationContentInsets
        b.measurer = mono
        #expect(b.intrinsicContentSize == CGSize(width: 42 + 24, height: 20 + 14))
        #expect(Button.configurationFont.textStyle == .body)
    }

    @Test func buttonTitleChangeRelaysOut() {
        let root = container()
        let b = Button(title: "OK")
        b.measurer = mono
        b.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(b)
        LayoutConstraint.activate([b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                   b.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 306, y: 0, width: 14, height: 32))
        b.title = "Cancel"
        root.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 278, y: 0, width: 42, height: 32))
    }

    @Test func textViewFromItsTextAndFont() {
        let t = TextView(text: "aaaa bbbb cccc")
        t.measurer = mono
        // One line before any layout: 98 + 2 x 5 padding; 20 + 8 + 8.
        #expect(t.intrinsicContentSize == CGSize(width: 108, height: 36))
        #expect(t.firstBaselineOffsetFromTop == 24)
        t.measurer = ScalingMeasurer()
        t.font = Font(size: 10)
        // 14 characters of 5, a line of 12.
        #expect(t.intrinsicContentSize == CGSize(width: 80, height: 28))
        t.text = ""
        // An empty text view keeps one line.
        #expect(t.intrinsicContentSize == CGSize(width: 10, height: 28))
        t.isScrollEnabled = true
        #expect(t.intrinsicContentSize.height == CGSize.noIntrinsicMetric)
        #expect(!t.wrapsAtLayoutWidth)
    }

    @Test func textViewWrapsAtItsSolvedWidthInAFittedCell() {
        let content = View(identifier: "contentView")
        content.translatesAutoresizingMaskIntoConstraints = false
        let t = TextView(text: "aaaa bbbb cccc")
        t.measurer = mono
        t.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(t)
        LayoutConstraint.activate([t.leadingAnchor.constraint(equalTo: content.leadingAnchor),
                                   t.trailingAnchor.constraint(equalTo: content.trailingAnchor),
                                   t.topAnchor.constraint(equalTo: content.topAnchor),
                                   t.bottomAnchor.constraint(equalTo: content.bottomAnchor)])
        func fit(_ width: CGFloat) -> CGSize {
            content.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        }
        // At 60 the lines are 50 wide: one word each, three lines of 20, plus 16.
        #expect(fit(60) == CGSize(width: 60, height: 76))
        // At 80 the lines are 70 wide: "aaaa bbbb" (63) and "cccc".
        #expect(fit(80) == CGSize(width: 80, height: 56))
        #expect(fit(200) == CGSize(width: 200, height: 36))
        content.layOutAsRoot(size: CGSize(width: 60, height: 76))
        #expect(t.frame == CGRect(x: 0, y: 0, width: 60, height: 76))
    }
}
