import AutoLayout
import CFontconfig
import Foundation
import Synchronization

/// Finds font files by family, weight, style and language through fontconfig, and keeps each face
/// loaded once. Han, Kana and Hangul fall back to Noto Sans CJK, in the variant of the text's
/// language (zh-Hans SC, zh-Hant TC, ja JP, ko KR; SC when unknown).
///
/// Thread-safe: look-ups are serialised by a lock; faces are immutable.
public final class FontLibrary: @unchecked Sendable {
    /// The library every measurer uses unless given another.
    public static let shared = FontLibrary()

    /// The family "system" resolves to.
    public var systemFamily = "DejaVu Sans"

    /// Faces by file and index, and by the description that matched them. Matching through
    /// fontconfig happens under this lock too: its configuration is not thread-safe.
    private let loaded = Mutex(Loaded())
    private let config: OpaquePointer?

    private struct Loaded {
        var faces: [String: FontFace] = [:]
        var matches: [String: FontFace] = [:]

        /// The face of a file, loaded the first time.
        mutating func face(path: String, index: Int) -> FontFace? {
            let faceKey = "\(path)#\(index)"
            if let f = faces[faceKey] { return f }
            let face = FontFace(path: path, index: index)
            faces[faceKey] = face
            return face
        }
    }

    public init() {
        config = FcInitLoadConfigAndFonts()
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// The face for a font description, or nil when fontconfig finds nothing loadable.
    public func face(family: String, weight: Int, italic: Bool, language: String? = nil) -> FontFace? {
        let family = family == "system" ? systemFamily : family
        let key = "\(family)|\(weight)|\(italic)|\(language ?? "")"
        return loaded.withLock { loaded in
            if let f = loaded.matches[key] { return f }
            guard let (path, index) = match(family: family, weight: weight, italic: italic, language: language) else { return nil }
            let face = loaded.face(path: path, index: index)
            loaded.matches[key] = face
            return face
        }
    }

    /// A face from a font file path.
    public func face(path: String, index: Int = 0) -> FontFace? {
        loaded.withLock { $0.face(path: path, index: index) }
    }

    /// The CJK fallback face for a language.
    public func cjkFace(weight: Int, language: String?) -> FontFace? {
        let family: String
        switch CJKVariant(language: language) {
        case .simplifiedChinese: family = "Noto Sans CJK SC"
        case .traditionalChinese: family = "Noto Sans CJK TC"
        case .japanese: family = "Noto Sans CJK JP"
        case .korean: family = "Noto Sans CJK KR"
        }
        return face(family: family, weight: weight, italic: false, language: language)
    }

    private func match(family: String, weight: Int, italic: Bool, language: String?) -> (String, Int)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        if let language {
            _ = language.withCString { FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(found, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }
}

/// The variant of Noto Sans CJK a language wants.
enum CJKVariant {
    case simplifiedChinese, traditionalChinese, japanese, korean

    init(language: String?) {
        let tag = (language ?? "").lowercased()
        if tag.hasPrefix("ja") {
            self = .japanese
        } else if tag.hasPrefix("ko") {
            self = .korean
        } else if tag.hasPrefix("zh") && (tag.contains("hant") || tag.hasSuffix("-tw") || tag.hasSuffix("-hk") || tag.hasSuffix("-mo")) {
            self = .traditionalChinese
        } else {
            self = .simplifiedChinese
        }
    }
}
