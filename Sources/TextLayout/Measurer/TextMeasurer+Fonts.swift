import AutoLayout

extension TextMeasurer {
    /// A font resolved to faces and a pixel size (a class: measuring passes it around often).
    final class ResolvedFont: Sendable {
        let primary: FontFace
        let fallback: FontFace?
        /// The colour emoji face emoji clusters take (``EmojiClusters``), if any.
        let emoji: FontFace?
        /// fontconfig's `sans-serif` face (DejaVu Sans), for scripts neither the primary nor the
        /// CJK face has (Hebrew and Arabic when the primary is Inter); nil when it is the primary.
        let textFallback: FontFace?
        let size: Double
        /// The line height of a Dynamic Type style; nil takes it from the font.
        let leading: Double?
        let key: String
        /// A small number for the font in cache keys, the same for every request that resolves
        /// to the same faces and size.
        let id: Int

        init(primary: FontFace, fallback: FontFace?, emoji: FontFace? = nil, textFallback: FontFace? = nil, size: Double,
             leading: Double?, key: String, id: Int) {
            self.primary = primary
            self.fallback = fallback
            self.emoji = emoji
            self.textFallback = textFallback
            self.size = size
            self.leading = leading
            self.key = key
            self.id = id
        }

        func px(_ units: Double, _ face: FontFace) -> Double { units * size / face.unitsPerEm }
    }

    /// What asked for a font.
    struct ResolveKey: Hashable {
        let font: Font
        let language: String?
        let category: ContentSizeCategory
    }

    /// The fonts a measurer resolved, behind its `fonts` lock.
    struct FontCache {
        var resolved: [ResolveKey: ResolvedFont?] = [:]
        /// The last few fonts asked for, compared before anything is hashed: a table's labels ask
        /// for the same two or three fonts row after row.
        var recentlyResolved: [(ResolveKey, ResolvedFont?)] = []
        /// Font ids by resolved key (faces, size, language).
        var ids: [String: Int] = [:]
        /// Fonts resolved through fontconfig (cache misses).
        var resolutions = 0

        /// A font resolved earlier, or nil (`.some(nil)`: resolved to nothing).
        mutating func lookUp(_ key: ResolveKey) -> ResolvedFont?? {
            for (k, r) in recentlyResolved where k == key { return r }
            guard let r = resolved[key] else { return nil }
            if recentlyResolved.count == 4 { recentlyResolved.removeFirst() }
            recentlyResolved.append((key, r))
            return r
        }

        /// The id of a resolved key, a new one the first time.
        mutating func id(_ key: String) -> Int {
            if let id = ids[key] { return id }
            let id = ids.count
            ids[key] = id
            return id
        }
    }

    /// A font's faces and size: from the cache, or found through the library (outside the lock:
    /// fontconfig is slow, and the library has a lock of its own).
    func resolve(_ font: Font, language: String?, category: ContentSizeCategory) -> ResolvedFont? {
        let key = ResolveKey(font: font, language: language, category: category)
        if let r = fonts.withLock({ $0.lookUp(key) }) { return r }
        var size = Double(font.size)
        var weight = font.weight
        var leading: Double?
        if let style = font.textStyle {
            let metrics = DynamicType.metrics(style, category)
            size = metrics.size
            weight = metrics.weight
            leading = metrics.leading
        }
        let face = font.path.map { library.face(path: $0) } ?? library.face(family: font.family, weight: weight,
                                                                             italic: font.isItalic, language: language)
        let fallback = face == nil ? nil : library.cjkFace(weight: weight, language: language)
        let emoji = face == nil ? nil : library.emojiFace()
        let sans = face == nil ? nil : library.face(family: "sans-serif", weight: weight, italic: font.isItalic, language: language)
        let textFallback = sans === face ? nil : sans
        return fonts.withLock { cache in
            cache.resolutions += 1
            var r: ResolvedFont?
            if let primary = face {
                let name = "\(primary.path)#\(primary.index)|\(fallback?.path ?? "")|\(emoji?.path ?? "")|\(textFallback.map { "\($0.path)#\($0.index)" } ?? "")|\(size)|\(language ?? "")"
                r = ResolvedFont(primary: primary, fallback: fallback, emoji: emoji, textFallback: textFallback, size: size, leading: leading, key: name,
                                 id: cache.id(name))
            }
            cache.resolved[key] = r
            return r
        }
    }
}
