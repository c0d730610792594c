import AutoLayout
import Foundation

/// A field a template could not bind.
public struct BindingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var viewID: String
    public var message: String

    public var description: String { "view '\(viewID)': \(message) '{\(field)}'" }
}

/// Text with `{field}` placeholders, parsed once.
struct BindingTemplate: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case literal(String)
        case field(String)
    }

    let parts: [Part]

    init(_ text: String) {
        var parts: [Part] = []
        var literal = ""
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "{", let close = text[i...].firstIndex(of: "}"),
               BindingTemplate.isFieldName(text[text.index(after: i)..<close]) {
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.field(String(text[text.index(after: i)..<close])))
                i = text.index(after: close)
            } else {
                literal.append(text[i])
                i = text.index(after: i)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// A field name: letters, digits, `_` and `.`, with a `?` at the end for an optional field.
    static func isFieldName(_ name: Substring) -> Bool {
        let base = name.hasSuffix("?") ? name.dropLast() : name
        return !base.isEmpty && base.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    var isConstant: Bool { !parts.contains { if case .field = $0 { return true } else { return false } } }

    /// A template that is exactly one field, `{name}`.
    var soleField: String? {
        if parts.count == 1, case let .field(f) = parts[0] { return f }
        return nil
    }

    /// A field's value; an optional field (`{name?}`) the item lacks is null.
    func value(_ field: String, in item: DataItem, row: Int) -> DataValue? {
        if field.utf8.last == UInt8(ascii: "?") { return value(String(field.dropLast()), in: item, row: row) ?? .null }
        if field == "row" { return item["row"] ?? .number(Double(row)) }
        return item[field]
    }

    func render(_ item: DataItem, row: Int, viewID: String) throws(BindingError) -> String {
        func text(_ field: String) throws(BindingError) -> String {
            guard let v = value(field, in: item, row: row) else {
                throw BindingError(field: field, viewID: viewID, message: "the data item has no field")
            }
            return v.text
        }
        // `{field}` alone is the field's text itself, not a copy appended to an empty string.
        if parts.count == 1, case let .field(f) = parts[0] { return try text(f) }
        var out = ""
        for part in parts {
            switch part {
            case let .literal(s): out += s
            case let .field(f): out += try text(f)
            }
        }
        return out
    }
}
