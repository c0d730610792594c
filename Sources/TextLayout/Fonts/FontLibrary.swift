import AutoLayout
import CFontconfig
import Foundation
import Synchronization

/// Finds font files by family, weight, style and language through fontconfig, and keeps each face
/// loaded once. Han, Kana and Hangul fall back to Noto Sans CJK, in the variant of the text's
/// language (zh-Hans SC, zh-Hant TC, ja JP, ko KR; SC when unknown).
///
/// A family resolves in this order:
/// 1. `"system"` stands for ``systemFamily`` (by default the system UI family), and the system UI
///    names (``systemUIFamilyNames``: `.AppleSystemUIFont`, `system-ui`) for ``systemUIFamily``.
/// 2. fontconfig matches the family, weight, slant and language; the match is exact when one of
///    the face's family names is the family asked for (ignoring case and spaces, as fontconfig
///    compares them).
/// 3. Otherwise, a face whose PostScript name is the family asked for ("HelveticaNeue-Bold"), so
///    that a font named as Interface Builder and UIFont(name:) name fonts is found.
/// 4. Otherwise, fontconfig's substitute from step 2 (its default sans-serif face): a match that is
///    not exact, which ``match(family:weight:italic:language:)`` reports as such.
///
/// Thread-safe: look-ups, settings and fontconfig itself (whose configuration is not thread-safe)
/// are serialised by a lock; faces are immutable.
public final class FontLibrary: @unchecked Sendable {
    /// The library every measurer uses unless given another.
    public static let shared = FontLibrary()

    /// The family names that stand for Interface Builder's (UIKit's) system font: UIKit's own
    /// family name for it, `.AppleSystemUIFont`, and CSS's `system-ui`. Each resolves to
    /// ``systemUIFamily``.
    public static let systemUIFamilyNames: Set<String> = [systemUIFamilyName, "system-ui"]

    /// The family name fonts made for Interface Builder's system font carry (UIKit's own name for
    /// it); it resolves to ``systemUIFamily`` when the font is measured, so changing that setting
    /// changes every such font.
    public static let systemUIFamilyName = ".AppleSystemUIFont"

    /// The family `"system"` (a cell spec's default font) resolves to: the stand-in for San
    /// Francisco, ``systemUIFamily``, unless set to another, so that a cell written as a spec and
    /// the same cell imported from Interface Builder measure with the same font.
    public var systemFamily: String {
        get { state.withLock { $0.systemFamily ?? $0.systemUIFamily(config) } }
        set { state.withLock { $0.systemFamily = newValue } }
    }

    /// The stand-in for San Francisco, UIKit's system font, that Interface Builder's system fonts
    /// (``systemUIFamilyNames``) resolve to: Inter (Debian's `fonts-inter`, which `scripts/setup.sh`
    /// installs) when fontconfig finds it, else DejaVu Sans. Set it to use another family (one
    /// added with ``addFontDirectory(_:)``, say); ``resetSystemUIFamily()`` goes back to the default.
    ///
    /// Why Inter: it is free, a neo-grotesque drawn for user interfaces as SF is, with SF's nine
    /// weights and italics. Its metrics at 17 pt against SF Pro Text's, UIKit's
    /// `UIFont.systemFont(ofSize: 17)` (the SF figures: line height and the width of "This is a test
    /// string" from UIKit tests that assert them, 20.287109375 and 144.09326171875; cap height and
    /// x-height from Capsize's metrics of Apple's system font, 1443 and 1040 of 2048 units per em):
    ///
    /// | at 17 pt                              | SF Pro Text | Inter  | Inter Display | DejaVu Sans |
    /// |---------------------------------------|-------------|--------|---------------|-------------|
    /// | line height (ascender - descender)    | 20.29       | 20.57  | 20.55         | 19.79       |
    /// | ascender / descender                  | 16.19 / -4.10 | 16.47 / -4.11 | 16.39 / -4.17 | 15.78 / -4.01 |
    /// | cap height                            | 11.98       | 12.36  | 12.22         | 11.05       |
    /// | x-height                              | 8.63        | 9.27   | 8.77          | 7.89        |
    /// | width of "This is a test string"      | 144.09      | 152.30 | 135.60        | 161.80      |
    ///
    /// Inter's lines are 0.29 pt (1.4%) taller than SF's, so a label of n lines is about 0.3 n
    /// points taller than UIKit's. Its text is 5.7% wider, nearly all of it SF's tracking: Apple
    /// tracks the system font by size, -26/1000 em at 17 pt (-0.44 pt a character), and Inter with
    /// that tracking would measure 143.0 (-0.7%); TextLayout applies no tracking, so some lines break
    /// a word earlier than on iOS. DejaVu Sans, the `"system"` of specs, is 2.5% shorter and 12.3%
    /// wider. Inter Display (SF switches to its own Display cut at 20 pt) is 5.9% narrower at 17 pt;
    /// set `systemUIFamily = "Inter Display"` to try it. `SystemFontStandInTests` measures these
    /// figures again.
    ///
    /// A ``TextMeasurer`` keeps the faces it resolved: set this before measuring.
    public var systemUIFamily: String {
        get { state.withLock { $0.systemUIFamily(config) } }
        set { state.withLock { $0.chosenSystemUIFamily = newValue } }
    }

    /// Makes ``systemUIFamily`` its default again: Inter when fontconfig finds it, else DejaVu Sans.
    public func resetSystemUIFamily() {
        state.withLock { $0.chosenSystemUIFamily = nil }
    }

    /// Loaded faces and fontconfig's answers. Matching through fontconfig happens under this lock
    /// too: its configuration is not thread-safe.
    let state: Mutex<State>
    let config: OpaquePointer?

    /// What the lock guards.
    struct State {
        var faces: [String: FontFace] = [:]
        /// Matches by what asked for them (family, weight, slant, language; or PostScript name).
        var matches: [String: FontMatch?] = [:]
        /// The family `"system"` was set to, if any (else the system UI family).
        var systemFamily: String?
        /// The system UI family a user set, if any.
        var chosenSystemUIFamily: String?
        /// The default system UI family, worked out once (again after a font directory is added).
        var defaultSystemUIFamily: String?

        /// The face of a file, loaded the first time.
        mutating func face(path: String, index: Int) -> FontFace? {
            let faceKey = "\(path)#\(index)"
            if let f = faces[faceKey] { return f }
            let face = FontFace(path: path, index: index)
            faces[faceKey] = face
            return face
        }

        /// The system UI family: the one chosen, else Inter when fontconfig has it, else DejaVu Sans.
        mutating func systemUIFamily(_ config: OpaquePointer?) -> String {
            if let chosenSystemUIFamily { return chosenSystemUIFamily }
            if let defaultSystemUIFamily { return defaultSystemUIFamily }
            let inter = Fontconfig.match(config, family: "Inter", weight: 400, italic: false, language: nil)
            let family = inter?.hasFamily("Inter") == true ? "Inter" : "DejaVu Sans"
            defaultSystemUIFamily = family
            return family
        }
    }

    /// A library with the fonts fontconfig's configuration names (the system's and the user's).
    public convenience init() {
        self.init(systemFonts: true)
    }

    /// A library with the system's fonts, or with none but those added by
    /// ``addFontDirectory(_:)`` (for tests that must not see the system's fonts).
    package init(systemFonts: Bool) {
        if systemFonts {
            config = FcInitLoadConfigAndFonts()
        } else {
            // No font directories, but the user's cache directory, where fontconfig caches what it
            // scans (without one it complains on stderr).
            let empty = FcConfigCreate()
            let cacheOnly = #"<fontconfig><cachedir prefix="xdg">fontconfig</cachedir></fontconfig>"#
            _ = cacheOnly.withCString { FcConfigParseAndLoadFromMemory(empty, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 0) }
            config = empty
        }
        state = Mutex(State())
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// The face for a font description, or nil when fontconfig finds nothing loadable. The face may
    /// be a substitute: ``match(family:weight:italic:language:)`` says whether it is.
    public func face(family: String, weight: Int, italic: Bool, language: String? = nil) -> FontFace? {
        match(family: family, weight: weight, italic: italic, language: language)?.face
    }

    /// A face from a font file path.
    public func face(path: String, index: Int = 0) -> FontFace? {
        state.withLock { $0.face(path: path, index: index) }
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
