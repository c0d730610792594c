import AutoLayout
import Foundation
import Testing

/// AutoLayout's name-level parse, which the spec reader uses and the view-level APIs are built on.
@Suite struct FormatConstraintTests {
    typealias F = FormatConstraint

    /// `a` and `b` inside `box`; `box` at the top.
    func hasSuperview(_ name: String) -> Bool? {
        switch name {
        case "a", "b": true
        case "box": false
        default: nil
        }
    }

    @Test func visualFormatNamesItsItems() throws {
        let list = try F.constraints(withVisualFormat: "H:|-[a(>=w@750)]-(4)-[b]-|", options: [.alignAllCenterY],
                                     metrics: ["w": 30], hasSuperview: hasSuperview)
        #expect(list == [
            F(.view("a"), .width, .greaterThanOrEqual, nil, .notAnAttribute, constant: 30, priority: LayoutPriority(750)),
            F(.view("a"), .leading, .equal, .superview(of: "a"), .leadingMargin),
            F(.view("b"), .leading, .equal, .view("a"), .trailing, constant: 4),
            F(.superview(of: "b"), .trailingMargin, .equal, .view("b"), .trailing),
            F(.view("b"), .centerY, .equal, .view("a"), .centerY),
        ])
    }

    @Test func theViewLevelParseResolvesTheNames() throws {
        let box = View(identifier: "box"), a = View(identifier: "a"), b = View(identifier: "b")
        box.addSubview(a)
        box.addSubview(b)
        let views = ["a": a, "b": b, "box": box]
        let format = "H:|-[a(>=w@750)]-(4)-[b]-|"
        let built = try LayoutConstraint.constraints(withVisualFormat: format, metrics: ["w": 30], views: views)
        let named = try F.constraints(withVisualFormat: format, metrics: ["w": 30], hasSuperview: hasSuperview)
        #expect(built.count == named.count)
        func name(_ item: F.Item) -> String {
            switch item {
            case let .view(n): n
            case .superview: "box"
            }
        }
        for (c, d) in zip(built, named) {
            #expect(c.firstItem?.identifier == name(d.firstItem) && c.secondItem?.identifier == d.secondItem.map(name))
            #expect(c.firstAttribute == d.firstAttribute && c.secondAttribute == d.secondAttribute && c.relation == d.relation)
            #expect(c.constant == d.constant && c.multiplier == d.multiplier && c.priority == d.priority)
        }
    }

    @Test(arguments: [
        ("H:|-[ghost]", "Unknown view 'ghost'", 6),
        ("H:|-[box]", "'|' needs the views to have a superview", 10),
        ("H:[box]-|", "'|' needs the views to have a superview", 10),
        ("H:[a(==gap)]", "Unknown metric or view 'gap'", 8),
    ])
    func errorsAreTheViewLevelOnes(_ format: String, _ message: String, _ column: Int) {
        #expect(throws: FormatError(message, in: format, column: column)) {
            try F.constraints(withVisualFormat: format, hasSuperview: hasSuperview)
        }
        let box = View(identifier: "box"), a = View(identifier: "a")
        box.addSubview(a)
        #expect(throws: FormatError(message, in: format, column: column)) {
            try LayoutConstraint.constraints(withVisualFormat: format, views: ["a": a, "box": box])
        }
    }

    @Test func equationsNameTheirItems() throws {
        let e = try ConstraintEquation("a.width <= 0.5 * superview.width - 8 @high")
        #expect(e.formatConstraint == F(.view("a"), .width, .lessThanOrEqual, .superview(of: "a"), .width, multiplier: 0.5,
                                        constant: -8, priority: .defaultHigh))
        #expect(e.firstItemColumn == 1 && e.secondItemColumn == 18)
    }
}
