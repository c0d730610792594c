import Foundation
import Yams

/// A cell template, like a nib, read from a YAML or JSON spec file.
///
/// ```yaml
/// views:
///   - {id: number, type: label, text: "Line {row}", font: {style: caption1},
///      hugging: {horizontal: 251, vertical: 252}, compressionResistance: {vertical: 749}}
///   - {id: line, type: label, text: "{text}", font: {style: body}, numberOfLines: 0}
/// contentView: {layoutMargins: [20, 20, 20, 20]}
/// constraints:
///   - "H:|-[number]-|"
///   - "V:|-[number]-(gap)-[line]-|"
///   - "line.leading == number.leading"
/// metrics: {gap: 8}
/// ```
///
/// See the README for every key. Errors name the file, line and column and what was expected; an
/// unknown key or view id is an error, never ignored.
public struct CellSpec: Sendable {
    /// Where the spec came from, for errors.
    public var file: String
    public var views: [ViewSpec]
    public var constraints: [ConstraintSpec]
    public var metrics: [String: CGFloat]
    public var contentViewMargins: DirectionalEdgeInsets?
    public var contentViewBackground: Color?

    /// A position in the spec file.
    public struct Location: Hashable, Sendable {
        public var line: Int
        public var column: Int
    }

    public enum ViewType: String, Sendable {
        case view, label, image, stack
    }

    /// One view of the template.
    public struct ViewSpec: Sendable {
        public var id: String
        public var type: ViewType
        public var parent: String
        public var location: Location
        public var hugging: (horizontal: LayoutPriority?, vertical: LayoutPriority?) = (nil, nil)
        public var compressionResistance: (horizontal: LayoutPriority?, vertical: LayoutPriority?) = (nil, nil)
        public var layoutMargins: DirectionalEdgeInsets?
        /// `true`, `false`, or a `{field}` binding.
        public var hidden: String?
        public var backgroundColor: Color?
        // Labels.
        public var text: String?
        public var font = Font()
        public var numberOfLines = 1
        public var lineBreakMode = LineBreakMode.byTruncatingTail
        public var textAlignment = TextAlignment.natural
        public var lineHeight = LineHeight.natural
        public var language: String?
        public var textColor = Color.black
        // Images: numbers or `{field}` bindings.
        public var imageWidth: String?
        public var imageHeight: String?
        public var imagePath: String?
        // Stacks.
        public var axis = LayoutAxis.horizontal
        public var spacing: CGFloat = 0
        public var alignment = StackView.Alignment.fill
        public var distribution = StackView.Distribution.fill
    }

    /// A constraint line: an equation or a visual format string.
    public struct ConstraintSpec: Sendable {
        public enum Kind: Sendable {
            case equation(String)
            case visualFormat(String, FormatOptions)
        }
        public var kind: Kind
        public var location: Location
    }

    /// Reads a spec from YAML or JSON text.
    /// - Parameters:
    ///   - text: the spec.
    ///   - file: the name errors use.
    /// - Throws: ``SpecError``.
    public init(yaml text: String, file: String = "<spec>") throws(SpecError) {
        self.file = file
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
        let r = SpecReader(file: file)
        let top = try r.mapping(root, "the spec")
        try r.allowOnly(["views", "constraints", "metrics", "contentView", "name"], in: top)
        var metrics: [String: CGFloat] = [:]
        if let m = top["metrics"] {
            for (k, v) in try r.mapping(m, "metrics") {
                metrics[k] = try r.number(v, "a number for the metric '\(k)'")
            }
        }
        self.metrics = metrics
        contentViewMargins = nil
        contentViewBackground = nil
        if let cv = top["contentView"] {
            let map = try r.mapping(cv, "contentView")
            try r.allowOnly(["layoutMargins", "backgroundColor"], in: map)
            if let m = map["layoutMargins"] { contentViewMargins = try r.margins(m) }
            if let c = map["backgroundColor"] { contentViewBackground = try r.color(c) }
        }
        var views: [ViewSpec] = []
        var known: Set<String> = ["contentView"]
        for node in try r.sequence(top["views"] ?? Node([Node]()), "views") {
            let v = try r.viewSpec(node, known: known)
            known.insert(v.id)
            views.append(v)
        }
        self.views = views
        var constraints: [ConstraintSpec] = []
        for node in try r.sequence(top["constraints"] ?? Node([Node]()), "constraints") {
            constraints.append(try r.constraintSpec(node))
        }
        self.constraints = constraints
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
