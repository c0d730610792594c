import AutoLayout
import Foundation

/// A list's measured sizes as saved between runs: for each template identity and layout context,
/// the size of each item by its key and the stable hash of its bound content.
///
/// A size saved is reused only when everything it depended on is the same: the template (its
/// ``Group/template`` identity: a hash of the spec file's bytes and the fonts it resolves, or a
/// name the caller gives a cell definition), the context (``Group/context``: width, content size
/// category and what else the list sizes by), the item (its key) and the item's content (its
/// ``StableHash``). So a second run over the same data measures nothing, and a changed spec, font,
/// width, category or item measures again exactly what changed.
///
/// The JSON format, version 1 (``currentVersion``), is one object:
///
/// ```json
/// {"format": "selfsizing.savedSizes", "version": 1, "groups": [
///   {"template": "spec:9f2c41d07a3be611", "context": "table width=375 category=large separator=0.3333333333333333",
///    "keys": ["0.0", "0.1"], "hashes": ["a1b2c3d4e5f60718", "0f1e2d3c4b5a6978"],
///    "widths": [375, 375], "heights": [88.66666666666667, 44.333333333333336]}]}
/// ```
///
/// - `groups`: the most recently saved first, at most ``groupLimit``; one per template and context.
/// - `keys`, `hashes`, `widths`, `heights`: parallel arrays, one element per item. A key names the
///   item (a table's default: `"section.row"`); a hash is the item's ``StableHash`` in 16
///   hexadecimal digits; sizes are in points, a table's heights with the separator.
///
/// A file of another format or version does not load (``SavedSizesError/wrongVersion(path:found:)``):
/// the caller measures afresh and writes the current version.
public struct SavedSizes: Codable, Sendable, Equatable {
    /// The version this library reads and writes.
    public static let currentVersion = 1
    /// The value of the format's `format` field.
    public static let formatName = "selfsizing.savedSizes"
    /// How many groups (template and context pairs) a saved cache keeps.
    public static let groupLimit = 8

    /// The sizes of the items of one template in one layout context.
    public struct Group: Codable, Sendable, Equatable {
        /// The template's identity: saved sizes of another template are never used.
        public var template: String
        /// The layout context, as the list writes it (width, content size category, ...).
        public var context: String
        /// Each item's key.
        public var keys: [String]
        /// Each item's content hash (``StableHash``).
        public var hashes: [UInt64]
        /// Each item's width in points.
        public var widths: [Double]
        /// Each item's height in points (a table's with the separator).
        public var heights: [Double]

        /// A group of no items yet.
        public init(template: String, context: String) {
            self.template = template
            self.context = context
            keys = []
            hashes = []
            widths = []
            heights = []
        }

        /// The number of items.
        public var count: Int { keys.count }

        /// Adds an item's size.
        public mutating func append(key: String, hash: UInt64, size: CGSize) {
            keys.append(key)
            hashes.append(hash)
            widths.append(Double(size.width))
            heights.append(Double(size.height))
        }

        enum CodingKeys: String, CodingKey { case template, context, keys, hashes, widths, heights }

        /// Reads a group, its hashes as hexadecimal strings; the arrays must have one length.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            template = try c.decode(String.self, forKey: .template)
            context = try c.decode(String.self, forKey: .context)
            keys = try c.decode([String].self, forKey: .keys)
            let hex = try c.decode([String].self, forKey: .hashes)
            hashes = try hex.map { s in
                guard let h = UInt64(s, radix: 16) else {
                    throw DecodingError.dataCorruptedError(forKey: .hashes, in: c, debugDescription: "'\(s)' is not a hexadecimal hash")
                }
                return h
            }
            widths = try c.decode([Double].self, forKey: .widths)
            heights = try c.decode([Double].self, forKey: .heights)
            guard hashes.count == keys.count, widths.count == keys.count, heights.count == keys.count else {
                throw DecodingError.dataCorruptedError(forKey: .keys, in: c, debugDescription: "keys, hashes, widths and heights differ in length")
            }
        }

        /// Writes a group, its hashes as 16 hexadecimal digits.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(template, forKey: .template)
            try c.encode(context, forKey: .context)
            try c.encode(keys, forKey: .keys)
            try c.encode(hashes.map(StableHash.hex), forKey: .hashes)
            try c.encode(widths, forKey: .widths)
            try c.encode(heights, forKey: .heights)
        }
    }

    /// The groups, the most recently saved first.
    public var groups: [Group]

    /// A saved cache of the groups given.
    public init(groups: [Group] = []) { self.groups = groups }

    /// The group of a template in a context, if saved.
    public func group(template: String, context: String) -> Group? {
        groups.first { $0.template == template && $0.context == context }
    }

    /// Puts a group first, in place of the one of its template and context, keeping at most
    /// ``groupLimit`` groups.
    public mutating func insert(_ group: Group) {
        groups.removeAll { $0.template == group.template && $0.context == group.context }
        groups.insert(group, at: 0)
        if groups.count > Self.groupLimit { groups.removeLast(groups.count - Self.groupLimit) }
    }

    enum CodingKeys: String, CodingKey { case format, version, groups }

    /// Reads a saved cache of the current format and version.
    /// - Throws: ``SavedSizesError/wrongVersion(path:found:)`` (with an empty path) for another
    ///   format or version, a `DecodingError` for anything else.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let format = try c.decodeIfPresent(String.self, forKey: .format)
        let version = try c.decodeIfPresent(Int.self, forKey: .version)
        guard format == Self.formatName, version == Self.currentVersion else {
            throw SavedSizesError.wrongVersion(path: "", found: format == Self.formatName ? version : nil)
        }
        groups = try c.decode([Group].self, forKey: .groups)
    }

    /// Writes the saved cache with its format name and version.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatName, forKey: .format)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encode(groups, forKey: .groups)
    }

    // MARK: - Files

    /// Reads a saved cache from a file; nil when there is no file.
    /// - Throws: ``SavedSizesError/unreadable(path:message:)`` for a file that is not a saved
    ///   cache, ``SavedSizesError/wrongVersion(path:found:)`` for another version.
    public static func load(from url: URL) throws(SavedSizesError) -> SavedSizes? {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw .unreadable(path: url.path, message: "\(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(SavedSizes.self, from: data)
        } catch let SavedSizesError.wrongVersion(_, found) {
            throw .wrongVersion(path: url.path, found: found)
        } catch {
            throw .unreadable(path: url.path, message: Self.describe(error))
        }
    }

    /// Writes the saved cache to a file atomically: to a temporary file in the same directory,
    /// then renamed over the file, so that a reader finds the old cache or the new one, never half
    /// of one; the temporary file is removed if anything fails.
    /// - Throws: ``SavedSizesError/unwritable(path:message:)``.
    public func write(to url: URL) throws(SavedSizesError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(self)
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritable(path: url.path, message: "\(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let message = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritable(path: url.path, message: message)
        }
    }

    /// A decoding error in a line.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.dataCorrupted(c): return c.debugDescription
        case let DecodingError.keyNotFound(key, _): return "no \"\(key.stringValue)\""
        case let DecodingError.typeMismatch(_, c): return "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        case let DecodingError.valueNotFound(_, c): return c.debugDescription
        default: return "\(error)"
        }
    }
}

/// Why a saved cache could not be read or written.
public enum SavedSizesError: Error, Equatable, CustomStringConvertible {
    /// The file is not a saved cache (not JSON, or not this format).
    case unreadable(path: String, message: String)
    /// The file is a saved cache of another version (nil: of no known format).
    case wrongVersion(path: String, found: Int?)
    /// The file could not be written.
    case unwritable(path: String, message: String)

    /// The error in a sentence naming the file.
    public var description: String {
        switch self {
        case let .unreadable(path, message): return "\(path): not a saved size cache (\(message))"
        case let .wrongVersion(path, found):
            return "\(path): a saved size cache of \(found.map { "version \($0)" } ?? "another format"), not version \(SavedSizes.currentVersion)"
        case let .unwritable(path, message): return "\(path): cannot write the saved size cache (\(message))"
        }
    }
}
