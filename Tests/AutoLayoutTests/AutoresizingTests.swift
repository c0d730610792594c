import AutoLayout
import Foundation
import Testing

/// Views kept at their frames follow their superview's size through their autoresizing masks,
/// against frames computed by hand with UIKit's rules (AutoresizingMask's rules 1-4).
@Suite struct AutoresizingTests {
    /// A 320 x 200 root with one subview at (20, 10, 100, 50) and `mask`, laid out at 320 x 200
    /// first (its recorded size), then at `size`; returns the subview's frame.
    private func frame(_ mask: AutoresizingMask, at size: CGSize, reference: CGSize? = nil) -> CGRect {
        let root = container(width: 320, height: 200)
        let v = View(identifier: "kept")
        v.frame = CGRect(x: 20, y: 10, width: 100, height: 50)
        v.autoresizingMask = mask
        v.autoresizingReferenceSize = reference
        root.addSubview(v)
        root.layOutAsRoot(size: CGSize(width: 320, height: 200))
        root.layOutAsRoot(size: size)
        return v.frame
    }

    @Test func noMaskKeepsTheFrame() {
        #expect(frame([], at: CGSize(width: 400, height: 300)) == CGRect(x: 20, y: 10, width: 100, height: 50))
        // A flexible trailing margin alone moves nothing (rule 2).
        #expect(frame([.flexibleRightMargin, .flexibleBottomMargin], at: CGSize(width: 400, height: 300))
                == CGRect(x: 20, y: 10, width: 100, height: 50))
    }

    @Test func flexibleWidthTakesTheWholeChange() {
        // Fixed margins 20 and 200: the width is 400 - 220 = 180, then 250 - 220 = 30.
        #expect(frame(.flexibleWidth, at: CGSize(width: 400, height: 200)) == CGRect(x: 20, y: 10, width: 180, height: 50))
        #expect(frame(.flexibleWidth, at: CGSize(width: 250, height: 200)) == CGRect(x: 20, y: 10, width: 30, height: 50))
    }

    @Test func flexibleLeftMarginPinsTheRightEdge() {
        // The right margin (200) and width stay: x = 400 - 300 = 100.
        #expect(frame(.flexibleLeftMargin, at: CGSize(width: 400, height: 200)) == CGRect(x: 100, y: 10, width: 100, height: 50))
    }

    @Test func flexibleMarginsShareProportionally() {
        // Left 20 and right 200 flexible (G 220, K 100): at 430 each grows by 110 * p / 220.
        let f = frame([.flexibleLeftMargin, .flexibleRightMargin], at: CGSize(width: 430, height: 200))
        #expect(approx(f.minX, 30) && approx(f.width, 100))
        // Everything flexible vertically (G = 200): at 300, all parts scale by 1.5.
        let g = frame([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], at: CGSize(width: 320, height: 300))
        #expect(approx(g.minY, 15) && approx(g.height, 75))
    }

    @Test func widthAndHeightTogether() {
        let f = frame([.flexibleWidth, .flexibleHeight], at: CGSize(width: 360, height: 220))
        // Width 100 + 40, height 50 + 20: each takes its whole axis's change.
        #expect(approx(f.width, 140) && approx(f.height, 70) && approx(f.minX, 20) && approx(f.minY, 10))
    }

    @Test func referenceSizeIsTheRecordedSuperviewSize() {
        // The frame was recorded in a 200-wide superview: at 320 the width grows by 120 already.
        let f = frame(.flexibleWidth, at: CGSize(width: 320, height: 200), reference: CGSize(width: 200, height: 200))
        #expect(approx(f.width, 220))
    }

    @Test func zeroFlexiblePartsShareEqually() {
        // A view filling its superview's width with flexible margins of 0: each margin gets half.
        let root = container(width: 100, height: 100)
        let v = View(identifier: "kept")
        v.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        v.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        root.addSubview(v)
        root.layOutAsRoot(size: CGSize(width: 100, height: 100))
        root.layOutAsRoot(size: CGSize(width: 160, height: 100))
        #expect(approx(v.frame.minX, 30) && approx(v.frame.width, 100))
    }

    @Test func keptViewsInsideConstrainedViews() {
        // A kept view inside a constrained container follows the container's solved size.
        let root = container(width: 300, height: 100)
        let box = constrained("box", in: root)
        LayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                   box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
                                   box.topAnchor.constraint(equalTo: root.topAnchor),
                                   box.heightAnchor.constraint(equalToConstant: 40)])
        let kept = View(identifier: "kept")
        kept.frame = CGRect(x: 8, y: 8, width: 264, height: 24)
        kept.autoresizingMask = [.flexibleWidth]
        kept.autoresizingReferenceSize = CGSize(width: 280, height: 40)
        box.addSubview(kept)
        root.layOutAsRoot(size: CGSize(width: 400, height: 100))
        #expect(box.frame.width == 380)
        #expect(kept.frame == CGRect(x: 8, y: 8, width: 364, height: 24))
    }

    @Test func marginsPreservedFromTheSuperview() {
        let root = container(width: 300, height: 100)
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20)
        let inner = View(identifier: "inner")
        inner.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        inner.directionalLayoutMargins = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 30)
        root.addSubview(inner)
        #expect(inner.effectiveDirectionalLayoutMargins == inner.directionalLayoutMargins)
        inner.preservesSuperviewLayoutMargins = true
        // Each side is at least the superview's margin less the distance from its edge (0 here).
        #expect(inner.effectiveDirectionalLayoutMargins == DirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 30))
        inner.frame = CGRect(x: 15, y: 0, width: 285, height: 100)
        #expect(inner.effectiveDirectionalLayoutMargins.leading == 5)
        // Layout uses them: a label pinned to the inner view's margins.
        let child = constrained("child", in: inner)
        LayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: inner.layoutMarginsGuide.leadingAnchor),
                                   child.topAnchor.constraint(equalTo: inner.layoutMarginsGuide.topAnchor),
                                   child.widthAnchor.constraint(equalToConstant: 10),
                                   child.heightAnchor.constraint(equalToConstant: 10)])
        root.layOutAsRoot(size: CGSize(width: 300, height: 100))
        #expect(child.frame.origin == CGPoint(x: 5, y: 11))
        // The superview's margins change: the preserving view's follow.
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 30, leading: 40, bottom: 11, trailing: 20)
        root.layOutAsRoot(size: CGSize(width: 300, height: 100))
        #expect(child.frame.origin == CGPoint(x: 25, y: 30))
        // A root has no superview: nothing to preserve; the safe-area flag changes nothing.
        root.preservesSuperviewLayoutMargins = true
        root.insetsLayoutMarginsFromSafeArea = false
        #expect(root.effectiveDirectionalLayoutMargins == root.directionalLayoutMargins)
    }
}
