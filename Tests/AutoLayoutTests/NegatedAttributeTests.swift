import AutoLayout
import Foundation
import Testing

/// Issue 17: `a.width == -b.width` is the attribute times -1 (Auto Layout takes any non-zero
/// multiplier), not "Unknown metric 'b'".
@Suite struct NegatedAttributeTests {
    @Test func aNegatedAttributeIsAMultiplierOfMinusOne() throws {
        let e = try ConstraintEquation("a.left == -b.left + 100")
        #expect(e.secondItem == "b" && e.secondAttribute == .left)
        #expect(e.multiplier == -1 && e.constant == 100)
        let spaced = try ConstraintEquation("a.width >= - b.width @high")
        #expect(spaced.multiplier == -1 && spaced.secondItem == "b" && spaced.relation == .greaterThanOrEqual)
        #expect(spaced.secondItemColumn == 14)
        // A negated metric is still a constant, and a number times an attribute still a multiplier.
        #expect(try ConstraintEquation("a.width == -m", metrics: ["m": 5]).constant == -5)
        #expect(try ConstraintEquation("a.width == -2 * b.width").multiplier == -2)
    }

    @Test func aNegatedAttributeLaysOut() throws {
        let root = container()
        let a = constrained("a", in: root), b = constrained("b", in: root)
        let views = ["a": a, "b": b, "contentView": root]
        for text in ["b.left == contentView.left + 30", "a.left == -b.left + 100", "a.top == contentView.top", "b.top == contentView.top",
                     "a.width == 10", "b.width == 10", "a.height == 10", "b.height == 10"] {
            try ConstraintEquation(text).constraint(views: views).isActive = true
        }
        root.layoutIfNeeded()
        #expect(a.frame.minX == 70)
    }

    @Test func aMinusBeforeSomethingElseStillSaysWhatIsExpected() {
        #expect(throws: FormatError.self) { try ConstraintEquation("a.width == -") }
        #expect(throws: FormatError.self) { try ConstraintEquation("a.width == -b") }
    }
}
