import Foundation
import Synchronization

/// A prepared text's key: the font, the breaking mode and the text's UTF-8 bytes (compared as
/// bytes, not as canonically equivalent strings: the bytes are what is shaped).
struct PreparedKey: Hashable {
    let font: Int
    let charWrap: Bool
    let text: String
    /// The bytes' hash (``ByteHash``) with the font's, made once per look-up: it picks the shard
    /// and the place in the shard's table.
    let hash: Int

    init(font: Int, charWrap: Bool, text: String) {
        self.font = font
        self.charWrap = charWrap
        self.text = text
        hash = ByteHash.hash(text, seed: font)
    }

    static func == (a: PreparedKey, b: PreparedKey) -> Bool {
        guard a.hash == b.hash, a.font == b.font, a.charWrap == b.charWrap else { return false }
        let same = a.text.utf8.withContiguousStorageIfAvailable { x in
            b.text.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        return (same ?? nil) ?? a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// One shard of the prepared texts, with its own lock and counters.
final class PreparedShard: Sendable {
    private struct State {
        var texts: [PreparedKey: PreparedText] = [:]
        var hits = 0, misses = 0
    }

    private let state: Mutex<State>

    /// Sized for a list of a few thousand texts at the start (growing from nothing rehashes every
    /// text several times; sizing it for the limit costs a new measurer megabytes it may never use).
    init() {
        var s = State()
        s.texts.reserveCapacity(512)
        state = Mutex(s)
    }

    /// The text kept for a key, or nil; counts a hit or a miss.
    func text(for key: PreparedKey) -> PreparedText? {
        state.withLock { s in
            let found = s.texts[key]
            if found == nil { s.misses += 1 } else { s.hits += 1 }
            return found
        }
    }

    /// Keeps a prepared text, emptying the shard first when it holds more than `limit`.
    func keep(_ text: PreparedText, for key: PreparedKey, limit: Int) {
        state.withLock { s in
            if s.texts.count > limit { s.texts.removeAll(keepingCapacity: true) }
            s.texts[key] = text
        }
    }

    var counts: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    func resetCounts() { state.withLock { $0.hits = 0; $0.misses = 0 } }
}

extension TextMeasurer {
    /// A text prepared: kept from an earlier call, or prepared now (and kept when `keep`).
    /// - Parameter charWrap: break between any grapheme clusters (UILabel's byCharWrapping), not
    ///   only where UAX #14 allows.
    func prepare(_ text: String, _ font: ResolvedFont, language: String?, keep: Bool = true,
                 charWrap: Bool = false) -> PreparedText {
        guard keep else { return makePrepared(text, font, language: language, charWrap: charWrap) }
        let key = PreparedKey(font: font.id, charWrap: charWrap, text: text)
        return keptPrepared(key) ?? prepareAndKeep(key, font, language: language)
    }

    /// A text prepared and kept earlier, or nil.
    func keptPrepared(_ key: PreparedKey) -> PreparedText? {
        preparedTexts.withShard(for: key.hash) { $0.text(for: key) }
    }

    /// Prepares a key's text and keeps it.
    func prepareAndKeep(_ key: PreparedKey, _ font: ResolvedFont, language: String?) -> PreparedText {
        let p = makePrepared(key.text, font, language: language, charWrap: key.charWrap)
        preparedTexts.withShard(for: key.hash) {
            $0.keep(p, for: key, limit: TextMeasurer.preparedLimit / preparedTexts.count)
        }
        return p
    }
}
