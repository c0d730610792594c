import AutoLayout
import Foundation
import TestSupport
import Testing

/// `View.ambiguousAttributes(of:)`, which probes every view of a hierarchy together (group tests,
/// then batches of probes), finds what `ambiguousAttributes()` finds one view at a time.
@Suite struct AmbiguityBatchTests {
    /// Each view's free attributes, one view at a time and all together, must agree.
    func expectSameFindings(_ views: [View], _ context: String) {
        let together = View.ambiguousAttributes(of: views, exactUpTo: 0)
        for (view, found) in zip(views, together) {
            #expect(found == view.ambiguousAttributes(), "\(context): \(view.identifier)")
        }
    }

    @Test func sharedAndIndependentFreedomsAreFoundAsOneViewAtATime() {
        // A root of no set size (as a cell's content view is, between layouts): every view's
        // width follows the root's free width (one shared freedom); each view's vertical place
        // is free on its own (one freedom per view); `fixed` is determined.
        let root = View(identifier: "contentView")
        root.translatesAutoresizingMaskIntoConstraints = false
        var views: [View] = []
        for i in 0..<40 {
            let v = constrained("v\(i)", in: root)
            LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                                       v.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8)])
            views.append(v)
        }
        let fixed = constrained("fixed", in: root)
        LayoutConstraint.activate([fixed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   fixed.topAnchor.constraint(equalTo: root.topAnchor),
                                   fixed.widthAnchor.constraint(equalToConstant: 10), fixed.heightAnchor.constraint(equalToConstant: 10)])
        views.append(fixed)
        let together = View.ambiguousAttributes(of: views, exactUpTo: 0)
        let shared = together.dropLast().filter { $0 == [.top, .width, .height] }.count
        #expect(shared == 40)
        #expect(together.last == [])
        expectSameFindings(views, "shared")
    }

    @Test func aDeterminedHierarchyHasNoFindings() {
        let root = container()
        var above = root.topAnchor
        var views: [View] = []
        for i in 0..<30 {
            let v = constrained("v\(i)", in: root)
            LayoutConstraint.activate([v.topAnchor.constraint(equalTo: above, constant: 4), v.heightAnchor.constraint(equalToConstant: 5),
                                       v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                                       v.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8)])
            above = v.bottomAnchor
            views.append(v)
        }
        root.layoutIfNeeded()
        let findings = View.ambiguousAttributes(of: views, exactUpTo: 0).filter { !$0.isEmpty }
        #expect(findings.isEmpty)
    }

    /// Seeded random cells as specs make them: each view with some of leading, trailing, top
    /// (to the view above), width and height, so that many miss one; some with intrinsic sizes.
    /// The group test (forced with `exactUpTo: 0`) agrees with the one-view check.
    @Test func randomCellsGiveTheSameFindings() {
        var ambiguousViews = 0
        for seed in 0..<40 {
            var rng = SeededGenerator(seed: UInt64(41_000 + seed))
            let root = container(width: 300, height: 400)
            var views: [View] = []
            var above = root.topAnchor
            for i in 0..<Int.random(in: 3...12, using: &rng) {
                let v: View = Int.random(in: 0..<3, using: &rng) == 0
                    ? SizedView("v\(i)", width: CGFloat(Int.random(in: 10...80, using: &rng)), height: 20)
                    : constrained("v\(i)", in: root)
                if v.superview == nil { root.addSubview(v) }
                let has = (0..<5).map { _ in Int.random(in: 0..<4, using: &rng) != 0 }
                var made: [LayoutConstraint] = []
                if has[0] { made.append(v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)) }
                if has[1] { made.append(v.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8)) }
                if has[2] { made.append(v.topAnchor.constraint(equalTo: above, constant: 4)) }
                if has[3] && !(has[0] && has[1]) { made.append(v.widthAnchor.constraint(equalToConstant: 50)) }
                if has[4] { made.append(v.heightAnchor.constraint(equalToConstant: 12)) }
                LayoutConstraint.activate(made)
                above = v.bottomAnchor
                views.append(v)
            }
            root.layoutIfNeeded()
            let together = View.ambiguousAttributes(of: views, exactUpTo: 0)
            for (view, found) in zip(views, together) {
                let alone = view.ambiguousAttributes()
                #expect(found == alone, "seed \(seed): \(view.identifier)")
                if !alone.isEmpty { ambiguousViews += 1 }
            }
        }
        // The cells exercise the check: many views are ambiguous.
        #expect(ambiguousViews > 50)
    }
}
