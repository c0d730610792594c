import AutoLayout
import Foundation
import Yams

extension CellSpec {
    /// Reads a spec from YAML or JSON text.
    /// - Parameters:
    ///   - text: the spec.
    ///   - file: the name errors and constraints' source locations use.
    /// - Throws: ``SpecError``.
    public init(yaml text: String, file: String = "<spec>") throws(SpecError) {
        self = try SpecReader(file: file).spec(yaml: text)
    }

    /// Reads a spec file (YAML or JSON).
    public init(contentsOf path: String) throws(SpecError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SpecError(file: path, line: 0, column: 0, message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(yaml: text, file: path)
    }
}

extension SpecReader {
    /// The spec a YAML or JSON text describes: views first (so that constraints may name any of
    /// them, and `|` and `superview` their parents), then the constraints.
    func spec(yaml text: String) throws(SpecError) -> CellSpec {
        let root: Node
        do {
            // The basic resolver leaves scalars as text: SpecReader reads numbers and booleans
            // itself, so Yams need not try its implicit types (regular expressions) on every scalar.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw SpecError(file: file, line: 0, column: 0, message: "the spec is empty; expected a mapping with 'views'")
            }
            root = node
        } catch let error as SpecError {
            throw error
        } catch let error as YamlError {
            throw SpecReader.error(from: error, file: file)
        } catch {
            throw SpecError(file: file, line: 0, column: 0, message: "\(error)")
        }
        let top = try mapping(root, "the spec")
        try allowOnly(["views", "constraints", "metrics", "contentView", "name", "size", "layoutDirection"], in: top)
        var metrics: [String: CGFloat] = [:]
        if let m = top["metrics"] {
            for (k, v) in try mapping(m, "metrics") {
                metrics[k] = try check(try number(v, "a number for the metric '\(k)'"), v, "the metric '\(k)'", in: SpecLimits.offset)
            }
        }
        var spec = CellSpec(file: file, views: [], constraints: [], metrics: metrics)
        if let s = top["size"] { spec.size = try templateSize(s) }
        if let d = top["layoutDirection"] { spec.layoutDirection = try layoutDirection(d) }
        if let cv = top["contentView"] {
            let map = try mapping(cv, "contentView")
            try allowOnly(["layoutMargins", "backgroundColor", "semanticContentAttribute"], in: map)
            if let m = map["layoutMargins"] { spec.contentViewMargins = try margins(m) }
            if let c = map["backgroundColor"] { spec.contentViewBackground = try color(c) }
            if let a = map["semanticContentAttribute"] { spec.contentViewSemanticContentAttribute = try semanticContentAttribute(a) }
        }
        // Each view's parent by id ("" for the content view, which has none).
        var parents: [String: String] = ["contentView": ""]
        for node in try sequence(top["views"] ?? Node([Node]()), "views") {
            let v = try viewSpec(node, known: parents)
            parents[v.id] = v.parent
            spec.views.append(v)
        }
        var names = ViewNames(parents: parents, metrics: metrics)
        let list = try sequence(top["constraints"] ?? Node([Node]()), "constraints")
        // One constraint an entry, more for visual format strings.
        spec.constraints.reserveCapacity(list.count + list.count / 2)
        for node in list {
            try constraints(node, &names, into: &spec.constraints)
        }
        return spec
    }
}
