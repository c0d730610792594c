import AutoLayout
import Foundation

/// Where a collection view places one element (UICollectionViewLayoutAttributes).
public struct LayoutAttributes: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case cell, header, footer
    }

    public var kind: Kind
    /// The item's index path; a header's or footer's has item 0.
    public var indexPath: IndexPath
    /// In the collection's coordinates.
    public var frame: CGRect

    public init(kind: Kind, indexPath: IndexPath, frame: CGRect) {
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
    }
}

extension CollectionView {
    // MARK: - Geometry (as of the last layout)

    public var numberOfSections: Int { sections.count }

    /// The items of a section as of the last layout; 0 for a section the collection does not have.
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].arrangement.count : 0
    }

    /// Whether the last layout has an item at the index path.
    public func hasItem(_ ip: IndexPath) -> Bool {
        ip.count == 2 && ip[1] >= 0 && ip[1] < numberOfItems(inSection: ip[0])
    }

    /// Whether an item's size is final (measured, or not self-sizing) rather than its estimate.
    public func isItemMeasured(at ip: IndexPath) -> Bool { hasItem(ip) && sections[ip[0]].isMeasured[ip[1]] }

    /// The size of everything: the sections one after another along the scroll axis, the
    /// collection's cross length across it.
    public var contentSize: CGSize {
        let total = CGFloat(sectionLengths.total)
        return layout.scrollDirection == .vertical ? CGSize(width: width, height: total) : CGSize(width: total, height: height)
    }

    /// Where a section starts along the scroll axis.
    /// - Complexity: O(log sections).
    func sectionStart(_ s: Int) -> CGFloat { CGFloat(sectionLengths.prefix(s)) }

    /// A rectangle of a section's coordinates in the collection's, or the reverse (`sign` -1).
    private func shifted(_ r: CGRect, section s: Int, sign: CGFloat = 1) -> CGRect {
        let d = sign * sectionStart(s)
        return layout.scrollDirection == .vertical ? r.offsetBy(dx: 0, dy: d) : r.offsetBy(dx: d, dy: 0)
    }

    /// An item's frame, in the collection's coordinates; nil for an index path it does not have.
    /// - Complexity: O(log sections) beyond the arrangement's lookup.
    public func layoutAttributesForItem(at ip: IndexPath) -> LayoutAttributes? {
        guard hasItem(ip) else { return nil }
        return LayoutAttributes(kind: .cell, indexPath: ip,
                                frame: shifted(sections[ip[0]].arrangement.frame(ofItem: ip[1]), section: ip[0]))
    }

    /// The sections whose span along the scroll axis meets `rect`'s.
    private func sections(meeting rect: CGRect) -> Range<Int> {
        let vertical = layout.scrollDirection == .vertical
        let lo = Double(vertical ? rect.minY : rect.minX), hi = Double(vertical ? rect.maxY : rect.maxX)
        guard !sections.isEmpty, hi >= 0, lo <= sectionLengths.total else { return 0..<0 }
        let first = min(sectionLengths.index(containing: max(lo, 0)), sections.count - 1)
        var end = first
        while end < sections.count && Double(sectionStart(end)) <= hi { end += 1 }
        return first..<max(end, first + 1)
    }

    /// The cells, headers and footers whose frames meet `rect`, in section order (each section's
    /// header, its items, its footer).
    /// - Complexity: O(log n + k) for k elements.
    public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for s in sections(meeting: rect) {
            let local = shifted(rect, section: s, sign: -1)
            let arrangement = sections[s].arrangement
            let sectionPath = IndexPath(item: 0, section: s)
            if let h = arrangement.headerFrame, h.intersects(local) {
                result.append(LayoutAttributes(kind: .header, indexPath: sectionPath, frame: shifted(h, section: s)))
            }
            for i in arrangement.items(in: local) {
                result.append(LayoutAttributes(kind: .cell, indexPath: IndexPath(item: i, section: s),
                                               frame: shifted(arrangement.frame(ofItem: i), section: s)))
            }
            if let f = arrangement.footerFrame, f.intersects(local) {
                result.append(LayoutAttributes(kind: .footer, indexPath: sectionPath, frame: shifted(f, section: s)))
            }
        }
        return result
    }

    /// The items whose frames meet `rect`, in order.
    /// - Complexity: O(log n + k).
    public func indexPathsForItems(in rect: CGRect) -> [IndexPath] {
        var result: [IndexPath] = []
        for s in sections(meeting: rect) {
            for i in sections[s].arrangement.items(in: shifted(rect, section: s, sign: -1)) { result.append(IndexPath(item: i, section: s)) }
        }
        return result
    }

    /// The item whose frame holds `point`, if any.
    /// - Complexity: O(log n) and the items of one line.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        let point = CGRect(origin: point, size: .zero)
        for s in sections(meeting: point) {
            if let i = sections[s].arrangement.item(at: shifted(point, section: s, sign: -1).origin) {
                return IndexPath(item: i, section: s)
            }
        }
        return nil
    }
}
