import Foundation

// A grid (what UICollectionViewCompositionalLayout is mostly used for: N columns of
// `.fractionalWidth(1/N)`, `.estimated` heights), for vertical scrolling; a horizontal grid swaps
// the axes (rows become columns running down):
//
// 1. Available length `L = width - inset.left - inset.right` (never below 0), as in a flow.
// 2. Each item is `(L - (N - 1) * interitemSpacing) / N` wide (never below 0); its given width is
//    ignored. Item k sits in row k / N, column k % N, at `inset.left + column * (width + spacing)`.
// 3. A row is as tall as its tallest item.
// 4. Items are top-aligned with their own heights, or stretched to the row's height
//    (`uniformHeights`, as `uniformAcrossSiblings` estimates do).
// 5. Rows are lineSpacing apart; the section's frame is a flow's (header, insets, footer, rule 7).
//
// Rules 2 and 3 are `fill` and `place`; rule 4 is SectionArrangement's item frames.

/// One row of a grid: the items `first..<end`, at most N of them.
struct GridRow {
    /// The row's first item.
    var first: Int
    /// One past the row's last item.
    var end: Int
    /// The height of the row's tallest item (rule 3).
    var thickness: CGFloat

    /// Rule 3: the row that starts at `first`.
    ///
    /// - Complexity: O(columns).
    @inline(__always)
    static func fill(from first: Int, columns: Int, along: UnsafeBufferPointer<CGFloat>) -> GridRow {
        let end = min(first + columns, along.count)
        var thickness = along[first]
        for k in (first + 1)..<max(first + 1, end) { thickness = max(thickness, along[k]) }
        return GridRow(first: first, end: end, thickness: thickness)
    }

    /// Rule 2: writes the origin across of each of the row's items into `origins`.
    ///
    /// - Complexity: O(columns).
    @inline(__always)
    func place(itemLength: CGFloat, axes: SectionAxes, into origins: UnsafeMutableBufferPointer<CGFloat>) {
        for k in first..<end {
            origins[k] = axes.acrossStart + CGFloat(k - first) * (itemLength + axes.interitemSpacing)
        }
    }
}
