import AutoLayout
import Foundation

/// Cached sizes of a list's cells, by index path and by key, for each layout context the list
/// has been in.
///
/// A size is only right for the context it was measured in, and what that context is depends on
/// the list: a table's row width, separator and content size category; a collection's item
/// constraints. So the cache keeps one store per context (the few most recent ones) rather than
/// FD's portrait/landscape pair, and returning to a context (rotating back, leaving split view)
/// finds its sizes again. The index-path stores follow batch updates (every context's, so that
/// returning to one finds them right); the key stores are untouched by updates: a key names
/// content, not a position.
///
/// Invariant: every index-path store has the list's current section and item counts.
///
/// A list owns its cache: read it anywhere, but change it through the list's own methods
/// (invalidation, updates), so that its layout follows.
public final class SizeCache<ListContext: Hashable & Sendable> {
    /// What a size depends on beyond the item's content.
    public typealias Context = ListContext

    /// How many contexts keep their sizes; the least recently used one goes first.
    public static var contextLimit: Int { 4 }

    typealias Entry = SizeCacheEntry

    struct Store {
        /// Sizes by section and item.
        var byIndexPath: [[Entry]]
        var byKey: [AnyHashable: Entry] = [:]

        init(counts: [Int]) { byIndexPath = counts.map { Array(repeating: .none, count: $0) } }
    }

    /// The current context's sizes, kept out of the dictionary so that a lookup is two array
    /// indexings.
    @exclusivity(unchecked) private var current: Store
    @exclusivity(unchecked) private var others: [Context: Store] = [:]
    /// The other contexts, least recently used first.
    @exclusivity(unchecked) private var recent: [Context] = []
    @exclusivity(unchecked) public private(set) var context: Context
    /// The number of items in each section that the index-path sizes are for.
    @exclusivity(unchecked) public private(set) var itemCounts: [Int]

    public init(context: Context, itemCounts: [Int] = []) {
        self.context = context
        self.itemCounts = itemCounts
        current = Store(counts: itemCounts)
    }

    /// Switches to a context, keeping the others' sizes (up to ``contextLimit`` contexts).
    public func switchTo(_ new: Context) {
        guard new != context else { return }
        others[context] = current
        recent.append(context)
        recent.removeAll { $0 == new }
        current = others.removeValue(forKey: new) ?? Store(counts: itemCounts)
        context = new
        while recent.count > Self.contextLimit - 1 { others[recent.removeFirst()] = nil }
    }

    /// Runs `body` on every context's store.
    private func forEachStore<E: Error>(_ body: (inout Store) throws(E) -> Void) throws(E) {
        try body(&current)
        for c in recent { try body(&others[c]!) }
    }

    // MARK: - By index path

    /// The cached size of an item in the current context; nil for none, and for an index path
    /// the list does not have.
    /// - Complexity: O(1).
    public func size(at indexPath: IndexPath) -> CGSize? {
        guard let e = lookup(indexPath), e.isCached else { return nil }
        return CGSize(width: e.width, height: e.height)
    }

    /// The stored entry of an item (not cached: NaN), or nil when the list has no such item.
    /// The index path is read once: this is the path of every cached lookup.
    @inline(__always)
    func lookup(_ indexPath: IndexPath) -> Entry? {
        guard indexPath.count == 2 else { return nil }
        let s = indexPath[0], i = indexPath[1]
        guard s >= 0, s < current.byIndexPath.count, i >= 0, i < current.byIndexPath[s].count else { return nil }
        return current.byIndexPath[s][i]
    }

    /// Whether the list has an item at the index path.
    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath[0] >= 0 && indexPath[0] < itemCounts.count
            && indexPath[1] >= 0 && indexPath[1] < itemCounts[indexPath[0]]
    }

    /// Keeps an item's size in the current context.
    public func setSize(_ size: CGSize, at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        current.byIndexPath[indexPath[0]][indexPath[1]] = Entry(width: Double(size.width), height: Double(size.height))
    }

    /// Forgets an item's size in every context.
    public func invalidateSize(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        forEachStore { $0.byIndexPath[indexPath[0]][indexPath[1]] = .none }
    }

    /// Forgets every index-path size (a reload), and takes the new counts.
    public func reset(itemCounts: [Int]) {
        self.itemCounts = itemCounts
        forEachStore { $0.byIndexPath = Store(counts: itemCounts).byIndexPath }
    }

    /// Makes the index-path stores hold these counts: kept when they already do, reset otherwise
    /// (a list whose data source changed without a reload or an update can trust none of them).
    public func match(itemCounts counts: [Int]) {
        if itemCounts != counts { reset(itemCounts: counts) }
    }

    /// Moves every context's index-path sizes through batch updates.
    /// - Throws: ``BatchUpdateError``; the index-path sizes are then reset.
    public func apply(_ updates: BatchUpdates, itemCounts newCounts: [Int]) throws(BatchUpdateError) {
        do {
            // Every store has the same counts: if the current one takes the updates, all do.
            try forEachStore { (store: inout Store) throws(BatchUpdateError) in
                try updates.apply(to: &store.byIndexPath, invalid: .none, sectionCount: newCounts.count,
                                  itemCount: { newCounts[$0] })
            }
            itemCounts = newCounts
        } catch {
            reset(itemCounts: newCounts)
            throw error
        }
    }

    /// Carries sizes by item identifier into a new arrangement of items (diffable-snapshot
    /// style): an identifier that stays keeps its size wherever it goes, unless it is in
    /// `reloaded`; new ones have none.
    public func apply(old: [[AnyHashable]], new: [[AnyHashable]], reloaded: Set<AnyHashable>) {
        itemCounts = new.map(\.count)
        forEachStore { store in
            var byID: [AnyHashable: Entry] = [:]
            for (s, ids) in old.enumerated() {
                for (i, id) in ids.enumerated() where store.byIndexPath[s][i].isCached { byID[id] = store.byIndexPath[s][i] }
            }
            for id in reloaded { byID[id] = nil }
            store.byIndexPath = new.map { ids in ids.map { byID[$0] ?? .none } }
        }
    }

    // MARK: - By key

    /// The cached size for a key in the current context.
    public func size(forKey key: AnyHashable) -> CGSize? {
        current.byKey[key].map { CGSize(width: $0.width, height: $0.height) }
    }

    /// Keeps a key's size in the current context.
    public func setSize(_ size: CGSize, forKey key: AnyHashable) {
        current.byKey[key] = Entry(width: Double(size.width), height: Double(size.height))
    }

    /// Forgets a key's size in every context (its content changed).
    public func invalidateSize(forKey key: AnyHashable) {
        forEachStore { $0.byKey[key] = nil }
    }

    /// Forgets every size, by index path and by key, in every context.
    public func invalidateAll() {
        forEachStore { $0.byKey = [:] }
        reset(itemCounts: itemCounts)
    }
}

/// A cached size; a NaN height where none is cached.
struct SizeCacheEntry: Sendable {
    var width: Double
    var height: Double
    static let none = SizeCacheEntry(width: .nan, height: .nan)
    @inline(__always) var isCached: Bool { !height.isNaN }
}
