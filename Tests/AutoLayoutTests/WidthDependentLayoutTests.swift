import AutoLayout
import Foundation
import Testing

/// A view that wraps content of a fixed area, as a flow of tiles would: at the width layout gives
/// it, its height is the area over that width. Not a label, so that what it shows is that the
/// engine re-measures any ``WidthDependentLayout`` view, through the protocol alone.
final class WrappingView: View, WidthDependentLayout {
    var area: CGFloat
    var wraps = true
    private(set) var layoutWidth: CGFloat?
    /// The widths offered, in order.
    private(set) var offers: [CGFloat] = []

    init(_ identifier: String, area: CGFloat) {
        self.area = area
        super.init(identifier: identifier)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize {
        guard wraps, let w = layoutWidth, w > 0 else { return CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric) }
        return CGSize(width: CGSize.noIntrinsicMetric, height: (area / w).rounded(.up))
    }

    var wrapsAtLayoutWidth: Bool { wraps }

    func adoptLayoutWidth(_ width: CGFloat) -> Bool {
        offers.append(width)
        guard layoutWidth != width else { return false }
        let before = intrinsicContentSize
        layoutWidth = width
        guard intrinsicContentSize != before else { return false }
        invalidateIntrinsicContentSize()
        return true
    }
}

@Suite struct WidthDependentLayoutTests {
    /// A content view with `tiles` pinned 20 points in from the sides and 10 from the top and
    /// bottom.
    func cell(area: CGFloat) -> (content: View, tiles: WrappingView) {
        let content = View(identifier: "contentView")
        let tiles = WrappingView("tiles", area: area)
        content.addSubview(tiles)
        LayoutConstraint.activate([
            tiles.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            tiles.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
            tiles.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
            content.bottomAnchor.constraint(equalTo: tiles.bottomAnchor, constant: 10),
        ])
        return (content, tiles)
    }

    func fit(_ view: View, width: CGFloat) -> CGSize {
        view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                     verticalFittingPriority: .fittingSizeLevel)
    }

    @Test func aWrappingViewTakesItsHeightFromItsSolvedWidth() {
        let (content, tiles) = cell(area: 28_000)
        // 320 wide: the tiles get 280, so 100 high.
        #expect(approx(fit(content, width: 320).height, 10 + 100 + 10))
        #expect(tiles.offers.last == 280)
        // A new width re-measures: 160 wide, 175 high.
        #expect(approx(fit(content, width: 200).height, 10 + 175 + 10))
        #expect(tiles.offers.last == 160)
        // A new area through the same constraints.
        tiles.area = 16_000
        tiles.invalidateIntrinsicContentSize()
        #expect(approx(fit(content, width: 200).height, 10 + 100 + 10))
    }

    @Test func layoutReMeasuresToo() {
        let (content, tiles) = cell(area: 28_000)
        content.layOutAsRoot(size: CGSize(width: 320, height: 120))
        #expect(tiles.frame == CGRect(x: 20, y: 10, width: 280, height: 100))
    }

    @Test func aViewThatDoesNotWrapIsOfferedNothing() {
        let (content, tiles) = cell(area: 28_000)
        tiles.wraps = false
        _ = fit(content, width: 320)
        #expect(tiles.offers.isEmpty)
    }

    /// A content view inside a cell is fitted by an engine of its own (a scratch engine), which
    /// the view does not tell of its new height: the engine brings itself up to date.
    @Test func aWrappingViewInsideAHierarchyIsFittedOnItsOwn() {
        let (content, tiles) = cell(area: 28_000)
        let outer = View(identifier: "cell")
        outer.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        outer.addSubview(content)
        #expect(approx(fit(content, width: 320).height, 120))
        #expect(approx(fit(content, width: 200).height, 195))
        #expect(tiles.offers.last == 160)
        #expect(outer.layoutDiagnostics.isEmpty)
    }
}
