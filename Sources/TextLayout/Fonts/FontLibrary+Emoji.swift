/// The emoji fallback: the face fontconfig gives the generic family `emoji`.
extension FontLibrary {
    /// The colour emoji face: fontconfig's match for the generic family `emoji` (Noto Color Emoji,
    /// which `scripts/setup.sh` installs), or nil when fontconfig has no face with colour glyphs.
    /// - Complexity: a dictionary look-up after the first call.
    public func emojiFace() -> FontFace? {
        state.withLock { state in
            let key = "generic:emoji"
            if let known = state.matches[key] { return known?.face }
            let found = Fontconfig.match(config, family: "emoji", weight: 400, italic: false, language: nil)
            let match = found.flatMap { state.match($0, isExact: true) }.flatMap { $0.face.hasColorGlyphs ? $0 : nil }
            state.matches[key] = match
            return match?.face
        }
    }
}
