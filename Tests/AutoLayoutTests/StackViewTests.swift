import AutoLayout
import Foundation
import Testing

@Suite struct StackViewTests {
    /// A 300 x 100 horizontal stack of three views with intrinsic widths 40, 60, 80 and heights
    /// 20, 30, 40.
    func stack(_ distribution: StackView.Distribution, alignment: StackView.Alignment = .fill,
               spacing: CGFloat = 10) -> (View, StackView, [SizedView]) {
        let root = container(width: 300, height: 100)
        let items = [SizedView("a", width: 40, height: 20), SizedView("b", width: 60, height: 30),
                     SizedView("c", width: 80, height: 40)]
        let s = StackView(identifier: "stack", arrangedSubviews: items)
        s.translatesAutoresizingMaskIntoConstraints = false
        s.distribution = distribution
        s.alignment = alignment
        s.spacing = spacing
        root.addSubview(s)
        LayoutConstraint.activate([
            s.leadingAnchor.constraint(equalTo: root.leadingAnchor), s.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            s.topAnchor.constraint(equalTo: root.topAnchor), s.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        root.layoutIfNeeded()
        return (root, s, items)
    }

    func xs(_ items: [View]) -> [CGFloat] { items.map { ($0.frame.minX * 1000).rounded() / 1000 } }
    func widths(_ items: [View]) -> [CGFloat] { items.map { ($0.frame.width * 1000).rounded() / 1000 } }

    @Test func fillGivesTheRoomToTheLowestHugging() {
        let (root, s, items) = stack(.fill)
        defer { withExtendedLifetime(root) {} }
        items[2].setContentHuggingPriority(LayoutPriority(249), for: .horizontal)
        s.layoutIfNeeded()
        #expect(widths(items) == [40, 60, 180])
        #expect(xs(items) == [0, 50, 120])
        #expect(items.allSatisfy { $0.frame.height == 100 })
    }

    @Test func fillEqually() {
        let (root, _, items) = stack(.fillEqually)
        defer { withExtendedLifetime(root) {} }
        let third: CGFloat = (280.0 / 3 * 1000).rounded() / 1000
        #expect(widths(items) == [third, third, third])
    }

    @Test func fillProportionally() {
        let (root, _, items) = stack(.fillProportionally)
        defer { withExtendedLifetime(root) {} }
        // 280 points in the ratio 40 : 60 : 80.
        #expect(widths(items) == [62.222, 93.333, 124.444])
    }

    @Test func equalSpacing() {
        let (root, _, items) = stack(.equalSpacing)
        defer { withExtendedLifetime(root) {} }
        #expect(widths(items) == [40, 60, 80])
        #expect(xs(items) == [0, 100, 220])   // gaps of 60
    }

    @Test func equalCentering() {
        let (root, _, items) = stack(.equalCentering)
        defer { withExtendedLifetime(root) {} }
        let centers = items.map { $0.frame.midX }
        #expect(abs((centers[1] - centers[0]) - (centers[2] - centers[1])) < 1e-6)
        #expect(items[0].frame.minX == 0 && items[2].frame.maxX == 300)
    }

    @Test(arguments: [(StackView.Alignment.leading, [0.0, 0, 0]), (.center, [40.0, 35, 30]), (.trailing, [80.0, 70, 60])])
    func alignmentAcrossTheAxis(_ alignment: StackView.Alignment, _ tops: [Double]) {
        let (root, _, items) = stack(.fill, alignment: alignment)
        defer { withExtendedLifetime(root) {} }
        #expect(items.map { Double($0.frame.minY) } == tops)
        #expect(items.map(\.frame.height) == [20, 30, 40])
    }

    @Test func hiddenArrangedViewsCollapse() {
        let (root, s, items) = stack(.fillEqually)
        defer { withExtendedLifetime(root) {} }
        items[1].isHidden = true
        s.layoutIfNeeded()
        #expect(items[1].frame.width == 0)
        #expect(widths([items[0], items[2]]) == [145, 145])
        #expect(items[2].frame.minX == 155)
        items[1].isHidden = false
        s.layoutIfNeeded()
        #expect(items[1].frame.width > 0)
    }

    @Test func verticalStackFitsItsContent() {
        let content = View(identifier: "contentView")
        let items = [SizedView("a", width: 40, height: 20), SizedView("b", width: 60, height: 30)]
        let s = StackView(identifier: "stack", arrangedSubviews: items)
        s.axis = .vertical
        s.spacing = 4
        s.alignment = .leading
        s.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(s)
        LayoutConstraint.activate([
            s.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 8),
            s.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
            content.bottomAnchor.constraint(equalTo: s.bottomAnchor, constant: 8),
            content.trailingAnchor.constraint(greaterThanOrEqualTo: s.trailingAnchor, constant: 8),
        ])
        let size = content.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        #expect(approx(size.height, 8 + 20 + 4 + 30 + 8))
    }
}
