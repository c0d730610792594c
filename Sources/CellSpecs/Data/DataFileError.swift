/// A data file that cannot be read, with where.
public struct DataFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// The line in the file, for text formats read line by line.
    public var line: Int?
    /// The 1-based column in the line (in Unicode scalars), where one is known.
    public var column: Int?
    /// The 1-based row (item) number.
    public var row: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, row: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.row = row
        self.message = message
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if line != nil, let column { place += ":\(column)" }
        if let row { place += " (row \(row))" }
        return "\(place): \(message)"
    }
}
