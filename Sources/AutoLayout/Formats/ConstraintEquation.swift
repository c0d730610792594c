import Foundation

/// A constraint written as an equation, parsed but not yet tied to views:
/// `title.leading == contentView.leading + 20 @750`, `avatar.width == 40`,
/// `body.width <= 0.5 * superview.width - 8 @high`.
///
/// Grammar: `item.attribute (== | <= | >=) [number * | -] item.attribute [(+|-) number] [@ priority]`
/// or `item.attribute (== | <= | >=) number [@ priority]`, where an item is a view id, `contentView`
/// or `superview` (the first item's superview), a number may be a metric name, and a priority is a
/// number or `required`, `high`, `low`, `fittingSize`.
public struct ConstraintEquation: Hashable, Sendable {
    public var firstItem: String
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var secondItem: String?
    public var secondAttribute: LayoutAttribute
    public var multiplier: CGFloat
    public var constant: CGFloat
    public var priority: LayoutPriority
    /// The equation's text, and the 1-based columns of its items, for errors about them.
    public var text: String
    public internal(set) var firstItemColumn = 1
    public internal(set) var secondItemColumn = 1

    /// Parses an equation.
    /// - Parameters:
    ///   - text: `item.attribute (== | <= | >=) [number * | -] item.attribute [(+|-) number] [@ priority]`;
    ///     `-item.attribute` is the attribute times -1.
    ///   - metrics: values for names used where numbers go.
    /// - Throws: ``FormatError`` with the column of the problem.
    public init(_ text: String, metrics: [String: CGFloat] = [:]) throws(FormatError) {
        self.text = text
        var s = FormatScanner(text)
        s.skipSpaces()
        firstItemColumn = s.column
        let (item1, attribute1) = try ConstraintEquation.itemAttribute(&s)
        s.skipSpaces()
        guard let relation = s.relation() else { throw s.error("Expected '==', '<=' or '>='") }
        s.skipSpaces()
        firstItem = item1
        firstAttribute = attribute1
        self.relation = relation
        multiplier = 1
        constant = 0
        priority = .required
        secondItem = nil
        secondAttribute = .notAnAttribute

        // The right side: a constant, or [number *] item.attribute [(+|-) number].
        let start = s.index
        if let value = try ConstraintEquation.signedValue(&s, metrics: metrics, allowItem: true) {
            s.skipSpaces()
            if s.take("*") {
                multiplier = CGFloat(value)
                s.skipSpaces()
                secondItemColumn = s.column
                let (item2, attribute2) = try ConstraintEquation.itemAttribute(&s)
                secondItem = item2
                secondAttribute = attribute2
            } else {
                constant = CGFloat(value)
            }
        } else {
            // `item.attribute`, or `-item.attribute`: the attribute negated, a multiplier of -1
            // (Auto Layout takes any non-zero multiplier).
            s.index = start
            if s.take("-") {
                multiplier = -1
                s.skipSpaces()
            }
            secondItemColumn = s.column
            let (item2, attribute2) = try ConstraintEquation.itemAttribute(&s)
            secondItem = item2
            secondAttribute = attribute2
        }
        s.skipSpaces()
        if secondItem != nil {
            var sign: Double = 0
            if s.take("+") { sign = 1 } else if s.take("-") { sign = -1 }
            if sign != 0 {
                s.skipSpaces()
                guard let value = try ConstraintEquation.value(&s, metrics: metrics) else {
                    throw s.error("Expected a number or a metric name")
                }
                constant = CGFloat(sign * value)
                s.skipSpaces()
            }
        }
        if s.take("@") {
            s.skipSpaces()
            priority = try ConstraintEquation.priority(&s, metrics: metrics)
            s.skipSpaces()
        }
        guard s.isAtEnd else { throw s.error(secondItem == nil ? "Expected '@' or the end" : "Expected '+', '-', '@' or the end") }
    }

    /// The equation with its items as a format names them, `superview` (when no view is named
    /// so) being the first item's superview: what ``constraint(views:)`` resolves.
    public var formatConstraint: FormatConstraint {
        FormatConstraint(.view(firstItem), firstAttribute, relation,
                         secondItem.map { $0 == "superview" ? .superview(of: firstItem) : .view($0) },
                         secondAttribute, multiplier: multiplier, constant: constant, priority: priority)
    }

    /// The constraint between the named views. `superview` is the first item's superview.
    /// - Throws: ``FormatError`` for an unknown view or attributes that cannot be related.
    public func constraint(views: [String: View]) throws(FormatError) -> LayoutConstraint {
        guard let first = views[firstItem] else {
            throw FormatError("Unknown view '\(firstItem)'", in: text, column: firstItemColumn)
        }
        var second: View?
        if let name = secondItem {
            if name == "superview" && views[name] == nil {
                guard let s = first.superview else {
                    throw FormatError("'\(firstItem)' has no superview", in: text, column: secondItemColumn)
                }
                second = s
            } else {
                guard let v = views[name] else { throw FormatError("Unknown view '\(name)'", in: text, column: secondItemColumn) }
                second = v
            }
        }
        do {
            let c = try LayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                         attribute: secondAttribute, multiplier: multiplier, constant: constant)
            c.priority = priority
            return c
        } catch {
            throw FormatError(error.description, in: text, column: firstItemColumn)
        }
    }

    static func itemAttribute(_ s: inout FormatScanner) throws(FormatError) -> (String, LayoutAttribute) {
        guard let item = s.identifier() else { throw s.error("Expected a view name") }
        guard s.take(".") else { throw s.error("Expected '.' and an attribute after '\(item)'") }
        let column = s.column
        guard let name = s.identifier() else { throw s.error("Expected an attribute") }
        guard let attribute = LayoutAttribute(name: name) else {
            throw s.error("Unknown attribute '\(name)'", at: column)
        }
        return (item, attribute)
    }

    /// A number or metric, with an optional minus sign. Returns nil (consuming nothing) when an
    /// item reference (`b.width`, `-b.width`) comes next and `allowItem` is set.
    static func signedValue(_ s: inout FormatScanner, metrics: [String: CGFloat], allowItem: Bool) throws(FormatError) -> Double? {
        let start = s.index
        let negative = s.take("-")
        s.skipSpaces()
        if let n = s.number() { return negative ? -n : n }
        let column = s.column
        if let name = s.identifier() {
            if s.peek == "." && allowItem {
                s.index = start
                return nil
            }
            guard let m = metrics[name] else { throw s.error("Unknown metric '\(name)'", at: column) }
            return negative ? -Double(m) : Double(m)
        }
        if negative { throw s.error("Expected a number after '-'") }
        s.index = start
        return nil
    }

    static func value(_ s: inout FormatScanner, metrics: [String: CGFloat]) throws(FormatError) -> Double? {
        if let n = s.number() { return n }
        let column = s.column
        guard let name = s.identifier() else { return nil }
        guard let m = metrics[name] else { throw s.error("Unknown metric '\(name)'", at: column) }
        return Double(m)
    }

    static func priority(_ s: inout FormatScanner, metrics: [String: CGFloat]) throws(FormatError) -> LayoutPriority {
        let column = s.column
        if let n = s.number() {
            let p = LayoutPriority(n)
            guard p.isValid else { throw s.error("A priority is a number from 1 to 1000", at: column) }
            return p
        }
        guard let name = s.identifier() else { throw s.error("Expected a priority") }
        switch name {
        case "required": return .required
        case "high", "defaultHigh": return .defaultHigh
        case "low", "defaultLow": return .defaultLow
        case "fittingSize", "fittingSizeLevel": return .fittingSizeLevel
        default:
            guard let m = metrics[name] else { throw s.error("Unknown priority '\(name)'", at: column) }
            let p = LayoutPriority(Double(m))
            guard p.isValid else { throw s.error("A priority is a number from 1 to 1000", at: column) }
            return p
        }
    }
}

extension LayoutAttribute {
    /// The attribute named as in NSLayoutConstraint.Attribute (`baseline` is `lastBaseline`).
    public init?(name: String) {
        guard let a = LayoutAttribute.byName[name] else { return nil }
        self = a
    }

    private static let byName: [String: LayoutAttribute] = {
        var names = ["baseline": LayoutAttribute.lastBaseline]
        for a in allCases where a != .notAnAttribute { names[a.description] = a }
        return names
    }()
}
