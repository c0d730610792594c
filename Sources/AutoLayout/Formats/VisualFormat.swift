import Foundation

/// Options of the Visual Format Language, as NSLayoutConstraint.FormatOptions: align every view
/// of the string on an attribute, and the direction of horizontal strings.
public struct FormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alignAllLeft = FormatOptions(rawValue: 1 << 0)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 1)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 2)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 3)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 4)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 5)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 7)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 8)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 9)
    /// Horizontal strings run left to right instead of leading to trailing.
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)

    static let alignments: [(FormatOptions, LayoutAttribute, String)] = [
        (.alignAllLeft, .left, "alignAllLeft"), (.alignAllRight, .right, "alignAllRight"),
        (.alignAllTop, .top, "alignAllTop"), (.alignAllBottom, .bottom, "alignAllBottom"),
        (.alignAllLeading, .leading, "alignAllLeading"), (.alignAllTrailing, .trailing, "alignAllTrailing"),
        (.alignAllCenterX, .centerX, "alignAllCenterX"), (.alignAllCenterY, .centerY, "alignAllCenterY"),
        (.alignAllFirstBaseline, .firstBaseline, "alignAllFirstBaseline"),
        (.alignAllLastBaseline, .lastBaseline, "alignAllLastBaseline"),
    ]

    /// The option named as in Swift (`alignAllCenterY`), for spec files.
    public init?(name: String) {
        if name == "directionLeftToRight" {
            self = .directionLeftToRight
            return
        }
        guard let a = FormatOptions.alignments.first(where: { $0.2 == name }) else { return nil }
        self = a.0
    }
}

extension LayoutConstraint {
    /// The constraints a Visual Format Language string describes, with Apple's grammar:
    /// `H:|-20-[avatar(40)]-[title(>=100@750)]-(>=8)-[time]-20-|`, `V:[title]-4-[body]`.
    ///
    /// `|` is the superview (of the views in the string), `-` the standard spacing (8 points),
    /// predicates set a relation, a constant, metric or view name, and a priority.
    /// The constraints are returned inactive.
    /// - Throws: ``FormatError`` with the column of a syntax error, an unknown view or metric.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: CGFloat] = [:], views: [String: View]) throws(FormatError) -> [LayoutConstraint] {
        let described = try FormatConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics) { name in
            views[name].map { $0.superview != nil }
        }
        // The parse checked every name and every superview that `|` needs.
        func view(_ item: FormatConstraint.Item) -> View {
            switch item {
            case let .view(name): views[name]!
            case let .superview(of: name): views[name]!.superview!
            }
        }
        return described.map { d in
            let c = LayoutConstraint(unchecked: view(d.firstItem), d.firstAttribute, d.relation, d.secondItem.map(view),
                                     d.secondAttribute, multiplier: d.multiplier, constant: d.constant)
            c.priority = d.priority
            return c
        }
    }
}

extension FormatConstraint {
    /// The constraints a Visual Format Language string describes, naming their items: the parse
    /// of ``LayoutConstraint/constraints(withVisualFormat:options:metrics:views:)`` before any
    /// view is looked up. Metrics are resolved, `-` is the standard spacing (8 points between
    /// views, the margin attribute at `|`), and `|` is ``FormatItem/superview(of:)`` the view next to it.
    /// - Parameters:
    ///   - format: the string, as ``LayoutConstraint/constraints(withVisualFormat:options:metrics:views:)`` reads it.
    ///   - options: the align-all options and the direction of horizontal strings.
    ///   - metrics: values for names used where numbers go.
    ///   - hasSuperview: for a name, nil when it names no view, else whether its view has a
    ///     superview (which `|` needs). Called as the string is read, so errors come in order.
    /// - Throws: ``FormatError`` with the column of a syntax error, an unknown view or metric.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: CGFloat] = [:],
                                   hasSuperview: (String) -> Bool?) throws(FormatError) -> [FormatConstraint] {
        var out: [FormatConstraint] = []
        try append(withVisualFormat: format, options: options, metrics: metrics, hasSuperview: hasSuperview, to: &out)
        return out
    }

    /// Appends the constraints a Visual Format Language string describes to `out`, as
    /// ``constraints(withVisualFormat:options:metrics:hasSuperview:)`` returns them: for a reader
    /// of many strings that reuses one buffer. On an error, `out` may have some of the string's
    /// constraints appended.
    public static func append(withVisualFormat format: String, options: FormatOptions = [],
                              metrics: [String: CGFloat] = [:], hasSuperview: (String) -> Bool?,
                              to out: inout [FormatConstraint]) throws(FormatError) {
        // The parser keeps the lookup for the parse only; it appends to the caller's buffer,
        // lent to it and given back.
        let result = withoutActuallyEscaping(hasSuperview) { lookUp -> Result<Void, FormatError> in
            var p = VisualFormatParser(format: format, options: options, metrics: metrics, hasSuperview: lookUp)
            swap(&p.out, &out)
            defer { swap(&p.out, &out) }
            do throws(FormatError) { try p.parse() } catch { return .failure(error) }
            return .success(())
        }
        try result.get()
    }
}

/// A recursive-descent parser of the Visual Format Language that describes constraints as it reads.
struct VisualFormatParser {
    typealias Item = FormatConstraint.Item
    var s: FormatScanner
    let options: FormatOptions
    let metrics: [String: CGFloat]
    /// nil for a name that is no view's, else whether the view has a superview.
    let hasSuperview: (String) -> Bool?
    var vertical = false
    var out: [FormatConstraint] = []

    init(format: String, options: FormatOptions, metrics: [String: CGFloat], hasSuperview: @escaping (String) -> Bool?) {
        s = FormatScanner(format)
        self.options = options
        self.metrics = metrics
        self.hasSuperview = hasSuperview
    }

    /// One predicate: `(relation)? object (@priority)?`.
    struct Predicate {
        var relation: LayoutRelation
        var constant: CGFloat?
        var view: String?
        var priority: LayoutPriority
    }

    var leadingAttribute: LayoutAttribute { vertical ? .top : (options.contains(.directionLeftToRight) ? .left : .leading) }
    var trailingAttribute: LayoutAttribute { vertical ? .bottom : (options.contains(.directionLeftToRight) ? .right : .trailing) }
    var sizeAttribute: LayoutAttribute { vertical ? .height : .width }

    /// Reads the string, appending its constraints to ``out``.
    mutating func parse() throws(FormatError) {
        if s.take("V:") { vertical = true } else { _ = s.take("H:") }
        var previous: String?
        var previousInSuperview = false
        var pendingConnection: [Predicate]?   // a connection read after the previous element
        var viewsInOrder: [String] = []
        var startsAtSuperview = false

        if s.take("|") {
            startsAtSuperview = true
            pendingConnection = try connection()
        }
        while true {
            guard s.peek == "[" else {
                if viewsInOrder.isEmpty { throw s.error("Expected a view: '[name]'") }
                break
            }
            let (view, inSuperview) = try viewElement()
            viewsInOrder.append(view)
            if let prev = previous {
                try connect(.view(prev), trailingAttribute, to: view, pendingConnection ?? [])
            } else if startsAtSuperview {
                guard inSuperview else { throw s.error("'|' needs the views to have a superview") }
                try connect(.superview(of: view), leadingAttribute, to: view, pendingConnection ?? [], fromSuperview: true)
            }
            previous = view
            previousInSuperview = inSuperview
            pendingConnection = try connection()
            if s.peek == "|" { break }
            if s.isAtEnd {
                if pendingConnection != nil { throw s.error("Expected a view or '|' after the connection") }
                break
            }
            if s.peek != "[" { throw s.error("Expected '[', '-' or '|'") }
        }
        if s.take("|") {
            guard let last = previous, previousInSuperview else { throw s.error("'|' needs the views to have a superview") }
            connectToTrailingSuperview(last, pendingConnection ?? [])
        } else if pendingConnection != nil && !(pendingConnection!.isEmpty) {
            throw s.error("Expected a view or '|' after the connection")
        }
        guard s.isAtEnd else { throw s.error("Unexpected '\(s.peek!)'") }
        try align(viewsInOrder)
    }

    /// A connection after an element: nil when the next thing is not a connection (flush views,
    /// written `][`), the standard spacing for `-` (nil constant: 8 points between views, the
    /// layout margin at the superview), else its predicates.
    mutating func connection() throws(FormatError) -> [Predicate]? {
        guard s.take("-") else { return nil }
        if s.peek == "[" || s.peek == "|" {
            return [Predicate(relation: .equal, constant: nil, view: nil, priority: .required)]
        }
        let predicates: [Predicate]
        if s.peek == "(" {
            predicates = try predicateListWithParens(allowViews: false)
        } else {
            let column = s.column
            guard let value = try simpleValue() else { throw s.error("Expected a number, a metric name or '('", at: column) }
            predicates = [Predicate(relation: .equal, constant: value, view: nil, priority: .required)]
        }
        guard s.take("-") else { throw s.error("Expected '-' after the spacing") }
        return predicates
    }

    /// `[name(predicates)?]`: the view's name, and whether it has a superview.
    mutating func viewElement() throws(FormatError) -> (String, Bool) {
        try s.expect("[")
        let column = s.column
        guard let name = s.identifier() else { throw s.error("Expected a view name") }
        guard let inSuperview = hasSuperview(name) else { throw s.error("Unknown view '\(name)'", at: column) }
        if s.peek == "(" {
            for p in try predicateListWithParens(allowViews: true) {
                if let other = p.view {
                    out.append(FormatConstraint(.view(name), sizeAttribute, p.relation, .view(other), sizeAttribute,
                                                priority: p.priority))
                } else {
                    out.append(FormatConstraint(.view(name), sizeAttribute, p.relation, nil, .notAnAttribute,
                                                constant: p.constant ?? 0, priority: p.priority))
                }
            }
        }
        try s.expect("]", "']' to close the view")
        return (name, inSuperview)
    }

    mutating func predicateListWithParens(allowViews: Bool) throws(FormatError) -> [Predicate] {
        try s.expect("(")
        var list: [Predicate] = []
        repeat {
            list.append(try predicate(allowViews: allowViews))
        } while s.take(",")
        try s.expect(")", "')' or ','")
        return list
    }

    mutating func predicate(allowViews: Bool) throws(FormatError) -> Predicate {
        let relation = s.relation() ?? .equal
        var p = Predicate(relation: relation, constant: nil, view: nil, priority: .required)
        let column = s.column
        if let n = try signedNumber() {
            p.constant = CGFloat(n)
        } else if let name = s.identifier() {
            if let m = metrics[name] {
                p.constant = m
            } else if allowViews, hasSuperview(name) != nil {
                p.view = name
            } else {
                throw s.error(allowViews ? "Unknown metric or view '\(name)'" : "Unknown metric '\(name)'", at: column)
            }
        } else {
            throw s.error("Expected a number, a metric name\(allowViews ? " or a view name" : "")")
        }
        if s.take("@") {
            let column = s.column
            var value: Double?
            if let n = s.number() { value = n } else if let name = s.identifier() {
                guard let m = metrics[name] else { throw s.error("Unknown metric '\(name)'", at: column) }
                value = Double(m)
            }
            guard let v = value else { throw s.error("Expected a priority") }
            let priority = LayoutPriority(v)
            guard priority.isValid else { throw s.error("A priority is a number from 1 to 1000", at: column) }
            p.priority = priority
        }
        return p
    }

    mutating func signedNumber() throws(FormatError) -> Double? {
        let start = s.index
        let negative = s.take("-")
        if let n = try finiteNumber() { return negative ? -n : n }
        s.index = start
        return nil
    }

    /// A number, which must be finite: 400 digits read as infinity, which no constraint can hold
    /// (the equation parser refuses the same number).
    mutating func finiteNumber() throws(FormatError) -> Double? {
        let column = s.column
        guard let n = s.number() else { return nil }
        guard n.isFinite else { throw s.error("The number is too large (it must be finite)", at: column) }
        return n
    }

    mutating func simpleValue() throws(FormatError) -> CGFloat? {
        if let n = try finiteNumber() { return CGFloat(n) }
        let column = s.column
        guard let name = s.identifier() else { return nil }
        guard let m = metrics[name] else { throw s.error("Unknown metric '\(name)'", at: column) }
        return m
    }

    /// `view.leading (rel) previous.trailingAttribute + constant` for each predicate, or flush.
    mutating func connect(_ from: Item, _ fromAttribute: LayoutAttribute, to view: String, _ predicates: [Predicate],
                          fromSuperview: Bool = false) throws(FormatError) {
        let list = predicates.isEmpty ? [Predicate(relation: .equal, constant: 0, view: nil, priority: .required)] : predicates
        for p in list {
            guard p.view == nil else { throw s.error("A spacing cannot be a view") }
            let standard = p.constant == nil
            let target: LayoutAttribute = fromSuperview ? (standard ? margin(leadingAttribute) : leadingAttribute) : fromAttribute
            let constant = p.constant ?? (fromSuperview ? 0 : View.standardSpacing)
            out.append(FormatConstraint(.view(view), leadingAttribute, p.relation, from, target, constant: constant,
                                        priority: p.priority))
        }
    }

    /// `superview.trailing (rel) last.trailing + constant`.
    mutating func connectToTrailingSuperview(_ last: String, _ predicates: [Predicate]) {
        let list = predicates.isEmpty ? [Predicate(relation: .equal, constant: 0, view: nil, priority: .required)] : predicates
        for p in list {
            let standard = p.constant == nil
            out.append(FormatConstraint(.superview(of: last), standard ? margin(trailingAttribute) : trailingAttribute, p.relation,
                                        .view(last), trailingAttribute, constant: p.constant ?? 0, priority: p.priority))
        }
    }

    /// The margin attribute of an edge: where the standard spacing to a superview goes.
    func margin(_ attribute: LayoutAttribute) -> LayoutAttribute {
        switch attribute {
        case .leading: .leadingMargin
        case .trailing: .trailingMargin
        case .left: .leftMargin
        case .right: .rightMargin
        case .top: .topMargin
        case .bottom: .bottomMargin
        default: attribute
        }
    }

    /// The align-all options: every view aligned with the first on the chosen attributes, which
    /// must lie across the string's axis.
    mutating func align(_ list: [String]) throws(FormatError) {
        for (option, attribute, name) in FormatOptions.alignments where options.contains(option) {
            let across = attribute.axis == (vertical ? .horizontal : .vertical)
            guard across else { throw FormatError("\(name) cannot align a \(vertical ? "vertical" : "horizontal") string",
                                                  in: s.source, column: 1) }
            for v in list.dropFirst() {
                out.append(FormatConstraint(.view(v), attribute, .equal, .view(list[0]), attribute))
            }
        }
    }
}
