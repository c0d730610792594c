import AutoLayout
import CICUShim

/// Bidirectional text (the Unicode Bidirectional Algorithm, UAX #9) through ICU's ubidi: the
/// direction of a paragraph, and the runs of a line in the order they are drawn.
///
/// A paragraph's base direction is its first strong character's (rule P2: a Hebrew or Arabic
/// letter makes it right to left, a Latin one left to right), else the direction given (a label's
/// layout direction). Lines are broken in logical order (the order of the text); only drawing
/// reorders them (rule L2), each line on its own, with the spaces that hang at its end left out.
public enum Bidi {
    /// A run of one direction in a line; a line's runs come in visual order, left to right.
    public struct Run: Sendable, Hashable {
        /// The run's text in the line.
        public var range: Range<String.Index>
        /// Whether the run reads right to left (an odd embedding level).
        public var isRightToLeft: Bool
    }

    /// The direction of a text's first strong character (rule P2), or nil when it has none
    /// (digits, punctuation and spaces only).
    public static func firstStrongDirection(of text: some StringProtocol) -> LayoutDirection? {
        let utf16 = Array(text.utf16)
        switch utf16.withUnsafeBufferPointer({ cicu_bidi_first_strong($0.baseAddress, Int32($0.count)) }) {
        case 0: return .leftToRight
        case 1: return .rightToLeft
        default: return nil
        }
    }

    /// The runs of a line in visual order, the line resolved as a paragraph of its own.
    /// - Parameters:
    ///   - line: one line (no paragraph separator inside).
    ///   - direction: the paragraph's base direction; nil takes the line's first strong character's
    ///     (left to right when it has none).
    /// - Returns: the runs left to right; empty for an empty line or when ICU fails.
    public static func visualRuns(of line: String, direction: LayoutDirection? = nil) -> [Run] {
        let level: Int32 = direction.map { $0 == .rightToLeft ? 1 : 0 } ?? -1
        guard let paragraphs = BidiParagraphs(line, level: level) else { return [] }
        return paragraphs.visualRuns(0..<line.utf16.count).map {
            Run(range: String.Index(utf16Offset: $0.range.lowerBound, in: line)..<String.Index(utf16Offset: $0.range.upperBound, in: line),
                isRightToLeft: $0.isRightToLeft)
        }
    }
}

/// A text's paragraphs resolved by ubidi once (rules P1 to I2), and lines of it reordered
/// (rules L1 and L2) in UTF-16 offsets.
///
/// Owns the UTF-16 copy of the text that ICU reads by reference; used by one thread at a time.
final class BidiParagraphs {
    private let utf16: UnsafeMutableBufferPointer<UInt16>
    private let paragraphs: OpaquePointer
    private let line: OpaquePointer

    /// - Parameter level: 0 left to right, 1 right to left, -1 each paragraph's first strong
    ///   character's else left to right, -2 the same else right to left.
    init?(_ text: String, level: Int32) {
        let units = Array(text.utf16)
        guard let paragraphs = cicu_bidi_open() else { return nil }
        guard let line = cicu_bidi_open() else {
            cicu_bidi_close(paragraphs)
            return nil
        }
        utf16 = .allocate(capacity: max(units.count, 1))
        _ = utf16.initialize(from: units)
        self.paragraphs = paragraphs
        self.line = line
        if cicu_bidi_set_para(paragraphs, utf16.baseAddress, Int32(units.count), level) != 0 { return nil }
    }

    deinit {
        cicu_bidi_close(line)
        cicu_bidi_close(paragraphs)
        utf16.deallocate()
    }

    /// Whether the paragraph holding a UTF-16 offset is right to left.
    func isRightToLeft(at offset: Int) -> Bool {
        cicu_bidi_paragraph_level(paragraphs, Int32(offset)) & 1 == 1
    }

    /// The runs of the line `range` (UTF-16 offsets within one paragraph) in visual order, their
    /// ranges in UTF-16 offsets of the whole text; empty for an empty range or when ICU fails.
    func visualRuns(_ range: Range<Int>) -> [(range: Range<Int>, isRightToLeft: Bool)] {
        guard !range.isEmpty, cicu_bidi_set_line(paragraphs, Int32(range.lowerBound), Int32(range.upperBound), line) == 0 else {
            return []
        }
        let count = cicu_bidi_run_count(line)
        guard count > 0 else { return [] }
        return (0..<count).map { k in
            var start: Int32 = 0, length: Int32 = 0
            let rtl = cicu_bidi_visual_run(line, k, &start, &length) == 1
            let lower = range.lowerBound + Int(start)
            return (lower..<lower + Int(length), rtl)
        }
    }
}
