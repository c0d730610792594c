import Foundation

// Line filling of a flow layout (UICollectionViewFlowLayout), for vertical scrolling; a horizontal
// layout swaps the axes (lines become columns running down, "width" is the height, "left" the top):
//
// 1. Available length `L = width - sectionInset.left - sectionInset.right` (never below 0).
// 2. Items fill a line in index order; item k joins it while `used + minimumInteritemSpacing + w_k <= L`
//    (with a tolerance of 1e-9 L, so that sums such as 177.5 + 10 + 177.5 fit 365 exactly); the
//    first item of a line is always placed, even wider than L: it is then clamped to L and reported
//    (`SectionArrangement.clampedItems`).
// 3. A line of two or more items that is not the section's last is justified: the leftover space
//    widens the gaps equally, first item flush left, last flush right.
// 4. A line holding a single item, not the last, centres it.
// 5. The last line is leading-aligned with exactly minimumInteritemSpacing between items.
// 6. A line is as tall as its tallest item; each item is centred vertically in its line.
// 7. Lines are minimumLineSpacing apart; a section is header + inset.top + lines + inset.bottom +
//    footer. An empty section keeps its header, both insets and its footer: UIKit's documentation
//    of `sectionInset` says the insets set the header's position and the distance from the last
//    line to the footer, with no exception for a section without items, and UIKit's flow layout
//    does keep them (apps return zero insets for empty sections to drop them).
//
// Rules 1, 2 and 6 are `fill`, rules 3-5 `place`; rule 7 is SectionArrangement's line offsets.

/// One line of a flow layout: the items `first..<end`, filled by rule 2.
struct FlowLine {
    /// The line's first item.
    var first: Int
    /// One past the line's last item.
    var end: Int
    /// The sum of the items' lengths across (each clamped to L), without the spacing.
    var itemsLength: CGFloat
    /// The length of the line's longest item along the scroll axis (rule 6).
    var thickness: CGFloat

    /// The number of items on the line.
    var count: Int { end - first }

    /// Rules 2 and 6: the line that starts at `first`, given the items' lengths across and along.
    ///
    /// - Precondition: `first < across.count`.
    /// - Complexity: O(items on the line).
    @inline(__always)
    static func fill(
        from first: Int, across: UnsafeBufferPointer<CGFloat>, along: UnsafeBufferPointer<CGFloat>, axes: SectionAxes
    ) -> FlowLine {
        let available = axes.available
        let spacing = axes.interitemSpacing
        let limit = available + axes.tolerance
        var used = min(across[first], available)
        var itemsLength = used
        var thickness = along[first]
        var end = first + 1
        while end < across.count {
            let length = across[end]
            guard used + spacing + length <= limit else { break }
            let clamped = min(length, available)
            used += spacing + clamped
            itemsLength += clamped
            thickness = max(thickness, along[end])
            end += 1
        }
        return FlowLine(first: first, end: end, itemsLength: itemsLength, thickness: thickness)
    }

    /// Rules 3-5: writes the origin across of each of the line's items into `origins`.
    ///
    /// - Complexity: O(items on the line).
    @inline(__always)
    func place(
        isLast: Bool, across: UnsafeBufferPointer<CGFloat>, axes: SectionAxes,
        into origins: UnsafeMutableBufferPointer<CGFloat>
    ) {
        let start = axes.acrossStart
        let available = axes.available
        if isLast {
            // Rule 5.
            var x = start
            for k in first..<end {
                origins[k] = x
                x += min(across[k], available) + axes.interitemSpacing
            }
        } else if count == 1 {
            // Rule 4.
            origins[first] = start + (available - min(across[first], available)) / 2
        } else {
            // Rule 3: the last item is placed from the end so that it is flush right exactly.
            let gap = (available - itemsLength) / CGFloat(count - 1)
            var x = start
            for k in first..<(end - 1) {
                origins[k] = x
                x += min(across[k], available) + gap
            }
            origins[end - 1] = start + available - min(across[end - 1], available)
        }
    }
}
