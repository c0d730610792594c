import AutoLayout
import Foundation
import Testing

/// Stack views' system spacing and margins-relative arrangement.
@Suite struct StackMarginsTests {
    private func stack(_ configure: (StackView) -> Void) -> (View, StackView, [SizedView]) {
        let root = container(width: 300, height: 200)
        let views = [SizedView("a", width: 40, height: 20), SizedView("b", width: 60, height: 30)]
        let s = StackView(identifier: "stack", arrangedSubviews: views)
        s.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(s)
        configure(s)
        LayoutConstraint.activate([s.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   s.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        return (root, s, views)
    }

    @Test func systemSpacingIsEight() {
        let (_, s, v) = stack { $0.spacing = StackView.spacingUseSystem }
        #expect(s.effectiveSpacing == 8)
        #expect(v[1].frame.minX == 48)
        #expect(s.frame.size == CGSize(width: 108, height: 30))
    }

    @Test func marginsRelativeArrangement() {
        let (root, s, v) = stack {
            $0.axis = .vertical
            $0.spacing = 4
            $0.isLayoutMarginsRelativeArrangement = true
            $0.directionalLayoutMargins = DirectionalEdgeInsets(top: 10, leading: 12, bottom: 6, trailing: 14)
        }
        #expect(v[0].frame == CGRect(x: 12, y: 10, width: 60, height: 20))
        #expect(v[1].frame == CGRect(x: 12, y: 34, width: 60, height: 30))
        #expect(s.frame.size == CGSize(width: 12 + 60 + 14, height: 10 + 20 + 4 + 30 + 6))
        // Turned off, the arrangement fills the stack's edges again.
        s.isLayoutMarginsRelativeArrangement = false
        root.layoutIfNeeded()
        #expect(v[0].frame.origin == .zero)
        #expect(s.frame.size == CGSize(width: 60, height: 54))
    }

    @Test func labelPreferredMaxLayoutWidthFixesTheWrap() {
        let label = Label(identifier: "l", text: "aaaa bbbb cccc")
        label.measurer = MonospaceTextMeasurer()
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 65
        #expect(!label.wrapsAtLayoutWidth)
        #expect(label.intrinsicContentSize == CGSize(width: 63, height: 40))
    }
}
