/// A problem in a cell spec file, naming the file, line and column and what was expected.
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the position is not known.
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
