import AutoLayout
import Foundation

/// Cached row heights, by index path and by key, for each layout context a table has been in.
///
/// A height is only right for the context it was measured in: the width the table gives its
/// content views, and the content size category. So the cache keeps one store per context
/// (the few most recent ones) rather than FD's portrait/landscape pair, and returning to a width
/// (rotating back, leaving split view) finds its heights again. The index-path stores follow
/// batch updates (every context's, so that returning to one finds them right); the key stores
/// are untouched by updates: a key names content, not a position.
///
/// Invariant: every index-path store has the table's current section and row counts.
///
/// A table owns its cache; read it here, and invalidate through the table (``TableView/invalidateHeight(at:)``,
/// ``TableView/invalidateHeight(forKey:)``, ``TableView/invalidateAllHeights()``) so that its layout follows.
public final class HeightCache {
    /// What a height depends on beyond the row's content.
    public struct Context: Hashable, Sendable {
        /// The width the table gives content views before accessories take theirs.
        public var width: CGFloat
        public var contentSizeCategory: ContentSizeCategory
        /// What the separator adds to each row (heights are cached with it).
        public var separatorHeight: CGFloat

        public init(width: CGFloat, contentSizeCategory: ContentSizeCategory, separatorHeight: CGFloat = 0) {
            self.width = width
            self.contentSizeCategory = contentSizeCategory
            self.separatorHeight = separatorHeight
        }
    }

    /// How many contexts keep their heights; the least recently used one goes first.
    public static let contextLimit = 4

    private struct Store {
        /// Heights by section and row; NaN where none is cached.
        var byIndexPath: [[Double]]
        var byKey: [AnyHashable: Double] = [:]
    }

    /// The current context's heights, kept out of the dictionary so that a lookup is two array
    /// indexings.
    @exclusivity(unchecked) private var current: Store
    @exclusivity(unchecked) private var others: [Context: Store] = [:]
    /// The other contexts, least recently used first.
    @exclusivity(unchecked) private var recent: [Context] = []
    @exclusivity(unchecked) public private(set) var context: Context
    /// The number of rows in each section that the index-path heights are for.
    @exclusivity(unchecked) public private(set) var rowCounts: [Int]

    init(context: Context, rowCounts: [Int]) {
        self.context = context
        self.rowCounts = rowCounts
        current = Store(byIndexPath: rowCounts.map { Array(repeating: .nan, count: $0) })
    }

    /// Switches to a context, keeping the others' heights (up to ``contextLimit`` contexts).
    func switchTo(_ new: Context) {
        guard new != context else { return }
        others[context] = current
        recent.append(context)
        recent.removeAll { $0 == new }
        current = others.removeValue(forKey: new)
            ?? Store(byIndexPath: rowCounts.map { Array(repeating: .nan, count: $0) })
        context = new
        while recent.count > HeightCache.contextLimit - 1 { others[recent.removeFirst()] = nil }
    }

    /// Runs `body` on every context's store.
    private func forEachStore<E: Error>(_ body: (inout Store) throws(E) -> Void) throws(E) {
        try body(&current)
        for c in recent { try body(&others[c]!) }
    }

    // MARK: - By index path

    /// The cached height of a row in the current context.
    /// - Complexity: O(1).
    /// - Returns: nil, too, for an index path the table does not have.
    public func height(at indexPath: IndexPath) -> CGFloat? {
        guard let h = lookup(indexPath), !h.isNaN else { return nil }
        return CGFloat(h)
    }

    /// The stored height of a row: NaN when none is cached, nil when the table has no such row.
    /// The index path is read once: this is the path of every cached lookup.
    @inline(__always)
    func lookup(_ indexPath: IndexPath) -> Double? {
        guard indexPath.count == 2 else { return nil }
        let s = indexPath[0], r = indexPath[1]
        guard s >= 0, s < current.byIndexPath.count, r >= 0, r < current.byIndexPath[s].count else { return nil }
        return current.byIndexPath[s][r]
    }

    /// Whether the table has a row at the index path.
    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < rowCounts.count
            && indexPath.row >= 0 && indexPath.row < rowCounts[indexPath.section]
    }

    func setHeight(_ height: CGFloat, at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        current.byIndexPath[indexPath.section][indexPath.row] = Double(height)
    }

    /// Forgets a row's height in every context.
    func invalidateHeight(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        forEachStore { $0.byIndexPath[indexPath.section][indexPath.row] = .nan }
    }

    /// Forgets every index-path height (reloadData), and takes the new counts.
    func reset(rowCounts: [Int]) {
        self.rowCounts = rowCounts
        forEachStore { $0.byIndexPath = rowCounts.map { Array(repeating: .nan, count: $0) } }
    }

    /// Moves every context's index-path heights through batch updates.
    /// - Throws: ``TableViewError/invalidUpdate(_:)``; the index-path heights are then reset.
    func apply(_ updates: BatchUpdates, rowCounts newCounts: [Int]) throws(TableViewError) {
        do {
            // Every store has the same counts: if the current one takes the updates, all do.
            try forEachStore { (store: inout Store) throws(TableViewError) in
                try updates.apply(to: &store.byIndexPath, invalid: .nan, sectionCount: newCounts.count,
                                  rowCount: { newCounts[$0] })
            }
            rowCounts = newCounts
        } catch {
            reset(rowCounts: newCounts)
            throw error
        }
    }

    /// Carries heights by item identifier into a new arrangement of items (diffable-snapshot
    /// style): an identifier that stays keeps its height wherever it goes, unless it is in
    /// `reloaded`; new ones have none.
    func apply(old: [[AnyHashable]], new: [[AnyHashable]], reloaded: Set<AnyHashable>) {
        rowCounts = new.map(\.count)
        forEachStore { store in
            var byID: [AnyHashable: Double] = [:]
            for (s, ids) in old.enumerated() {
                for (r, id) in ids.enumerated() where !store.byIndexPath[s][r].isNaN { byID[id] = store.byIndexPath[s][r] }
            }
            for id in reloaded { byID[id] = nil }
            store.byIndexPath = new.map { ids in ids.map { byID[$0] ?? .nan } }
        }
    }

    // MARK: - By key

    /// The cached height for a key in the current context.
    public func height(forKey key: AnyHashable) -> CGFloat? {
        current.byKey[key].map { CGFloat($0) }
    }

    func setHeight(_ height: CGFloat, forKey key: AnyHashable) {
        current.byKey[key] = Double(height)
    }

    /// Forgets a key's height in every context (its content changed).
    func invalidateHeight(forKey key: AnyHashable) {
        forEachStore { $0.byKey[key] = nil }
    }

    /// Forgets every height, by index path and by key, in every context.
    func invalidateAll() {
        forEachStore { $0.byKey = [:] }
        reset(rowCounts: rowCounts)
    }
}
