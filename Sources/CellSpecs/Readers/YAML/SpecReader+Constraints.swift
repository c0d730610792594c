import AutoLayout
import Foundation
import Yams

/// What a spec's constraints may name: its views' parents by id (`""` for the content view, which
/// has none), and its metrics.
struct ViewNames {
    let parents: [String: String]
    let metrics: [String: CGFloat]
    /// A buffer for a visual format string's constraints, reused from string to string.
    var scratch: [FormatConstraint] = []

    /// For the Visual Format Language's parser: nil for no view, else whether the view has a parent.
    func hasSuperview(_ name: String) -> Bool? {
        parents[name].map { !$0.isEmpty }
    }
}

extension SpecReader {
    /// Whether a view id is an identifier: an ASCII letter or `_`, then letters, digits and `_`
    /// (what the constraint grammars read as a name).
    static func isIdentifier(_ name: String) -> Bool {
        func isStart(_ b: UInt8) -> Bool { b == 0x5F || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        guard let first = name.utf8.first, isStart(first) else { return false }
        return name.utf8.allSatisfy { isStart($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Where a scalar's text starts: after its opening quote, if it has one.
    func textLocation(_ node: Node) -> CellSpec.Location {
        guard case let .scalar(s) = node else { return location(node) }
        let quoted = s.style == .singleQuoted || s.style == .doubleQuoted
        return CellSpec.Location(line: s.mark?.line ?? 0, column: (s.mark?.column ?? 0) + (quoted ? 1 : 0))
    }

    /// The constraints of one entry: an equation or visual format string, or
    /// `{visualFormat: ..., options: [...]}`, parsed into structured constraints.
    func constraints(_ node: Node, _ names: inout ViewNames, into out: inout [CellSpec.ConstraintSpec]) throws(SpecError) {
        if case .scalar = node {
            let text = try string(node, "a constraint")
            let isVisual = text.hasPrefix("H:") || text.hasPrefix("V:") || text.hasPrefix("|") || text.hasPrefix("[")
            if isVisual {
                try visualFormat(text, [], at: textLocation(node), &names, into: &out)
            } else {
                out.append(try equation(text, at: textLocation(node), names))
            }
            return
        }
        let m = try mapping(node, "a constraint: a string, or {visualFormat, options}")
        try allowOnly(["visualFormat", "options"], in: m)
        guard let f = m["visualFormat"] else { throw error(node, "expected 'visualFormat'") }
        var options: FormatOptions = []
        if let o = m["options"] {
            for n in try sequence(o, "options") {
                let name = try string(n, "an option name")
                guard let option = FormatOptions(name: name) else {
                    throw error(n, "unknown option '\(name)'; expected alignAllTop, alignAllCenterY, ... or directionLeftToRight")
                }
                options.insert(option)
            }
        }
        try visualFormat(try string(f, "a visual format string"), options, at: textLocation(f), &names, into: &out)
    }

    /// A format error at its column in the string written at `start`.
    func error(_ error: FormatError, at start: CellSpec.Location) -> SpecError {
        SpecError(file: file, line: start.line, column: start.column + error.column - 1, message: error.message)
    }

    /// An equation, its names checked and `superview` replaced by the first item's parent. The
    /// constraint's location is its first item's.
    func equation(_ text: String, at start: CellSpec.Location, _ names: ViewNames) throws(SpecError) -> CellSpec.ConstraintSpec {
        let e: ConstraintEquation
        do { e = try ConstraintEquation(text, metrics: names.metrics) } catch { throw self.error(error, at: start) }
        guard let parent = names.parents[e.firstItem] else {
            throw self.error(FormatError("Unknown view '\(e.firstItem)'", in: text, column: e.firstItemColumn), at: start)
        }
        var second: CellSpec.ConstraintSpec.Item?
        if let name = e.secondItem {
            if name == "superview" {
                guard !parent.isEmpty else {
                    throw self.error(FormatError("'\(e.firstItem)' has no superview", in: text, column: e.secondItemColumn), at: start)
                }
                second = .view(parent)
            } else {
                guard names.parents[name] != nil else {
                    throw self.error(FormatError("Unknown view '\(name)'", in: text, column: e.secondItemColumn), at: start)
                }
                second = .view(name)
            }
        }
        let location = SourceLocation(file: file, line: start.line, column: start.column + e.firstItemColumn - 1)
        return CellSpec.ConstraintSpec(.view(e.firstItem), e.firstAttribute, e.relation, second, e.secondAttribute,
                                       multiplier: e.multiplier, constant: e.constant, priority: e.priority, location: location)
    }

    /// A visual format string's constraints, `|` being the parent of the view next to it; each
    /// constraint's location is the string's.
    func visualFormat(_ text: String, _ options: FormatOptions, at start: CellSpec.Location, _ names: inout ViewNames,
                      into out: inout [CellSpec.ConstraintSpec]) throws(SpecError) {
        var described = names.scratch
        names.scratch = []
        described.removeAll(keepingCapacity: true)
        defer { names.scratch = described }
        do {
            try FormatConstraint.append(withVisualFormat: text, options: options, metrics: names.metrics,
                                        hasSuperview: names.hasSuperview, to: &described)
        } catch {
            throw self.error(error, at: start)
        }
        let location = SourceLocation(file: file, line: start.line, column: start.column)
        // The parse checked every name, and that `|` has a parent to stand for. A string's `|`
        // items are mostly one view's superview, whose parent is looked up once.
        var last: (name: String, parent: String)?
        func item(_ i: FormatConstraint.Item) -> CellSpec.ConstraintSpec.Item {
            switch i {
            case let .view(name): return .view(name)
            case let .superview(of: name):
                if let last, last.name == name { return .view(last.parent) }
                let parent = names.parents[name]!
                last = (name, parent)
                return .view(parent)
            }
        }
        for d in described {
            out.append(CellSpec.ConstraintSpec(item(d.firstItem), d.firstAttribute, d.relation, d.secondItem.map(item),
                                               d.secondAttribute, multiplier: d.multiplier, constant: d.constant,
                                               priority: d.priority, location: location))
        }
    }
}
