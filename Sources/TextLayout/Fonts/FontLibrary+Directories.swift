import Foundation

/// Why a font directory could not be added.
public enum FontDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path names no directory.
    case notADirectory(path: String)
    /// fontconfig could not read the directory.
    case unreadable(path: String)
    /// The directory (with its subdirectories) holds no font file fontconfig can read.
    case noFonts(path: String)

    /// The error as one sentence naming the directory.
    public var description: String {
        switch self {
        case .notADirectory(let path): "font directory \(path): no such directory"
        case .unreadable(let path): "font directory \(path): fontconfig cannot read it"
        case .noFonts(let path): "font directory \(path): no font files in it"
        }
    }
}

extension FontLibrary {
    /// Adds the font files of a directory (and its subdirectories) to this library's fontconfig
    /// configuration, for this process only: their families, styles and PostScript names resolve
    /// from then on, as `selfsizing --font-dir DIR` needs.
    ///
    /// The library forgets what it matched before, and its default ``systemUIFamily`` is worked
    /// out again (Inter may be in the directory). A ``TextMeasurer`` keeps the fonts it resolved:
    /// add directories before measuring, or measure with a new measurer.
    /// - Parameter path: the directory.
    /// - Returns: the number of faces added.
    /// - Throws: ``FontDirectoryError`` when the path is no directory, fontconfig cannot read it,
    ///   or it holds no fonts.
    /// - Complexity: the walk is bounded (``fontFileLimit`` files, ``fontDirectoryDepth`` levels,
    ///   symbolic links to directories not followed), so that a path such as `/proc` cannot keep it
    ///   going.
    @discardableResult
    public func addFontDirectory(_ path: String) throws(FontDirectoryError) -> Int {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(path: path)
        }
        let files = Self.fontFiles(in: path)
        let added: Int? = state.withLock { state in
            let added = Fontconfig.addFiles(config, files)
            state.matches = [:]
            state.defaultSystemUIFamily = nil
            return added
        }
        guard let added else { throw .unreadable(path: path) }
        guard added > 0 else { throw .noFonts(path: path) }
        return added
    }

    /// The most font files a directory may give, and how deep its subdirectories are walked.
    public static let fontFileLimit = 10_000
    public static let fontDirectoryDepth = 8

    /// Font files (by extension) under a directory, in path order, within the walk's bounds.
    static func fontFiles(in path: String) -> [String] {
        let extensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "pfa", "woff", "woff2", "dfont", "pcf"]
        let root = URL(fileURLWithPath: path)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var files: [String] = []
        var visited = 0
        while let url = walk.nextObject() as? URL {
            visited += 1
            if visited > fontFileLimit * 10 || files.count >= fontFileLimit { break }
            if walk.level > fontDirectoryDepth { walk.skipDescendants(); continue }
            guard extensions.contains(url.pathExtension.lowercased()),
                  (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files.append(url.path)
        }
        return files.sorted()
    }
}
