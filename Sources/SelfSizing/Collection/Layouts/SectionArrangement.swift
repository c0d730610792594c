import AutoLayout
import Foundation

/// One section's items arranged in lines, in section coordinates: the section starts at 0 along the
/// scroll axis (its header first), and spans the collection's cross length.
///
/// A flow (`UICollectionViewFlowLayout`) fills lines by these rules, for vertical scrolling (a
/// horizontal layout swaps the axes: lines become columns running down, "width" is the height,
/// "left" the top):
///
/// 1. Available length `L = width - inset.left - inset.right` (never below 0).
/// 2. Items fill a line in index order; item k joins it while `used + interitemSpacing + w_k <= L`
///    (within 1e-9 L); the first item of a line is always placed, even wider than L: it is then
///    clamped to L and listed in ``clampedItems``.
/// 3. A line of two or more items that is not the section's last is justified: the leftover space
///    widens the gaps equally, first item flush left, last flush right.
/// 4. A line holding a single item, not the last, centres it.
/// 5. The last line is leading-aligned with exactly `interitemSpacing` between items.
/// 6. A line is as tall as its tallest item; each item is centred vertically in its line.
/// 7. Lines are `lineSpacing` apart; a section is header + inset.top + lines + inset.bottom +
///    footer. An empty section keeps its header, both insets and its footer, as UIKit's does.
///
/// A grid has rows of N items `(L - (N - 1) * interitemSpacing) / N` wide, each row as tall as its
/// tallest item, items top-aligned with their own heights or stretched to the row; rows are
/// `lineSpacing` apart, in the same section frame.
///
/// Invariants: `lineFirst` is strictly increasing from 0 and partitions the items into lines made by
/// the rules from the current sizes; `offsets[i]` is line i's thickness plus the line spacing, so a
/// line's start is `linesStart + offsets.prefix(i)`; `origins[k]` is item k's position across.
public struct SectionArrangement: Sendable {
    /// How the items are arranged.
    public let kind: ArrangementKind
    /// The section's insets, spacings, header and footer.
    public let metrics: SectionMetrics
    /// The collection's length across the scroll axis (its width when scrolling vertically).
    public let crossLength: CGFloat
    /// The axis the collection scrolls along.
    public let direction: ScrollDirection

    let axes: SectionAxes
    /// The grid's column count, 0 for a flow.
    let columns: Int
    /// A grid item's length across; 0 for a flow.
    let gridLength: CGFloat
    /// Each item's given length across and along the scroll axis.
    var across: [CGFloat]
    var along: [CGFloat]
    /// Each item's position across, section coordinates.
    var origins: [CGFloat]
    /// Each line's first item.
    package private(set) var lineFirst: [Int] = []
    /// Each line's length along the scroll axis: its longest item.
    package private(set) var thicknesses: [CGFloat] = []
    /// Each line's thickness plus the line spacing, with running sums.
    var offsets = PrefixSums()
    /// Buffers for the lines a re-flow makes, kept to spare allocations.
    private var newFirsts: [Int] = []
    private var newThicknesses: [CGFloat] = []

    /// Arranges `sizes` (as the items' sizes, in index order) by `kind` in a section of `metrics`
    /// whose collection is `crossLength` across its scroll `direction`.
    ///
    /// - Parameters:
    ///   - kind: A flow or a grid.
    ///   - sizes: The items' sizes; a grid uses only their lengths along the scroll axis.
    ///   - metrics: The section's insets, spacings, header and footer lengths.
    ///   - crossLength: The collection's width (vertical) or height (horizontal).
    ///   - direction: The scroll direction.
    /// - Complexity: O(n).
    public init(
        kind: ArrangementKind, sizes: [CGSize], metrics: SectionMetrics, crossLength: CGFloat,
        direction: ScrollDirection
    ) {
        self.kind = kind
        self.metrics = metrics
        self.crossLength = crossLength
        self.direction = direction
        let axes = SectionAxes(metrics: metrics, crossLength: crossLength, direction: direction)
        self.axes = axes
        switch kind {
        case .flow:
            columns = 0
            gridLength = 0
        case .grid(let n, _):
            columns = max(1, n)
            gridLength = Self.gridItemLength(
                columns: n, metrics: metrics, crossLength: crossLength, direction: direction)
        }
        across = sizes.map { axes.split($0).across }
        along = sizes.map { axes.split($0).along }
        origins = Array(repeating: 0, count: sizes.count)
        reflow(fromLine: 0, firstItem: 0, changedItem: -1)
    }

    /// The available cross length L (rule 1): crossLength less the insets across, never below 0.
    public var availableLength: CGFloat { axes.available }

    /// A grid item's width (vertical) or height (horizontal): `(L - (columns - 1) * spacing) / columns`,
    /// never below 0, a column count below 1 counting as 1.
    ///
    /// - Parameters:
    ///   - columns: The number of items a row.
    ///   - metrics: The section's insets and inter-item spacing.
    ///   - crossLength: The collection's width (vertical) or height (horizontal).
    ///   - direction: The scroll direction.
    public static func gridItemLength(
        columns: Int, metrics: SectionMetrics, crossLength: CGFloat, direction: ScrollDirection
    ) -> CGFloat {
        let axes = SectionAxes(metrics: metrics, crossLength: crossLength, direction: direction)
        let n = CGFloat(max(1, columns))
        return max(0, (axes.available - (n - 1) * axes.interitemSpacing) / n)
    }

    /// A grid item's width (vertical) or height (horizontal); nil for a flow.
    public var gridItemLength: CGFloat? { columns > 0 ? gridLength : nil }

    /// The number of items.
    public var count: Int { across.count }

    /// The number of lines (rows of a grid).
    public var lineCount: Int { lineFirst.count }

    /// header + inset before + lines and their spacing + inset after + footer, along the scroll axis.
    ///
    /// - Complexity: O(log lines).
    public var length: CGFloat {
        let lines = lineCount > 0 ? CGFloat(offsets.total) - axes.lineSpacing : 0
        return axes.linesStart + lines + axes.insetAfter + metrics.footerLength
    }

    /// The size an item was arranged with, as given (a grid uses only its length along the scroll axis).
    public func size(ofItem item: Int) -> CGSize {
        axes.size(across: across[item], along: along[item])
    }

    /// Items placed first on a line although wider than L (rule 2), clamped to L: what the collection
    /// reports as diagnostics. Always empty for a grid.
    ///
    /// - Complexity: O(lines).
    public var clampedItems: [Int] {
        guard columns == 0 else { return [] }
        let limit = axes.available + axes.tolerance
        return lineFirst.filter { across[$0] > limit }
    }

    /// Changes one item's size and re-flows the section from that item's line on: lines before it do
    /// not change, except in a flow the line just before when the item starts its line and got
    /// shorter across (it may now fit at the end of that line, rule 2).
    ///
    /// The re-flow stops at the first new line that starts where an old one did after the item: the
    /// lines from there are the same, and their offsets follow from the running sums.
    ///
    /// - Parameters:
    ///   - size: The item's new size.
    ///   - item: The item's index.
    /// - Complexity: O(log lines) to find the line, then O(items re-flowed + log lines) when the lines
    ///   keep their number, O(items re-flowed + lines) when they do not.
    public mutating func setSize(_ size: CGSize, ofItem item: Int) {
        precondition(item >= 0 && item < count, "item \(item) out of 0..<\(count)")
        let (newAcross, newAlong) = axes.split(size)
        let shorter = newAcross < across[item]
        across[item] = newAcross
        along[item] = newAlong
        var line = line(ofItem: item)
        if columns == 0 && shorter && line > 0 && lineFirst[line] == item { line -= 1 }
        reflow(fromLine: line, firstItem: lineFirst[line], changedItem: item)
    }

    /// The line (row) holding `item`.
    ///
    /// - Complexity: O(log lines) for a flow, O(1) for a grid.
    package func line(ofItem item: Int) -> Int {
        if columns > 0 { return item / columns }
        // The last line whose first item is at most `item`.
        var low = 0
        var high = lineFirst.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineFirst[middle] <= item { low = middle } else { high = middle }
        }
        return low
    }

    /// The items of line `line`.
    package func items(onLine line: Int) -> Range<Int> {
        lineFirst[line]..<(line + 1 < lineFirst.count ? lineFirst[line + 1] : count)
    }

    /// Fills and places lines from `startLine`, whose first item is `firstItem`, until a new line
    /// starts where an old one did past `changed` (the rest is unchanged) or the items run out, and
    /// puts the new lines in place of the old ones they replace.
    private mutating func reflow(fromLine startLine: Int, firstItem: Int, changedItem changed: Int) {
        let count = self.count
        let axes = self.axes
        let columns = self.columns
        let gridLength = self.gridLength
        let oldCount = lineFirst.count
        // At most one line an item; the buffers only grow, so a re-flow allocates nothing once they
        // are large enough.
        if newFirsts.count < count - firstItem {
            let size = max(count - firstItem, 2 * newFirsts.count)
            newFirsts = Array(repeating: 0, count: size)
            newThicknesses = Array(repeating: 0, count: size)
        }
        var firsts = newFirsts
        var lineThicknesses = newThicknesses
        var placed = origins
        (newFirsts, newThicknesses, origins) = ([], [], [])
        var made = 0
        var next = firstItem
        var old = startLine
        firsts.withUnsafeMutableBufferPointer { firsts in
            lineThicknesses.withUnsafeMutableBufferPointer { lineThicknesses in
                placed.withUnsafeMutableBufferPointer { placed in
                    across.withUnsafeBufferPointer { across in
                        along.withUnsafeBufferPointer { along in
                            while next < count {
                                let first = next
                                let thickness: CGFloat
                                if columns > 0 {
                                    let row = GridRow.fill(from: first, columns: columns, along: along)
                                    row.place(itemLength: gridLength, axes: axes, into: placed)
                                    (next, thickness) = (row.end, row.thickness)
                                } else {
                                    let line = FlowLine.fill(from: first, across: across, along: along, axes: axes)
                                    line.place(isLast: line.end == count, across: across, axes: axes, into: placed)
                                    (next, thickness) = (line.end, line.thickness)
                                }
                                firsts[made] = first
                                lineThicknesses[made] = thickness
                                made += 1
                                while old < oldCount && lineFirst[old] < next { old += 1 }
                                if next > changed && old < oldCount && lineFirst[old] == next { break }
                            }
                        }
                    }
                }
            }
        }
        origins = placed
        if next >= count { old = oldCount }
        replaceLines(startLine..<old, firsts: firsts[..<made], thicknesses: lineThicknesses[..<made])
        newFirsts = firsts
        newThicknesses = lineThicknesses
    }

    /// Puts new lines in place of the old lines `range`.
    private mutating func replaceLines(
        _ range: Range<Int>, firsts: ArraySlice<Int>, thicknesses new: ArraySlice<CGFloat>
    ) {
        let spacing = axes.lineSpacing
        if range.count == firsts.count {
            for (t, i) in range.enumerated() {
                lineFirst[i] = firsts[t]
                if thicknesses[i] != new[t] {
                    thicknesses[i] = new[t]
                    offsets[i] = Double(new[t] + spacing)
                }
            }
        } else {
            lineFirst.replaceSubrange(range, with: firsts)
            thicknesses.replaceSubrange(range, with: new)
            offsets = PrefixSums(thicknesses.map { Double($0 + spacing) })
        }
    }
}
