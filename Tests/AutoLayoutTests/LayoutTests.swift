import AutoLayout
import Foundation
import Testing
import TestSupport

@Suite struct LayoutTests {
    @Test func edgesPinnedWithConstants() {
        let root = container()
        let child = constrained("child", in: root)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            child.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 10, width: 280, height: 44))
    }

    @Test func rightToLeftFlipsLeadingAndTrailing() {
        let root = container()
        root.layoutDirection = .rightToLeft
        let a = constrained("a", in: root)
        let b = constrained("b", in: root)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            a.widthAnchor.constraint(equalToConstant: 100),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.widthAnchor.constraint(equalToConstant: 50),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            b.topAnchor.constraint(equalTo: root.topAnchor), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 200)   // 320 - 20 - 100
        #expect(b.frame.minX == 142)   // a.minX - 8 - 50
        // Left and right never flip.
        root.layoutDirection = .leftToRight
        root.layoutIfNeeded()
        #expect(a.frame.minX == 20 && b.frame.minX == 128)
    }

    @Test func layoutMarginsAndDirectionalMargins() {
        let root = container()
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 5, leading: 16, bottom: 7, trailing: 24)
        let child = constrained("child", in: root)
        let guide = root.layoutMarginsGuide
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            child.topAnchor.constraint(equalTo: guide.topAnchor),
            child.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 16, y: 5, width: 280, height: 188))
        #expect(root.layoutMargins.left == 16 && root.layoutMargins.right == 24)
        root.layoutDirection = .rightToLeft
        #expect(root.layoutMargins.left == 24 && root.layoutMargins.right == 16)
        root.layoutIfNeeded()
        #expect(child.frame.minX == 24, "\(child.frame)")
        // Changing the margins changes the installed constants.
        root.directionalLayoutMargins.leading = 40
        root.layoutIfNeeded()
        #expect(child.frame.maxX == 280)
    }

    @Test func huggingAndCompressionDefaults() {
        let v = View()
        #expect(v.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(v.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        #expect(v.translatesAutoresizingMaskIntoConstraints)
    }

    /// Two labels in a row that does not fit: the one with the lower compression resistance
    /// gives way; with room to spare, the one with the lower hugging grows.
    @Test func huggingAndCompressionDecideWhoGivesWay() {
        let root = container(width: 200)
        let title = SizedView("title", width: 150, height: 20)
        let time = SizedView("time", width: 80, height: 20)
        root.addSubview(title)
        root.addSubview(time)
        time.setContentCompressionResistancePriority(LayoutPriority(751), for: .horizontal)
        time.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            time.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 10),
            time.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            title.topAnchor.constraint(equalTo: root.topAnchor),
            time.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(time.frame.width == 80)
        #expect(title.frame.width == 110)
        #expect(title.frame.height == 20)
        root.frame.size.width = 400
        root.layoutIfNeeded()
        #expect(time.frame.width == 80)
        #expect(title.frame.width == 310)
    }

    @Test func changingAConstantOrAnIntrinsicSizeRelayouts() {
        let root = container()
        let icon = SizedView("icon", width: 40, height: 40)
        root.addSubview(icon)
        let left = icon.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)
        LayoutConstraint.activate([left, icon.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)])
        root.layoutIfNeeded()
        #expect(icon.frame == CGRect(x: 8, y: 8, width: 40, height: 40))
        left.constant = 30
        icon.size = CGSize(width: 60, height: 30)
        root.layoutIfNeeded()
        #expect(icon.frame == CGRect(x: 30, y: 8, width: 60, height: 30))
        left.priority = LayoutPriority(500)
        root.layoutIfNeeded()
        #expect(icon.frame.minX == 30)
    }

    @Test func baselinesAlign() {
        let big = SizedView("big", width: 100, height: 40)
        big.baselineFromTop = 32
        let small = SizedView("small", width: 60, height: 16)
        small.baselineFromTop = 12
        let root = baselinePair(big: big, small: small)
        #expect(small.frame.minY == 30)   // 10 + 32 - 12
        // A view without text has its baseline at the bottom.
        let plain = constrained("plain", in: root)
        LayoutConstraint.activate([
            plain.heightAnchor.constraint(equalToConstant: 10), plain.widthAnchor.constraint(equalToConstant: 10),
            plain.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            plain.lastBaselineAnchor.constraint(equalTo: big.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(plain.frame.maxY == 50)
    }

    @Test func imageViewIntrinsicSizeIsItsImage() {
        let root = container()
        let image = ImageView(identifier: "photo")
        image.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(image)
        LayoutConstraint.activate([
            image.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            image.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        #expect(image.intrinsicContentSize.width == CGSize.noIntrinsicMetric)
        image.image = Image(size: CGSize(width: 120, height: 90))
        root.layoutIfNeeded()
        #expect(image.frame.size == CGSize(width: 120, height: 90))
    }

    @Test func constraintsWaitForACommonAncestor() {
        let root = container()
        let child = View(identifier: "child")
        child.translatesAutoresizingMaskIntoConstraints = false
        let c = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 12)
        c.isActive = true
        LayoutConstraint.activate([
            child.topAnchor.constraint(equalTo: root.topAnchor), child.widthAnchor.constraint(equalToConstant: 5),
            child.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.addSubview(child)
        root.layoutIfNeeded()
        #expect(child.frame.minX == 12)
        // Removing the view deactivates the constraints that cross the cut.
        child.removeFromSuperview()
        #expect(!c.isActive)
    }

    @Test func autoresizingViewsKeepTheirFrames() {
        let root = container()
        let fixed = View(identifier: "fixed")
        fixed.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        root.addSubview(fixed)
        let follower = constrained("follower", in: root)
        LayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 5),
            follower.topAnchor.constraint(equalTo: fixed.bottomAnchor),
            follower.widthAnchor.constraint(equalTo: fixed.widthAnchor, multiplier: 2),
            follower.heightAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(follower.frame == CGRect(x: 45, y: 60, width: 60, height: 1))
        fixed.frame.origin.x = 100
        root.layoutIfNeeded()
        #expect(follower.frame.minX == 135)
    }
}

@Suite struct LifetimeTests {
    /// Views going away take their constraints with them; nothing refers to a freed view.
    @Test func viewsGoingAwayLeaveNoDanglingConstraints() {
        let root = container()
        do {
            // A pending constraint to a view that is never added, then freed.
            let loose = View(identifier: "loose")
            loose.translatesAutoresizingMaskIntoConstraints = false
            loose.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
        }
        do {
            // A child with active constraints, removed and freed.
            let child = constrained("child", in: root)
            LayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 4),
                                       child.topAnchor.constraint(equalTo: root.topAnchor),
                                       child.widthAnchor.constraint(equalToConstant: 10), child.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutIfNeeded()
            child.removeFromSuperview()
        }
        let kept = constrained("kept", in: root)
        LayoutConstraint.activate([kept.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 7),
                                   kept.topAnchor.constraint(equalTo: root.topAnchor),
                                   kept.widthAnchor.constraint(equalToConstant: 10), kept.heightAnchor.constraint(equalToConstant: 10)])
        root.directionalLayoutMargins.leading = 30
        root.layoutIfNeeded()
        #expect(kept.frame.minX == 7)
        #expect(root.layoutDiagnostics.isEmpty)
        // A whole hierarchy with constraints between its views is freed without trouble.
        var hierarchy: View? = container()
        let inner = constrained("inner", in: hierarchy!)
        LayoutConstraint.activate([inner.leadingAnchor.constraint(equalTo: hierarchy!.leadingAnchor)])
        hierarchy!.layoutIfNeeded()
        hierarchy = nil
        #expect(inner.superview == nil)
        // A constraint kept after its views are gone reads nil items and still describes itself.
        var kept2: LayoutConstraint?
        do {
            let a = View(identifier: "a"), b = View(identifier: "b")
            kept2 = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        }
        #expect(kept2?.firstItem == nil && kept2?.secondItem == nil)
        #expect(kept2?.description.contains("width") == true)
    }
}

@Suite struct ConstraintListTests {
    /// Seeded sequences of making, activating, deactivating and dropping constraints and views, some
    /// in a hierarchy and some not: after each step every view lists exactly the active constraints
    /// that mention it (each once), a constraint whose view went away is inactive, and the
    /// hierarchy still lays out.
    @Test(arguments: 1...12) func viewsListTheirActiveConstraints(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let root = container()
        var views: [View] = [root]
        var made = 0
        func newView() -> View {
            made += 1
            let v = View(identifier: "v\(made)")
            v.translatesAutoresizingMaskIntoConstraints = false
            if Bool.random(using: &rng) { root.addSubview(v) }
            return v
        }
        for _ in 0..<5 { views.append(newView()) }
        var constraints: [LayoutConstraint] = []
        var problems: [String] = []
        for _ in 0..<300 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                let a = views.randomElement(using: &rng)!, b = views.randomElement(using: &rng)!
                let c = Bool.random(using: &rng)
                    ? a.widthAnchor.constraint(equalTo: b.widthAnchor, constant: Double(Int.random(in: 0...20, using: &rng)))
                    : a.topAnchor.constraint(equalTo: b.topAnchor, constant: Double(Int.random(in: 0...20, using: &rng)))
                c.priority = LayoutPriority(Double(Int.random(in: 100...900, using: &rng)))
                c.isActive = Bool.random(using: &rng)
                constraints.append(c)
            case 4, 5:
                if let c = constraints.randomElement(using: &rng) { c.isActive.toggle() }
            case 6:
                if !constraints.isEmpty { constraints.remove(at: Int.random(in: 0..<constraints.count, using: &rng)) }
            case 7:
                // A view is dropped: one in the hierarchy lives on in it unless removed too.
                if views.count > 2 {
                    let v = views.remove(at: Int.random(in: 1..<views.count, using: &rng))
                    if Bool.random(using: &rng) { v.removeFromSuperview() }
                }
            case 8:
                views.append(newView())
            default:
                root.layoutIfNeeded()
            }
            for c in constraints where (c.firstItem == nil || c.secondItem == nil) && c.isActive {
                problems.append("\(c) is still active after a view of it went away")
            }
            for v in views + root.subviews {
                let listed = v.constraintsAffectingLayout(for: .horizontal) + v.constraintsAffectingLayout(for: .vertical)
                if Set(listed.map(ObjectIdentifier.init)).count != listed.count { problems.append("a constraint listed twice on \(v.identifier)") }
                if !listed.allSatisfy({ $0.isActive && ($0.firstItem === v || $0.secondItem === v) }) {
                    problems.append("\(v.identifier) lists a constraint that is inactive or not its own")
                }
                for c in constraints where c.isActive && (c.firstItem === v || c.secondItem === v) && !listed.contains(where: { $0 === c }) {
                    problems.append("\(c) is active but not listed on \(v.identifier)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        root.layoutIfNeeded()
        #expect(root.frame.width == 320)
    }
}
