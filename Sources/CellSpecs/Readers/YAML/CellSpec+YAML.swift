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
    /// - Throws: ``SpecError``; a file that is not UTF-8 is one at the first byte that is not.
    public init(contentsOf path: String) throws(SpecError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SpecError(file: path, line: 0, column: 0, message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(yaml: try SpecReader.text(of: data, file: path), file: path)
    }
}

extension SpecReader {
    /// The spec a YAML or JSON text describes: views first (so that constraints may name any of
    /// them, and `|` and `superview` their parents), then the constraints.
    func spec(yaml text: String) throws(SpecError) -> CellSpec {
        try refuseControlCharacters(in: text)
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

extension SpecReader {
    /// A spec file's text: UTF-8 (a byte order mark allowed). Anything else is an error naming the
    /// encoding problem and where: the first byte that is not UTF-8, its offset, line and column.
    static func text(of data: Data, file: String) throws(SpecError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw SpecError(file: file, line: 1, column: 1,
                            message: "not UTF-8 text: the file begins with a UTF-16 byte order mark; save the spec as UTF-8")
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar): offset += scalar.count
            case .emptyInput, .error: break decoding
            }
        }
        let place = JSONErrorPlace.lineAndColumn(ofByte: min(offset, bytes.count), in: bytes)
        let byte = offset < bytes.count ? String(format: "0x%02X", bytes[offset]) : "the end"
        throw SpecError(file: file, line: place.line, column: place.column,
                        message: "not UTF-8 text: the byte \(byte) at byte offset \(offset) does not begin a valid UTF-8 "
                            + "sequence; save the spec as UTF-8")
    }

    /// Refuses a character YAML does not allow in a document (C0 and C1 controls other than tab,
    /// line feed, carriage return and next line; DEL; U+FFFE and U+FFFF), at its line and column,
    /// before the YAML reader buries the place in its message.
    func refuseControlCharacters(in text: String) throws(SpecError) {
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A {
                line += 1
                column = 1
                continue
            }
            let allowed = (v >= 0x20 && v < 0x7F) || v == 0x09 || v == 0x0D || v == 0x85 || (v >= 0xA0 && v != 0xFFFE && v != 0xFFFF)
            if !allowed {
                let code = String(format: "%04X", v)
                throw SpecError(file: file, line: line, column: column,
                                message: "a control character (U+\(code)) is not allowed in a spec; write it as an escape in a "
                                    + "double-quoted string (\"\\u\(code)\")")
            }
            column += 1
        }
    }
}
