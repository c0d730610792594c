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
    /// The face a grapheme cluster is shaped in, in Chromium's order (its font fallback per
    /// cluster, checked against headless Chromium by `make oracle`):
    /// 1. a cluster with an emoji presentation selector (U+FE0F: `☺️`, `1️⃣`): the emoji face, when
    ///    it has the glyph;
    /// 2. the primary face when it has a glyph for every character of the cluster (those that
    ///    draw nothing, as U+200D and the selectors, aside), and always for whitespace: so an
    ///    emoji the text font draws (DejaVu Sans has 😂 and ☺) is measured in the text font, as
    ///    Chromium measures it;
    /// 3. any other emoji cluster (``EmojiClusters/isEmoji(_:)``: a ZWJ family, a flag, a skin
    ///    tone, 👍): the emoji face, when it has the glyph;
    /// 4. the CJK fallback face when it has the glyph;
    /// 5. fontconfig's `sans-serif` face when it has the glyph (Hebrew, Arabic, Greek, Cyrillic
    ///    under a primary face without them);
    /// 6. the emoji face when it has the glyph (a symbol the text faces lack);
    /// 7. the primary face (its missing-glyph box, as browsers draw "tofu").
    ///
    /// (iOS differs at step 2: Core Text takes every emoji-presentation character from Apple
    /// Color Emoji, whatever the font.)
    func face(for cluster: Substring) -> FontFace {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return primary }
        let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
        if !single, let emoji, scalars.contains(where: { $0.value == EmojiClusters.emojiSelector }),
           !scalars.contains(where: { $0.value == EmojiClusters.textSelector }), emoji.hasGlyph(for: first) {
            return emoji
        }
        if first.properties.isWhitespace || (single ? primary.hasGlyph(for: first) : primary.covers(scalars)) { return primary }
        if let emoji, EmojiClusters.isEmoji(scalars), emoji.hasGlyph(for: first) { return emoji }
        if let fallback, fallback.hasGlyph(for: first) { return fallback }
        if let textFallback, textFallback.hasGlyph(for: first) { return textFallback }
        if let emoji, emoji.hasGlyph(for: first) { return emoji }
        return primary
    }
}

extension FontFace {
    /// Whether the face has a glyph for every character of a cluster that draws something (not
    /// for U+200D, the variation selectors and other default-ignorable characters).
    func covers(_ cluster: Substring.UnicodeScalarView) -> Bool {
        cluster.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || hasGlyph(for: $0) }
    }
}
