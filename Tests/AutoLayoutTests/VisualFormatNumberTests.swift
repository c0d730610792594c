import AutoLayout
import Foundation
import Testing

/// Issue 17: a VFL number that overflows a Double (400 digits) is a located error, as the equation
/// parser's is, not an infinite constant handed to the solver.
@Suite struct VisualFormatNumberTests {
    static let huge = "1" + String(repeating: "0", count: 400)

    @Test(arguments: [
        ("H:[a(\(huge))]", 6),
        ("H:[a(>=\(huge))]", 8),
        ("H:|-\(huge)-[a]", 5),
        ("H:[a]-(-\(huge))-[b]", 9),
        ("V:[a(==\(huge)@750)]", 8),
    ])
    func anOverflowingNumberIsALocatedError(_ format: String, column: Int) {
        let root = View(identifier: "root")
        var views: [String: View] = [:]
        for name in ["a", "b"] {
            let v = View(identifier: name)
            root.addSubview(v)
            views[name] = v
        }
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, views: views)
            Issue.record("parsed \(format)")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.message == "The number is too large (it must be finite)", "\(error)")
        }
    }

    @Test func aLargeFiniteNumberIsStillRead() throws {
        let root = View(identifier: "root"), a = View(identifier: "a")
        root.addSubview(a)
        let constraints = try LayoutConstraint.constraints(withVisualFormat: "H:[a(100000)]", views: ["a": a])
        #expect(constraints.map(\.constant) == [100_000])
    }
}
