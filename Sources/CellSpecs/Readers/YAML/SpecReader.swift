import AutoLayout
import Foundation
import Yams

/// A spec mapping's keys in the order written, with the mapping they came from: spec mappings
/// have a few keys each, which a look along the keys finds sooner than a hash table is made.
struct SpecMap: Sequence {
    let keys: [String]
    let mapping: Node.Mapping

    var count: Int { keys.count }
    var first: (key: String, value: Node)? { keys.isEmpty ? nil : (keys[0], entry(0).value) }

    subscript(key: String) -> Node? {
        keys.firstIndex(of: key).map { entry($0).value }
    }

    /// The `i`-th entry as written, key node included (to say where it stands).
    func entry(_ i: Int) -> (key: Node, value: Node) {
        mapping[mapping.index(mapping.startIndex, offsetBy: i)]
    }

    func makeIterator() -> some IteratorProtocol<(key: String, value: Node)> {
        zip(keys, mapping.lazy.map(\.value)).lazy.map { ($0, $1) }.makeIterator()
    }
}

/// Reads spec nodes, turning every mismatch into a ``SpecError`` at the node's line and column.
struct SpecReader {
    let file: String

    func location(_ node: Node) -> CellSpec.Location {
        guard let mark = node.mark else { return CellSpec.Location(line: 0, column: 0) }
        return CellSpec.Location(line: mark.line, column: mark.column)
    }

    func error(_ node: Node, _ message: String) -> SpecError {
        let l = location(node)
        return SpecError(file: file, line: l.line, column: l.column, message: message)
    }

    static func error(from error: YamlError, file: String) -> SpecError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return SpecError(file: file, line: mark.line, column: mark.column, message: "not valid YAML or JSON: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams places the first key that is repeated (the one of these it sorts first).
            let key = duplicates.sorted().first ?? ""
            return SpecError(file: file, line: context.mark.line, column: context.mark.column,
                             message: "the key '\(key)' appears more than once in this mapping (this is its first place)")
        case let .reader(problem, _, _, _):
            return SpecError(file: file, line: 0, column: 0, message: "not valid YAML or JSON: \(problem)")
        default:
            return SpecError(file: file, line: 0, column: 0, message: "not valid YAML or JSON: \(error)")
        }
    }

    func mapping(_ node: Node, _ what: String) throws(SpecError) -> SpecMap {
        guard let m = node.mapping else { throw error(node, "expected a mapping for \(what)") }
        var keys: [String] = []
        keys.reserveCapacity(m.count)
        // (Yams refuses a repeated key first; this holds for a mapping made otherwise. Long
        // mappings, metrics say, are checked with a set.)
        var seen: Set<String>? = m.count > 16 ? [] : nil
        for (k, _) in m {
            // A key's text as written (Yams' `string` goes through its constructor).
            guard case let .scalar(scalar) = k else { throw error(k, "expected a key name") }
            let key = scalar.string
            let repeated = seen.map { $0.contains(key) } ?? keys.contains(key)
            guard !repeated else { throw error(k, "'\(key)' appears twice") }
            keys.append(key)
            seen?.insert(key)
        }
        return SpecMap(keys: keys, mapping: m)
    }

    /// Refuses keys other than `allowed`, naming the first unknown one where it stands.
    func allowOnly(_ allowed: Set<String>, in map: SpecMap) throws(SpecError) {
        for (i, key) in map.keys.enumerated() where !allowed.contains(key) {
            throw error(map.entry(i).key, "unknown key '\(key)'; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// A list's items, read where they are (not copied into an array).
    func sequence(_ node: Node, _ what: String) throws(SpecError) -> Node.Sequence {
        guard let s = node.sequence else { throw error(node, "expected a list for \(what)") }
        return s
    }

    func string(_ node: Node, _ what: String) throws(SpecError) -> String {
        guard case let .scalar(s) = node else { throw error(node, "expected \(what)") }
        return s.string
    }

    func number(_ node: Node, _ what: String) throws(SpecError) -> CGFloat {
        guard case .scalar = node, let n = node.float ?? node.int.map(Double.init), n.isFinite else {
            throw error(node, "expected \(what)")
        }
        return CGFloat(n)
    }

    func integer(_ node: Node, _ what: String) throws(SpecError) -> Int {
        guard let n = node.int, n >= 0 else { throw error(node, "expected \(what)") }
        return n
    }

    func bool(_ node: Node, _ what: String) throws(SpecError) -> Bool {
        guard let b = node.bool else { throw error(node, "expected \(what)") }
        return b
    }

    func priority(_ node: Node) throws(SpecError) -> LayoutPriority {
        if let name = node.string {
            switch name {
            case "required": return .required
            case "high": return .defaultHigh
            case "low": return .defaultLow
            case "fittingSize": return .fittingSizeLevel
            default: break
            }
        }
        let n = try number(node, "a priority: a number from 1 to 1000, or required, high, low, fittingSize")
        let p = LayoutPriority(Double(n))
        guard p.isValid else { throw error(node, "expected a priority from 1 to 1000, got \(n)") }
        return p
    }

    /// `{horizontal: p, vertical: p}`.
    func axisPriorities(_ node: Node, _ what: String) throws(SpecError) -> (LayoutPriority?, LayoutPriority?) {
        let m = try mapping(node, what)
        try allowOnly(["horizontal", "vertical"], in: m)
        return (try m["horizontal"].map { n throws(SpecError) in try priority(n) },
                try m["vertical"].map { n throws(SpecError) in try priority(n) })
    }

    /// `[top, leading, bottom, trailing]`, one number for all, or `{top, leading, bottom, trailing}`.
    func margins(_ node: Node) throws(SpecError) -> DirectionalEdgeInsets {
        if case .scalar = node {
            let n = try number(node, "margins", in: SpecLimits.margin)
            return DirectionalEdgeInsets(top: n, leading: n, bottom: n, trailing: n)
        }
        if let s = node.sequence {
            guard s.count == 4 else { throw error(node, "expected 4 margins: [top, leading, bottom, trailing]") }
            let v = try s.map { n throws(SpecError) in try number(n, "a margin", in: SpecLimits.margin) }
            return DirectionalEdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
        }
        let m = try mapping(node, "margins")
        try allowOnly(["top", "leading", "bottom", "trailing"], in: m)
        func get(_ k: String) throws(SpecError) -> CGFloat { try m[k].map { n throws(SpecError) in try number(n, "a margin", in: SpecLimits.margin) } ?? 0 }
        return DirectionalEdgeInsets(top: try get("top"), leading: try get("leading"), bottom: try get("bottom"),
                                     trailing: try get("trailing"))
    }

    /// The template's recorded size: `[width, height]` or `{width, height}`, both numbers above 0
    /// (a nib's size; calculators divide by its width). Each error stands at the node at fault.
    func templateSize(_ node: Node) throws(SpecError) -> CGSize {
        let shape = "a size: [width, height] or {width, height}"
        let width: Node, height: Node
        if let s = node.sequence {
            guard s.count == 2 else { throw error(node, "expected \(shape), got a list of \(s.count)") }
            (width, height) = (s[s.startIndex], s[s.index(after: s.startIndex)])
        } else if node.mapping != nil {
            let m = try mapping(node, "size")
            try allowOnly(["width", "height"], in: m)
            guard let w = m["width"], let h = m["height"] else { throw error(node, "expected \(shape); both are needed") }
            (width, height) = (w, h)
        } else {
            throw error(node, "expected \(shape)")
        }
        func side(_ n: Node, _ name: String) throws(SpecError) -> CGFloat {
            let v = try number(n, "a number for the \(name) (finite)")
            guard v > 0 else { throw error(n, "expected a \(name) above 0, got \(v)") }
            guard v <= SpecLimits.length.upperBound else {
                throw error(n, "expected a \(name) above 0, at most \(SpecLimits.format(SpecLimits.length.upperBound)), got \(SpecLimits.format(v))")
            }
            return v
        }
        return CGSize(width: try side(width, "width"), height: try side(height, "height"))
    }

    func choice<T>(_ node: Node, _ options: [String: T], _ what: String) throws(SpecError) -> T {
        let name = try string(node, what)
        guard let v = options[name] else {
            throw error(node, "unknown \(what) '\(name)'; expected one of \(options.keys.sorted().joined(separator: ", "))")
        }
        return v
    }

    /// A number or a `{field}` binding, kept as text.
    /// A number in `range` is checked here; a bound value is checked by the same rule when it binds.
    func numberOrBinding(_ node: Node, _ what: String, in range: ClosedRange<CGFloat>) throws(SpecError) -> String {
        if let s = node.string, BindingTemplate(s).soleField != nil { return s }
        if case .scalar = node, let n = node.float ?? node.int.map(Double.init), n.isFinite {
            return String(Double(try number(node, what, in: range)))
        }
        throw error(node, "expected \(what): a number \(SpecLimits.describe(range)) or a {field} binding")
    }

    static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
        "bold": 700, "heavy": 800, "black": 900,
    ]

    func font(_ node: Node) throws(SpecError) -> Font {
        let m = try mapping(node, "font")
        try allowOnly(["family", "size", "weight", "italic", "style"], in: m)
        var f = Font()
        if let n = m["family"] { f.family = try string(n, "a font family") }
        if let n = m["size"] {
            f.size = try number(n, "a font size")
            guard f.size > 0, f.size <= SpecLimits.largestFontSize else {
                throw error(n, "expected a font size above 0, at most \(SpecLimits.format(SpecLimits.largestFontSize)), got \(SpecLimits.format(f.size))")
            }
        }
        if let n = m["weight"] {
            if let name = n.string, let w = SpecReader.weights[name] { f.weight = w } else {
                guard n.string.map({ Double($0) != nil }) ?? true else {
                    throw error(n, "expected a weight: a number from 100 to 1000, or ultraLight, thin, light, regular, medium, semibold, bold, heavy, black")
                }
                // Checked in range before the conversion to Int, which traps on 1e19.
                f.weight = Int(try number(n, "a weight", in: SpecLimits.weight))
            }
        }
        if let n = m["italic"] { f.isItalic = try bool(n, "true or false") }
        if let n = m["style"] {
            f.textStyle = try choice(n, Dictionary(uniqueKeysWithValues: TextStyle.allCases.map { ($0.rawValue, $0) }), "text style")
        }
        return f
    }

    func lineHeight(_ node: Node) throws(SpecError) -> LineHeight {
        if case .scalar = node { return .fixed(try number(node, "a line height", in: SpecLimits.length)) }
        let m = try mapping(node, "lineHeight")
        try allowOnly(["fixed", "minimum", "maximum", "multiple"], in: m)
        guard m.count == 1, let (k, v) = m.first else { throw error(node, "expected one of fixed, minimum, maximum, multiple") }
        let n = try number(v, k == "multiple" ? "a line height multiple" : "a line height",
                           in: k == "multiple" ? SpecLimits.lineHeightMultiple : SpecLimits.length)
        switch k {
        case "fixed": return .fixed(n)
        case "minimum": return .minimum(n)
        case "maximum": return .maximum(n)
        default: return .multiple(n)
        }
    }
}
