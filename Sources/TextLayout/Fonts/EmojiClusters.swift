/// Emoji presentation of grapheme clusters (UTS #51), and the face each cluster is shaped in.
///
/// Font fallback is per grapheme cluster, as in browsers: a cluster (a ZWJ family, a flag, a
/// keycap, an emoji with its skin tone, a letter with its marks) is shaped in one face, so it is
/// measured, broken and drawn as one unit.
enum EmojiClusters {
    static let textSelector: UInt32 = 0xFE0E, emojiSelector: UInt32 = 0xFE0F
    static let zeroWidthJoiner: UInt32 = 0x200D, keycap: UInt32 = 0x20E3
    static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF
    static let tags: ClosedRange<UInt32> = 0xE0020...0xE007F

    /// Whether a cluster is shown as emoji (UTS #51, "emoji presentation"):
    /// 1. a text presentation selector (U+FE0E) makes it text (`☺︎`);
    /// 2. an emoji presentation selector (U+FE0F) makes it emoji (`☺️`, the keycap `1️⃣`);
    /// 3. so do a flag's regional indicators (`🇯🇵`), a keycap mark (U+20E3), a skin-tone modifier
    ///    (`👍🏽`), a zero-width joiner after an emoji (`👨‍👩‍👧‍👦`) and tag characters (subdivision flags);
    /// 4. otherwise the first character's default presentation decides (`👍` emoji, `#` and `©` text).
    static func isEmoji(_ cluster: Substring.UnicodeScalarView) -> Bool {
        guard let first = cluster.first else { return false }
        // A character below U+2000 alone is never emoji (`#`, digits, `©` and `®` default to text).
        if first.value < 0x2000, cluster.index(after: cluster.startIndex) == cluster.endIndex { return false }
        var joined = false
        for s in cluster.dropFirst() {
            switch s.value {
            case textSelector: return false
            case emojiSelector, keycap, skinTones, tags: return true
            case zeroWidthJoiner: joined = true
            default: continue
            }
        }
        if regionalIndicators.contains(first.value) { return true }
        if joined && first.properties.isEmoji { return true }
        return first.properties.isEmojiPresentation
    }
}

extension TextMeasurer.ResolvedFont {
    /// The face a grapheme cluster is shaped in, by its first character:
    /// 1. an emoji cluster (``EmojiClusters/isEmoji(_:)``): the emoji face, when it has the glyph;
    /// 2. the primary face when it has the glyph, and always for whitespace;
    /// 3. the CJK fallback face when it has the glyph;
    /// 4. the emoji face when it has the glyph (a symbol the text faces lack);
    /// 5. the primary face (its missing-glyph box, as browsers draw "tofu").
    func face(for cluster: Substring) -> FontFace {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return primary }
        if let emoji, EmojiClusters.isEmoji(scalars), emoji.hasGlyph(for: first) { return emoji }
        if primary.hasGlyph(for: first) || first.properties.isWhitespace { return primary }
        if let fallback, fallback.hasGlyph(for: first) { return fallback }
        if let emoji, emoji.hasGlyph(for: first) { return emoji }
        return primary
    }
}
