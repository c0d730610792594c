/// A place in a file that something was written at: a spec file's line and column (1-based), so
/// that diagnostics about a constraint or a view can point at the line that made it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, as compilers write it.
    public var description: String { "\(file):\(line):\(column)" }
}
