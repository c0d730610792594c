import Foundation

/// What can stop a rendering, with the path it concerns.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output's extension names no format this renders (png, pdf, svg).
    case unknownFormat(path: String)
    /// The output cannot be written there (no such directory, no permission).
    case unwritable(path: String, reason: String)
    /// The picture would be too large for an image (Cairo's limit is 32,767 pixels a side).
    case tooLarge(width: Int, height: Int)
    /// Nothing to draw: an empty span, a span past the end, no rows.
    case nothingToDraw(String)
    /// Cairo reported an error.
    case cairo(String)
    /// The table could not lay a row out.
    case layout(String)

    public var description: String {
        switch self {
        case let .unknownFormat(path):
            return "\(path): unknown output format; use a .png, .pdf or .svg file name"
        case let .unwritable(path, reason):
            return "\(path): cannot write here (\(reason))"
        case let .tooLarge(w, h):
            return "the picture would be \(w) x \(h) pixels, more than 32,767 a side; draw fewer rows or a lower scale"
        case let .nothingToDraw(why):
            return "nothing to draw: \(why)"
        case let .cairo(message):
            return "Cairo: \(message)"
        case let .layout(message):
            return message
        }
    }
}

/// The output formats, by file extension.
public enum RenderFormat: String, Sendable, CaseIterable {
    case png, pdf, svg

    /// The format a path's extension names, or nil.
    public init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }
}
