import AutoLayout
import Foundation

/// The axis a collection scrolls along: lines of items run across it.
public enum ScrollDirection: Hashable, Sendable {
    /// Lines run left to right, stacked top to bottom (UIKit's default).
    case vertical
    /// Lines run top to bottom as columns, stacked left to right.
    case horizontal
}

/// One section's layout parameters, after the delegate's per-section overrides.
///
/// Spacings below 0 count as 0: lines never overlap, which keeps the line offsets sorted for the
/// geometry queries.
public struct SectionMetrics: Hashable, Sendable {
    /// The section's margins: around its lines, between the header and the first line, and between
    /// the last line and the footer (`sectionInset`).
    public var inset: EdgeInsets
    /// The space between lines (`minimumLineSpacing` in a flow, between rows in a grid).
    public var lineSpacing: CGFloat
    /// The space between items of a line (`minimumInteritemSpacing` in a flow, between columns in a grid).
    public var interitemSpacing: CGFloat
    /// The header's reference size along the scroll axis; 0 means no header.
    public var headerLength: CGFloat
    /// The footer's reference size along the scroll axis; 0 means no footer.
    public var footerLength: CGFloat

    /// Metrics with UIKit's flow-layout defaults: no insets, spacings of 10, no header or footer.
    public init(
        inset: EdgeInsets = EdgeInsets(), lineSpacing: CGFloat = 10, interitemSpacing: CGFloat = 10,
        headerLength: CGFloat = 0, footerLength: CGFloat = 0
    ) {
        self.inset = inset
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.headerLength = headerLength
        self.footerLength = footerLength
    }
}

/// How a section's items are arranged.
public enum ArrangementKind: Hashable, Sendable {
    /// `UICollectionViewFlowLayout`'s line filling (the rules of ``SectionArrangement``).
    case flow
    /// `columns` items a row, each `(L - (columns - 1) * interitemSpacing) / columns` wide; a row as tall
    /// as its tallest item; items top-aligned with their own heights, or stretched to the row.
    ///
    /// A column count below 1 counts as 1.
    case grid(columns: Int, uniformHeights: Bool)
}

/// A section's parameters resolved along the two axes of its scroll direction: "across" is the
/// width of a vertical collection (the height of a horizontal one), "along" the other axis.
struct SectionAxes: Sendable {
    let direction: ScrollDirection
    /// The inset where lines start across (left, or top when horizontal).
    let acrossStart: CGFloat
    /// The available length across, L (rule 1), never below 0.
    let available: CGFloat
    /// Where the first line starts along: the header and the inset before the lines.
    let linesStart: CGFloat
    /// The inset after the lines, before the footer.
    let insetAfter: CGFloat
    let lineSpacing: CGFloat
    let interitemSpacing: CGFloat
    /// How far a line may overflow L and still count as fitting: 1e-9 of L (at least 1e-9), so that
    /// 177.5 + 10 + 177.5 fits in 365 whatever the order of the additions.
    let tolerance: CGFloat

    init(metrics: SectionMetrics, crossLength: CGFloat, direction: ScrollDirection) {
        self.direction = direction
        let inset = metrics.inset
        let (before, after, start, end) =
            direction == .vertical
            ? (inset.top, inset.bottom, inset.left, inset.right)
            : (inset.left, inset.right, inset.top, inset.bottom)
        acrossStart = start
        available = max(0, crossLength - start - end)
        linesStart = metrics.headerLength + before
        insetAfter = after
        lineSpacing = max(0, metrics.lineSpacing)
        interitemSpacing = max(0, metrics.interitemSpacing)
        tolerance = 1e-9 * max(1, abs(available))
    }

    /// A rectangle from its position and lengths across and along.
    @inline(__always)
    func rect(across: CGFloat, along: CGFloat, acrossLength: CGFloat, alongLength: CGFloat) -> CGRect {
        direction == .vertical
            ? CGRect(x: across, y: along, width: acrossLength, height: alongLength)
            : CGRect(x: along, y: across, width: alongLength, height: acrossLength)
    }

    /// A point's coordinates across and along.
    @inline(__always)
    func split(_ point: CGPoint) -> (across: CGFloat, along: CGFloat) {
        direction == .vertical ? (point.x, point.y) : (point.y, point.x)
    }

    /// A size's lengths across and along.
    @inline(__always)
    func split(_ size: CGSize) -> (across: CGFloat, along: CGFloat) {
        direction == .vertical ? (size.width, size.height) : (size.height, size.width)
    }

    /// A size from its lengths across and along.
    @inline(__always)
    func size(across: CGFloat, along: CGFloat) -> CGSize {
        direction == .vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }
}
