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

/// A tokenizer shared by the equation and visual format parsers. It reads UTF-8 bytes: the
/// grammars are ASCII (names, numbers, operators); a non-ASCII byte is an unexpected character.
struct FormatScanner {
    let text: [UInt8]
    let source: String
    /// Whether every character is one byte, so that a column is an index.
    private let isASCII: Bool
    var index = 0

    init(_ source: String) {
        self.source = source
        self.text = Array(source.utf8)
        isASCII = text.allSatisfy { $0 < 0x80 }
    }

    /// The 1-based column of the next character.
    var column: Int {
        if isASCII { return min(index, text.count) + 1 }
        return String(decoding: text[0..<min(index, text.count)], as: UTF8.self).count + 1
    }
    var isAtEnd: Bool { index >= text.count }
    var peek: Character? { isAtEnd ? nil : Character(Unicode.Scalar(text[index])) }
    private var byte: UInt8? { isAtEnd ? nil : text[index] }

    mutating func skipSpaces() {
        while let c = byte, c == 0x20 || c == 0x09 { index += 1 }
    }

    func error(_ message: String, at column: Int? = nil) -> FormatError {
        FormatError(message, in: source, column: column ?? self.column)
    }

    /// Consumes `s` (ASCII) if it comes next.
    mutating func take(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard index + n <= text.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where text[index + k] != p[k] { return false }
        index += n
        return true
    }

    mutating func expect(_ s: StaticString, _ what: String? = nil) throws(FormatError) {
        guard take(s) else { throw error("Expected \(what ?? "'\(s)'")") }
    }

    /// Whether a name is an identifier: an ASCII letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, isStart(first) else { return false }
        return name.utf8.allSatisfy { isStart($0) || isDigit($0) }
    }
    private static func isStart(_ b: UInt8) -> Bool { b == 0x5F || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func identifier() -> String? {
        guard let c = byte, FormatScanner.isStart(c) else { return nil }
        let start = index
        while let c = byte, FormatScanner.isStart(c) || FormatScanner.isDigit(c) { index += 1 }
        return String(decoding: text[start..<index], as: UTF8.self)
    }

    /// An unsigned decimal number.
    mutating func number() -> Double? {
        let start = index
        // Whole numbers of up to 15 digits are exact in a Double and read as they are scanned.
        var whole = 0
        while let c = byte, FormatScanner.isDigit(c) {
            whole = whole &* 10 &+ Int(c - 0x30)
            index += 1
        }
        if byte == 0x2E, index + 1 < text.count, FormatScanner.isDigit(text[index + 1]) {
            index += 1
            while let c = byte, FormatScanner.isDigit(c) { index += 1 }
        } else if index > start, index - start <= 15 {
            return Double(whole)
        }
        guard index > start else { return nil }
        return Double(String(decoding: text[start..<index], as: UTF8.self))
    }

    /// A relation operator, if one comes next.
    mutating func relation() -> LayoutRelation? {
        if take("==") { return .equal }
        if take("<=") { return .lessThanOrEqual }
        if take(">=") { return .greaterThanOrEqual }
        return nil
    }
}
