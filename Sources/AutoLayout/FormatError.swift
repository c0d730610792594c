/// A syntax or reference error in a constraint format string (an equation or the Visual Format
/// Language), pointing at the column, as Apple's errors do:
///
/// ```
/// Expected a view name
/// H:|-20-[]
///         ^
/// ```
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong or expected.
    public var message: String
    /// The format string.
    public var format: String
    /// The 1-based column the problem is at.
    public var column: Int

    public init(_ message: String, in format: String, column: Int) {
        self.message = message
        self.format = format
        self.column = column
    }

    public var description: String {
        "\(message)\n\(format)\n\(String(repeating: " ", count: max(0, column - 1)))^"
    }
}

/// A tokenizer shared by the equation and visual format parsers.
struct FormatScanner {
    let text: [Character]
    let source: String
    var index = 0

    init(_ source: String) {
        self.source = source
        self.text = Array(source)
    }

    var column: Int { index + 1 }
    var isAtEnd: Bool { index >= text.count }
    var peek: Character? { isAtEnd ? nil : text[index] }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { index += 1 }
    }

    func error(_ message: String, at column: Int? = nil) -> FormatError {
        FormatError(message, in: source, column: column ?? self.column)
    }

    /// Consumes `s` if it comes next.
    mutating func take(_ s: String) -> Bool {
        let chars = Array(s)
        guard index + chars.count <= text.count, Array(text[index..<index + chars.count]) == chars else { return false }
        index += chars.count
        return true
    }

    mutating func expect(_ s: String, _ what: String? = nil) throws(FormatError) {
        guard take(s) else { throw error("Expected \(what ?? "'\(s)'")") }
    }

    static func isIdentifierStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
    static func isIdentifierBody(_ c: Character) -> Bool { isIdentifierStart(c) || (c.isASCII && c.isNumber) }

    mutating func identifier() -> String? {
        guard let c = peek, FormatScanner.isIdentifierStart(c) else { return nil }
        let start = index
        while let c = peek, FormatScanner.isIdentifierBody(c) { index += 1 }
        return String(text[start..<index])
    }

    /// An unsigned decimal number.
    mutating func number() -> Double? {
        let start = index
        while let c = peek, c.isASCII, c.isNumber { index += 1 }
        if peek == ".", index + 1 < text.count, text[index + 1].isASCII, text[index + 1].isNumber {
            index += 1
            while let c = peek, c.isASCII, c.isNumber { index += 1 }
        }
        guard index > start else { return nil }
        return Double(String(text[start..<index]))
    }

    /// A relation operator, if one comes next.
    mutating func relation() -> LayoutRelation? {
        if take("==") { return .equal }
        if take("<=") { return .lessThanOrEqual }
        if take(">=") { return .greaterThanOrEqual }
        return nil
    }
}
