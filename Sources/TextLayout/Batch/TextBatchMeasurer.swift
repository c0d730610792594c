import AutoLayout
import Foundation

/// Many texts measured in one font at one or more widths, on every core: each text is prepared
/// once (segmented, each segment shaped once) and laid out at each width, which is arithmetic.
/// The engine of `selfsizing measure`, usable without it.
///
/// Results come in input order. ``measure(_:transform:consume:)`` streams them: items are measured
/// in groups of chunks, a few chunks per core, and each group's results are handed over before
/// the next group starts, so memory stays bounded however many items there are.
///
/// ```swift
/// let batch = try TextBatchMeasurer(font: Font(family: "DejaVu Sans", size: 17), widths: [343, 180])
/// for result in batch.measure([.init(id: "1", text: "Hello, world")]) {
///     print(result.id, result.layouts?.map(\.lineCount) ?? [])
/// }
/// ```
public struct TextBatchMeasurer: Sendable {
    /// One text to measure.
    public struct Item: Sendable, Hashable {
        /// What the caller knows the item by, handed back with its results.
        public var id: String
        /// The text.
        public var text: String
        /// A BCP-47 tag: it picks the CJK font variant and can change shaping.
        public var language: String?

        /// An item to measure.
        public init(id: String, text: String, language: String? = nil) {
            self.id = id
            self.text = text
            self.language = language
        }
    }

    /// An item laid out at one width.
    public struct Layout: Sendable, Hashable {
        /// The width laid out at.
        public var width: Double
        /// The number of lines, at most the line limit when there is one.
        public var lineCount: Int
        /// The line count times the line height.
        public var height: Double
        /// Each line's text (the last one truncated at the tail when the text takes more lines than
        /// the limit), or nil when lines are not wanted.
        public var lines: [String]?
    }

    /// One item's results.
    public struct Result: Sendable, Hashable {
        /// The item's place in the input.
        public var index: Int
        /// The item's id.
        public var id: String
        /// The item at each width, in the order of ``TextBatchMeasurer/widths``; nil when no font is
        /// found for the item's language.
        public var layouts: [Layout]?
    }

    /// Why a batch cannot be measured.
    public enum Failure: Error, Hashable, Sendable {
        /// No face can be found or loaded for the font.
        case noFont(Font)
    }

    /// The measurer that prepares the texts (its segment widths are shared by all items).
    public let measurer: TextMeasurer
    /// The font every item is measured in.
    public let font: Font
    /// The widths each item is laid out at, in pixels.
    public let widths: [Double]
    /// The height of a line in pixels: the fixed line height asked for, or the font's natural one.
    public let lineHeight: Double
    /// The most lines an item shows (0: no limit); an item that takes more ends in an ellipsis, as
    /// a UILabel's (`byTruncatingTail`).
    public var lineLimit: Int
    /// Whether each layout carries its lines' texts (``Layout/lines``); without them only line
    /// counts are worked out, which is faster.
    public var includesLines: Bool
    /// Whether items are measured on every core (true) or on the calling thread only; the results
    /// are the same.
    public var concurrently = true
    /// How many items one worker measures at a time.
    package var chunkSize = 2048

    /// A batch measuring in `font` at `widths`.
    /// - Parameters:
    ///   - measurer: the measurer that prepares the texts.
    ///   - font: the font of every item.
    ///   - widths: the widths to lay out at, in pixels.
    ///   - lineHeight: a fixed line height in pixels; nil for the font's natural line height.
    ///   - lineLimit: the most lines shown (0: no limit).
    ///   - includesLines: whether the results carry the lines' texts.
    /// - Throws: ``Failure/noFont(_:)`` when no face is found for the font.
    public init(measurer: TextMeasurer = TextMeasurer(), font: Font, widths: [Double], lineHeight: Double? = nil,
                lineLimit: Int = 0, includesLines: Bool = true) throws(Failure) {
        guard measurer.resolve(font, language: nil, category: .large) != nil else { throw .noFont(font) }
        self.measurer = measurer
        self.font = font
        self.widths = widths
        let setting: LineHeight = lineHeight.map { .fixed(CGFloat($0)) } ?? .natural
        self.lineHeight = Double(measurer.measure(TextMeasureRequest(text: "x", font: font, width: nil,
                                                                     lineHeight: setting)).size.height)
        self.lineLimit = lineLimit
        self.includesLines = includesLines
    }

    /// Every item's results, in input order.
    /// - Complexity: O(n) results held at once; use ``measure(_:transform:consume:)`` to stream.
    public func measure(_ items: [Item]) -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(items.count)
        measure(items, transform: { $0 }, consume: { results.append($0) })
        return results
    }

    /// Measures items and hands each one's results over in input order.
    /// - Parameters:
    ///   - items: the texts.
    ///   - transform: turns an item's results into what the caller keeps (a line of output, say);
    ///     called on the measuring threads, for items in any order.
    ///   - consume: receives each transformed result, in input order, on the calling thread.
    public func measure<Output: Sendable>(_ items: [Item], transform: @escaping @Sendable (Result) -> Output,
                                          consume: (Output) -> Void) {
        let chunk = max(1, chunkSize)
        let chunks = (items.count + chunk - 1) / chunk
        // The font of each language the items use, resolved once here, on the calling thread: the
        // workers then only read this table and never contend for the measurer's font lock.
        var byLanguage: [String?: TextMeasurer.ResolvedFont?] = [:]
        for item in items where byLanguage.index(forKey: item.language) == nil {
            byLanguage.updateValue(measurer.resolve(font, language: item.language, category: .large), forKey: item.language)
        }
        let fonts = byLanguage
        // A few chunks per core at a time: the cores stay busy while a slow chunk finishes, and
        // the outputs of one group are all that is held.
        let group = concurrently ? max(1, ProcessInfo.processInfo.activeProcessorCount) * 4 : 1
        var first = 0
        while first < chunks {
            let last = min(chunks, first + group)
            let start = first * chunk, end = min(items.count, last * chunk)
            let outputs = BatchSlots<Output>(count: end - start)
            defer { outputs.deallocate() }
            let firstChunk = first
            let measureChunk: @Sendable (Int) -> Void = { k in
                let c = firstChunk + k
                for i in (c * chunk)..<min(items.count, (c + 1) * chunk) {
                    let item = items[i]
                    outputs[i - start] = transform(result(item, index: i, fonts[item.language] ?? nil))
                }
            }
            if concurrently && last - first > 1 {
                DispatchQueue.concurrentPerform(iterations: last - first, execute: measureChunk)
            } else {
                for k in 0..<(last - first) { measureChunk(k) }
            }
            for k in 0..<(end - start) { consume(outputs.take(k)) }
            first = last
        }
    }

    /// One item prepared once and laid out at every width, in its language's font.
    func result(_ item: Item, index: Int, _ resolved: TextMeasurer.ResolvedFont?) -> Result {
        guard let resolved else { return Result(index: index, id: item.id, layouts: nil) }
        let prepared = measurer.prepare(item.text, resolved, language: item.language, keep: false)
        var layouts: [Layout] = []
        layouts.reserveCapacity(widths.count)
        for w in widths {
            let count: Int
            var lines: [String]?
            if includesLines {
                let laid = measurer.lines(prepared, width: w, limit: lineLimit, mode: .byTruncatingTail, resolved,
                                          language: item.language)
                count = laid.count
                lines = laid.map(\.text)
            } else {
                count = prepared.size(width: w, maxLines: lineLimit).lineCount
            }
            layouts.append(Layout(width: w, lineCount: count, height: Double(count) * lineHeight, lines: lines))
        }
        return Result(index: index, id: item.id, layouts: layouts)
    }
}

/// The outputs of one group of chunks, written by the measuring threads, each at its own index,
/// and read on the calling thread once they all finished.
///
/// Unchecked Sendable: no two threads touch one slot (each index belongs to one item, and each
/// item to one chunk), and the slots are read only after `concurrentPerform` returned, which
/// orders every write before the reads.
private struct BatchSlots<Output>: @unchecked Sendable {
    private let base: UnsafeMutableBufferPointer<Output?>

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: nil)
    }

    subscript(k: Int) -> Output? {
        get { base[k] }
        nonmutating set { base[k] = newValue }
    }

    /// Moves an output out of its slot.
    func take(_ k: Int) -> Output {
        let output = base[k]!
        base[k] = nil
        return output
    }

    func deallocate() {
        base.deinitialize()
        base.deallocate()
    }
}
