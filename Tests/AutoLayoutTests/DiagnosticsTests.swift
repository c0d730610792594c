import AutoLayout
import Foundation
import Testing

@Suite struct DiagnosticsTests {
    @Test func unsatisfiableConstraintsListTheConflictReadably() {
        let root = container()
        let title = constrained("title", in: root)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            title.widthAnchor.constraint(equalToConstant: 100),
            title.topAnchor.constraint(equalTo: root.topAnchor), title.heightAnchor.constraint(equalToConstant: 10),
        ])
        let bad = title.trailingAnchor.constraint(equalTo: root.trailingAnchor)
        bad.isActive = true
        root.layoutIfNeeded()
        guard case let .unsatisfiable(broken, found)? = root.layoutDiagnostics.last else {
            Issue.record("no diagnostic")
            return
        }
        let conflicts = found.map(\.description)
        #expect(broken === bad)
        #expect(conflicts.contains("title.leading == contentView.leading + 20"))
        #expect(conflicts.contains("title.width == 100"))
        #expect(conflicts.contains("contentView.width == 320 (root frame)"))
        let text = root.layoutDiagnostics.last!.description
        #expect(text.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(text.contains("Will attempt to recover by breaking constraint\n    title.trailing == contentView.trailing"))
        // Layout went on with the rest.
        #expect(title.frame == CGRect(x: 20, y: 0, width: 100, height: 10))
    }

    @Test func ambiguityNamesTheFreeAttributes() {
        let root = container()
        let a = constrained("a", in: root)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.widthAnchor.constraint(equalToConstant: 50),
            a.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor),
        ])
        #expect(a.ambiguousAttributes() == [.top, .height])
        #expect(a.hasAmbiguousLayout)
        LayoutConstraint.activate([a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 5)])
        #expect(!a.hasAmbiguousLayout)
        // Intrinsic sizes determine sizes (at their priorities).
        let label = SizedView("label", width: 30, height: 20)
        root.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: root.topAnchor)])
        #expect(label.ambiguousAttributes().isEmpty)
    }

    @Test func selfSizingCheckNamesTheMissingEdge() {
        let content = View(identifier: "contentView")
        let label = SizedView("label", width: 100, height: 40)
        content.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            label.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
        ])
        let problem = content.selfSizingProblem(width: 320)?.description
        #expect(problem?.contains("the bottom edge is missing") == true, "\(problem ?? "nil")")
        content.bottomAnchor.constraint(equalTo: label.bottomAnchor, constant: 8).isActive = true
        #expect(content.selfSizingProblem(width: 320) == nil)
    }
}
