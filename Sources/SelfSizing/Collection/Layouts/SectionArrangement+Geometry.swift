import Foundation

// Frames and the geometry queries. A line's start along the scroll axis comes from the running
// sums of the lines' thicknesses and spacing (`offsets`), so finding the first line at an offset is
// a descent of the Fenwick tree, O(log lines); lines are visited from there in order, each next
// start the previous one plus its thickness and spacing (the same as `frame(ofItem:)`'s running sum
// up to rounding in the last bit, exactly when lengths are multiples of a power of two such as 0.5).
//
// Rectangles are compared as closed sets (touching edges intersect, as Foundation's
// `CGRect.intersects` does), points as half-open ones (a frame holds its min edges, not its max
// edges, so justified items that touch have one owner).

extension SectionArrangement {
    /// Item `item`'s frame, in section coordinates.
    ///
    /// - Complexity: O(log lines).
    public func frame(ofItem item: Int) -> CGRect {
        let line = line(ofItem: item)
        return frame(ofItem: item, lineStart: lineStart(line), thickness: thicknesses[line])
    }

    /// The header's frame, spanning the collection's cross length; nil when `headerLength` is 0.
    public var headerFrame: CGRect? {
        guard metrics.headerLength > 0 else { return nil }
        return axes.rect(across: 0, along: 0, acrossLength: crossLength, alongLength: metrics.headerLength)
    }

    /// The footer's frame, spanning the collection's cross length; nil when `footerLength` is 0.
    ///
    /// - Complexity: O(log lines).
    public var footerFrame: CGRect? {
        guard metrics.footerLength > 0 else { return nil }
        return axes.rect(
            across: 0, along: length - metrics.footerLength, acrossLength: crossLength,
            alongLength: metrics.footerLength)
    }

    /// The items whose frames intersect `rect` (section coordinates, edges included), ascending.
    ///
    /// - Complexity: O(log lines + k), k the items on the lines that `rect` crosses.
    public func items(in rect: CGRect) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(32)
        forEachItem(in: rect) { result.append($0) }
        return result
    }

    /// Calls `body` with each item whose frame intersects `rect` (section coordinates, edges
    /// included), ascending: ``items(in:)`` without building an array.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in section coordinates.
    ///   - body: Called with each item's index.
    /// - Complexity: O(log lines + k), k the items on the lines that `rect` crosses.
    public func forEachItem(in rect: CGRect, _ body: (Int) -> Void) {
        guard !rect.isNull, lineCount > 0 else { return }
        let r = rect.standardized
        let (low, high) = axes.direction == .vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
        var line = firstLine(endingAtOrAfter: low)
        var start = lineStart(line)
        while line < lineCount && start <= high {
            let thickness = thicknesses[line]
            if start + thickness >= low {
                for item in items(onLine: line) {
                    let f = frame(ofItem: item, lineStart: start, thickness: thickness)
                    if f.minX <= r.maxX && r.minX <= f.maxX && f.minY <= r.maxY && r.minY <= f.maxY { body(item) }
                }
            }
            start += CGFloat(offsets.values[line])
            line += 1
        }
    }

    /// The item whose frame contains `point` (min edges included, max edges excluded), if any.
    ///
    /// - Complexity: O(log lines + items in that line).
    public func item(at point: CGPoint) -> Int? {
        guard lineCount > 0 else { return nil }
        let along = axes.split(point).along
        // Lines that end exactly at `along` do not hold it (half-open), but one that starts there might.
        var line = firstLine(endingAtOrAfter: along)
        while line < lineCount {
            let start = lineStart(line)
            guard start <= along else { return nil }
            let thickness = thicknesses[line]
            if along < start + thickness {
                for item in items(onLine: line) {
                    let f = frame(ofItem: item, lineStart: start, thickness: thickness)
                    if f.minX <= point.x && point.x < f.maxX && f.minY <= point.y && point.y < f.maxY { return item }
                }
                return nil
            }
            line += 1
        }
        return nil
    }

    /// The first line whose end along the scroll axis is at or after `offset` (the last line when none
    /// is): lines' ends never decrease, so this is a search of the running sums.
    ///
    /// - Complexity: O(log lines).
    private func firstLine(endingAtOrAfter offset: CGFloat) -> Int {
        let found = offsets.index(containing: Double(offset - axes.linesStart))
        var line = min(found, lineCount - 1)
        // The tree's tolerance may name the line after one that ends at `offset`, and lines of no
        // thickness (with no spacing) share their start.
        while line > 0 && lineStart(line - 1) + thicknesses[line - 1] >= offset { line -= 1 }
        return line
    }

    /// Where line `line` starts along the scroll axis.
    ///
    /// - Complexity: O(log lines).
    package func lineStart(_ line: Int) -> CGFloat {
        axes.linesStart + CGFloat(offsets.prefix(line))
    }

    /// An item's frame on a line that starts at `lineStart` and is `thickness` long.
    @inline(__always)
    func frame(ofItem item: Int, lineStart: CGFloat, thickness: CGFloat) -> CGRect {
        let itemAlong = along[item]
        switch kind {
        case .flow:
            // Rule 6: centred in the line.
            return axes.rect(
                across: origins[item], along: lineStart + (thickness - itemAlong) / 2,
                acrossLength: min(across[item], axes.available), alongLength: itemAlong)
        case .grid(_, let uniformHeights):
            return axes.rect(
                across: origins[item], along: lineStart, acrossLength: gridLength,
                alongLength: uniformHeights ? thickness : itemAlong)
        }
    }
}
