import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// Seeded random sections against references: a fresh arrangement for `setSize`, the same section
/// with its axes swapped for horizontal scrolling, a scan of every frame for the geometry queries.
@Suite struct SectionArrangementTests {
    /// Lengths in halves, so that every sum is exact and results compare exactly.
    static func half(_ range: ClosedRange<Int>, _ rng: inout SeededGenerator) -> CGFloat {
        CGFloat(Int.random(in: range, using: &rng)) / 2
    }

    static func randomKind(_ rng: inout SeededGenerator) -> ArrangementKind {
        Int.random(in: 0..<3, using: &rng) == 0
            ? .grid(columns: Int.random(in: 1...4, using: &rng), uniformHeights: Bool.random(using: &rng))
            : .flow
    }

    static func randomMetrics(_ rng: inout SeededGenerator) -> SectionMetrics {
        SectionMetrics(
            inset: EdgeInsets(
                top: half(0...40, &rng), left: half(0...40, &rng), bottom: half(0...40, &rng),
                right: half(0...40, &rng)),
            lineSpacing: half(0...20, &rng), interitemSpacing: half(0...20, &rng),
            headerLength: Bool.random(using: &rng) ? half(1...80, &rng) : 0,
            footerLength: Bool.random(using: &rng) ? half(1...80, &rng) : 0)
    }

    /// Widths from a few values (so that lines meet again after a change), some wider than the line.
    static func randomSize(_ rng: inout SeededGenerator) -> CGSize {
        let widths: [CGFloat] = [0, 20, 50, 100, 100, 177.5, 177.5, 260, 400]
        return CGSize(width: widths.randomElement(using: &rng)!, height: half(0...240, &rng))
    }

    static func randomSection(_ rng: inout SeededGenerator) -> (ArrangementKind, [CGSize], SectionMetrics, CGFloat) {
        let count = Int.random(in: 0...120, using: &rng)
        let sizes = (0..<count).map { _ in randomSize(&rng) }
        return (randomKind(&rng), sizes, randomMetrics(&rng), half(500...900, &rng))
    }

    static func frames(_ section: SectionArrangement) -> [CGRect] { (0..<section.count).map(section.frame(ofItem:)) }

    static func transposed(_ r: CGRect) -> CGRect { CGRect(x: r.minY, y: r.minX, width: r.height, height: r.width) }

    @Test(arguments: 0..<40)
    func setSizeMatchesAFreshArrangement(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7)
        let (kind, start, metrics, width) = Self.randomSection(&rng)
        var sizes = start
        var section = SectionArrangement(kind: kind, sizes: sizes, metrics: metrics, crossLength: width, direction: .vertical)
        for _ in 0..<60 where !sizes.isEmpty {
            let item = Int.random(in: 0..<sizes.count, using: &rng)
            // Half the changes keep the width, as a height fitted for a known width does.
            var size = Self.randomSize(&rng)
            if Bool.random(using: &rng) { size.width = sizes[item].width }
            sizes[item] = size
            section.setSize(size, ofItem: item)
            let fresh = SectionArrangement(kind: kind, sizes: sizes, metrics: metrics, crossLength: width, direction: .vertical)
            #expect(section.lineCount == fresh.lineCount)
            #expect(Self.frames(section) == Self.frames(fresh))
            #expect(section.length == fresh.length)
            #expect(section.clampedItems == fresh.clampedItems)
            #expect(section.size(ofItem: item) == size)
        }
    }

    @Test(arguments: 0..<40)
    func horizontalIsVerticalWithAxesSwapped(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 10_000)
        let (kind, sizes, metrics, cross) = Self.randomSection(&rng)
        let vertical = SectionArrangement(kind: kind, sizes: sizes, metrics: metrics, crossLength: cross, direction: .vertical)
        var swapped = metrics
        swapped.inset = EdgeInsets(
            top: metrics.inset.left, left: metrics.inset.top, bottom: metrics.inset.right, right: metrics.inset.bottom)
        var horizontal = SectionArrangement(
            kind: kind, sizes: sizes.map { CGSize(width: $0.height, height: $0.width) }, metrics: swapped,
            crossLength: cross, direction: .horizontal)
        #expect(horizontal.length == vertical.length)
        #expect(horizontal.lineCount == vertical.lineCount)
        #expect(horizontal.availableLength == vertical.availableLength)
        #expect(horizontal.clampedItems == vertical.clampedItems)
        #expect(Self.frames(horizontal) == Self.frames(vertical).map(Self.transposed))
        #expect(horizontal.headerFrame == vertical.headerFrame.map(Self.transposed))
        #expect(horizontal.footerFrame == vertical.footerFrame.map(Self.transposed))
        for _ in 0..<10 {
            let rect = Self.randomRect(in: vertical, &rng)
            #expect(horizontal.items(in: Self.transposed(rect)) == vertical.items(in: rect))
        }
        // A change re-flows the same way both ways.
        if !sizes.isEmpty {
            let item = Int.random(in: 0..<sizes.count, using: &rng)
            let size = Self.randomSize(&rng)
            var changed = vertical
            changed.setSize(size, ofItem: item)
            horizontal.setSize(CGSize(width: size.height, height: size.width), ofItem: item)
            #expect(Self.frames(horizontal) == Self.frames(changed).map(Self.transposed))
        }
    }

    static func randomRect(in section: SectionArrangement, _ rng: inout SeededGenerator) -> CGRect {
        let length = max(1, Int(section.length))
        // Some rects start at an item's edge, to check that touching edges count.
        if section.count > 0 && Bool.random(using: &rng) {
            let frame = section.frame(ofItem: Int.random(in: 0..<section.count, using: &rng))
            let y = Bool.random(using: &rng) ? frame.maxY : frame.minY - 40
            return CGRect(x: frame.maxX, y: y, width: 40, height: 40)
        }
        return CGRect(
            x: half(-100...1800, &rng), y: half(-200...(2 * length + 100), &rng), width: half(0...800, &rng),
            height: half(0...1400, &rng))
    }

    @Test(arguments: 0..<60)
    func geometryQueriesMatchAScanOfAllFrames(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 20_000)
        let (kind, sizes, metrics, cross) = Self.randomSection(&rng)
        let direction: ScrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        var section = SectionArrangement(kind: kind, sizes: sizes, metrics: metrics, crossLength: cross, direction: direction)
        for _ in 0..<5 where !sizes.isEmpty {
            section.setSize(Self.randomSize(&rng), ofItem: Int.random(in: 0..<sizes.count, using: &rng))
        }
        let frames = Self.frames(section)
        for _ in 0..<40 {
            var rect = Self.randomRect(in: section, &rng)
            if direction == .horizontal { rect = Self.transposed(rect) }
            let scan = frames.indices.filter {
                let f = frames[$0]
                return f.minX <= rect.maxX && rect.minX <= f.maxX && f.minY <= rect.maxY && rect.minY <= f.maxY
            }
            #expect(section.items(in: rect) == scan)
        }
        for _ in 0..<60 {
            var point = CGPoint(x: Self.half(-20...1800, &rng), y: Self.half(-20...(2 * Int(section.length) + 40), &rng))
            if direction == .horizontal { point = CGPoint(x: point.y, y: point.x) }
            // Some points on an item's corners: its min edges hold it, its max edges do not.
            if !frames.isEmpty && Bool.random(using: &rng) {
                let frame = frames.randomElement(using: &rng)!
                point = CGPoint(
                    x: Bool.random(using: &rng) ? frame.minX : frame.maxX, y: Bool.random(using: &rng) ? frame.minY : frame.maxY)
            }
            let scan = frames.indices.first {
                let f = frames[$0]
                return f.minX <= point.x && point.x < f.maxX && f.minY <= point.y && point.y < f.maxY
            }
            #expect(section.item(at: point) == scan)
        }
    }

    /// Lines of no thickness and no spacing share their start: a query at that start finds them all.
    @Test func linesOfNoThickness() {
        let section = SectionArrangement(
            kind: .grid(columns: 1, uniformHeights: false), sizes: Array(repeating: CGSize(width: 10, height: 0), count: 4),
            metrics: SectionMetrics(lineSpacing: 0), crossLength: 100, direction: .vertical)
        #expect(section.length == 0)
        #expect(section.items(in: CGRect(x: 0, y: 0, width: 100, height: 0)) == [0, 1, 2, 3])
        #expect(section.item(at: .zero) == nil)
    }

    /// 10,000 items in the canonical two-column flow: a height change re-flows one line, a width
    /// change that moves every later item re-flows to the end; both agree with a fresh arrangement.
    @Test func largeFlow() {
        var sizes = (0..<10_000).map { CGSize(width: 177.5, height: CGFloat(100 + $0 % 7 * 10)) }
        var section = SectionArrangement(kind: .flow, sizes: sizes, metrics: SectionMetrics(), crossLength: 375, direction: .vertical)
        #expect(section.lineCount == 5_000)
        sizes[5] = CGSize(width: 177.5, height: 400)
        section.setSize(sizes[5], ofItem: 5)
        sizes[8] = CGSize(width: 300, height: 100)
        section.setSize(sizes[8], ofItem: 8)
        #expect(section.lineCount == 5_001)
        let fresh = SectionArrangement(kind: .flow, sizes: sizes, metrics: SectionMetrics(), crossLength: 375, direction: .vertical)
        #expect(Self.frames(section) == Self.frames(fresh))
        let screen = CGRect(x: 0, y: 300_000, width: 375, height: 812)
        #expect(section.items(in: screen) == fresh.items(in: screen))
        #expect(section.items(in: screen).count >= 8)
    }
}
