import Foundation

/// A face the library found for a description, with the names fontconfig knows it by, and whether
/// it is the font asked for or a substitute.
public struct FontMatch: Sendable {
    /// The face, loaded.
    public let face: FontFace
    /// The face's family as fontconfig names it: its typographic family ("Inter", not
    /// "Inter Semi Bold").
    public let family: String
    /// The face's style as fontconfig names it ("Semi Bold Italic").
    public let style: String
    /// The face's PostScript name ("Inter-SemiBoldItalic"); empty when the file has none.
    public let postScriptName: String
    /// The face's weight, OpenType's 100...900 (400 regular, 700 bold).
    public let weight: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// Whether this is the font asked for: a face of the family asked for (after `"system"` and the
    /// system UI names are replaced by their families), or the face with the PostScript name asked
    /// for. False when fontconfig substituted another family.
    public let isExact: Bool
}

extension FontLibrary {
    /// The face for a family, weight, slant and language, and whether it is of the family asked
    /// for; nil when fontconfig finds nothing loadable.
    ///
    /// The family resolves as the type's documentation says: `"system"` and the system UI names
    /// first, then fontconfig's match, then a face with that PostScript name, then fontconfig's
    /// substitute (``FontMatch/isExact`` false).
    /// - Parameters:
    ///   - family: a family, `"system"`, a system UI name (``systemUIFamilyNames``), or a PostScript name.
    ///   - weight: OpenType's 100...900.
    ///   - italic: whether an italic face is wanted.
    ///   - language: a BCP-47 tag fontconfig prefers faces for.
    /// - Complexity: a dictionary look-up once the description has been matched; fontconfig the
    ///   first time.
    public func match(family: String, weight: Int, italic: Bool, language: String? = nil) -> FontMatch? {
        state.withLock { state in
            let asked = family == "system" ? state.systemFamily ?? state.systemUIFamily(config)
                : Self.systemUIFamilyNames.contains(family) ? state.systemUIFamily(config) : family
            let key = "\(asked)|\(weight)|\(italic)|\(language ?? "")"
            if let known = state.matches[key] { return known }
            var found = Fontconfig.match(config, family: asked, weight: weight, italic: italic, language: language)
            var isExact = found?.hasFamily(asked) == true
            if !isExact, let named = Fontconfig.face(config, postScriptName: asked) {
                found = named
                isExact = true
            }
            let match = found.flatMap { state.match($0, isExact: isExact) }
            state.matches[key] = match
            return match
        }
    }

    /// The face whose PostScript name is `name` ("HelveticaNeue-Bold", "Avenir-Book", ignoring
    /// case), or nil when no font fontconfig knows has it.
    /// - Complexity: a dictionary look-up after the first time; fontconfig lists faces the first time.
    public func match(postScriptName name: String) -> FontMatch? {
        state.withLock { state in
            let key = "postscript:\(name)"
            if let known = state.matches[key] { return known }
            let match = Fontconfig.face(config, postScriptName: name).flatMap { state.match($0, isExact: true) }
            state.matches[key] = match
            return match
        }
    }
}

extension FontLibrary.State {
    /// A found face, loaded; nil when its file does not load.
    mutating func match(_ found: Fontconfig.Found, isExact: Bool) -> FontMatch? {
        face(path: found.path, index: found.index).map {
            FontMatch(face: $0, family: found.families.first ?? "", style: found.style,
                      postScriptName: found.postScriptName, weight: found.weight, isItalic: found.isItalic,
                      isExact: isExact)
        }
    }
}
