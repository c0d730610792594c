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

    @Test func conflictsAreTypedValues() {
        let root = container()
        let title = constrained("title", in: root)
        let leading = title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        LayoutConstraint.activate([
            leading, title.widthAnchor.constraint(equalToConstant: 100),
            title.topAnchor.constraint(equalTo: root.topAnchor), title.heightAnchor.constraint(equalToConstant: 10),
        ])
        title.trailingAnchor.constraint(equalTo: root.trailingAnchor).isActive = true
        root.layoutIfNeeded()
        guard case let .unsatisfiable(_, conflicts)? = root.layoutDiagnostics.last else {
            Issue.record("no diagnostic")
            return
        }
        #expect(conflicts.contains { if case let .layout(c) = $0 { c === leading } else { false } })
        let frame = GeneratedConstraint(view: "contentView", kind: .rootFrame, attribute: .width, relation: .equal,
                                        constant: 320, priority: .required)
        #expect(conflicts.contains { if case let .generated(g) = $0 { g == frame } else { false } })
        #expect(frame.description == "contentView.width == 320 (root frame)")
    }

    @Test func theUnsatisfiableTextNamesWhereAConstraintWasWritten() {
        let root = container()
        let title = constrained("title", in: root)
        let leading = title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        leading.sourceLocation = SourceLocation(file: "cell.yaml", line: 12, column: 5)
        LayoutConstraint.activate([
            leading, title.widthAnchor.constraint(equalToConstant: 100),
            title.topAnchor.constraint(equalTo: root.topAnchor), title.heightAnchor.constraint(equalToConstant: 10),
        ])
        let bad = title.trailingAnchor.constraint(equalTo: root.trailingAnchor)
        bad.sourceLocation = SourceLocation(file: "cell.yaml", line: 14, column: 5)
        bad.isActive = true
        root.layoutIfNeeded()
        let text = root.layoutDiagnostics.last?.description ?? ""
        #expect(text.contains("\n    title.leading == contentView.leading + 20  (cell.yaml:12:5)\n"), "\(text)")
        #expect(text.hasSuffix("breaking constraint\n    title.trailing == contentView.trailing  (cell.yaml:14:5)"), "\(text)")
        // The constraint's own description stays the code's.
        #expect(leading.description == "title.leading == contentView.leading + 20")
    }

    @Test func aGeneratedConstraintThatFailsIsATypedValue() {
        let content = View(identifier: "contentView")
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 50)
        let wide = constrained("wide", in: content)
        LayoutConstraint.activate([
            wide.leadingAnchor.constraint(equalTo: content.leadingAnchor), wide.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            wide.widthAnchor.constraint(equalToConstant: 400),
        ])
        _ = content.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        guard case let .generatedConstraintFailed(g, reason)? = content.layoutDiagnostics.last else {
            Issue.record("no diagnostic: \(content.layoutDiagnostics)")
            return
        }
        #expect(g == GeneratedConstraint(view: "contentView", kind: .fitting, attribute: .width, relation: .equal,
                                         constant: 320, priority: .required))
        #expect(g.description == "contentView.width == 320 @1000 (fitting)")
        guard case .unsatisfiableConstraint = reason else {
            Issue.record("\(reason)")
            return
        }
        #expect(content.layoutDiagnostics.last?.description == "A generated constraint of contentView failed: \(reason)")
    }

    /// The problem is a value; its text is the one the CLI and the table view print.
    @Test func selfSizingProblemsAreTypedValues() {
        func content(_ edges: (View, View) -> [LayoutConstraint], _ child: View) -> View {
            let content = View(identifier: "contentView")
            content.addSubview(child)
            LayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16)]
                + edges(content, child))
            return content
        }
        let bottomless = content({ c, v in [v.topAnchor.constraint(equalTo: c.topAnchor, constant: 8)] },
                                 SizedView("label", width: 100, height: 40))
        let problem = bottomless.selfSizingProblem(width: 320)
        #expect(problem?.reason == .missingBottomEdge)
        #expect(problem?.view == bottomless.identifier)
        #expect(problem?.heightTowardZero == 0 && problem?.heightTowardLarge == 10_000)
        #expect(problem?.description == "the height of contentView does not come from its content (fitting toward 0 "
            + "gives 0, toward 10000 gives 10000): the bottom edge is missing; no constraint ties the content to "
            + "contentView.bottom")

        let topless = content({ c, v in [c.bottomAnchor.constraint(equalTo: v.bottomAnchor, constant: 8)] },
                              SizedView("label", width: 100, height: 40))
        #expect(topless.selfSizingProblem(width: 320)?.reason == .missingTopEdge)
        #expect(topless.selfSizingProblem(width: 320)?.description.hasSuffix(
            "the top edge is missing; no constraint ties the content to contentView.top") == true)

        let gap = content({ c, v in [v.topAnchor.constraint(equalTo: c.topAnchor, constant: 8),
                                     c.bottomAnchor.constraint(equalTo: v.bottomAnchor, constant: 8)] },
                          SizedView("spacer"))
        let gapProblem = gap.selfSizingProblem(width: 320)
        #expect(gapProblem?.reason == .gap)
        #expect(gapProblem?.heightTowardZero == 0)
        #expect(gapProblem?.description == "the height of contentView does not come from its content (fitting toward 0 "
            + "gives 0, toward 10000 gives 10000): the vertical chain from top to bottom has a gap (a view with neither "
            + "a height nor an intrinsic height, or an inequality that lets it stretch)")
    }
}
