import AutoLayout
import Foundation

extension TableView {
    // MARK: - Saved heights (SavedSizes)

    /// The current context as a saved cache's groups name it: the row width, content size
    /// category and separator height, which every height depends on.
    public var savedSizesContext: String {
        "table width=\(Double(rowWidth)) category=\(contentSizeCategory.rawValue) separator=\(Double(separatorHeight))"
    }

    /// Fills the height cache of the current context from a saved cache, for the rows whose
    /// template, key and content hash match a saved height (``SavedSizesItems``'s rules); the
    /// next layout takes them as measured. Loads the data source's counts if the table has not.
    /// - Returns: the number of heights restored.
    /// - Complexity: O(n) in the rows.
    @discardableResult
    public func restore(_ saved: SavedSizes, items: SavedSizesItems) -> Int {
        let counts = rowCounts()
        hasLoadedData = true
        heightCache.switchTo(context)
        heightCache.match(itemCounts: counts)
        needsReload = true
        return heightCache.restore(saved, context: savedSizesContext, items: items)
    }

    /// ``restore(_:items:)`` for a table of one template, rows keyed by index path.
    /// - Parameters:
    ///   - saved: the saved cache.
    ///   - template: the template's identity (a hash of its spec file, say).
    ///   - contentHash: a row's content hash (``StableHash/of(_:)`` of its data item, say).
    @discardableResult
    public func restore(_ saved: SavedSizes, template: String, contentHash: @escaping (IndexPath) -> UInt64) -> Int {
        restore(saved, items: SavedSizesItems(template: { _ in template }, contentHash: contentHash))
    }

    /// The measured heights of the current context, added to `saved` (in place of its groups of
    /// the same templates and context): what to write for the next run.
    /// - Complexity: O(n) in the rows.
    public func savedSizes(items: SavedSizesItems, adding saved: SavedSizes = SavedSizes()) -> SavedSizes {
        var out = saved
        for group in heightCache.savedGroups(context: savedSizesContext, items: items).reversed() { out.insert(group) }
        return out
    }

    /// ``savedSizes(items:adding:)`` for a table of one template, rows keyed by index path.
    /// - Parameters:
    ///   - template: the template's identity.
    ///   - contentHash: a row's content hash.
    ///   - saved: the saved cache to add to.
    public func savedSizes(template: String, contentHash: @escaping (IndexPath) -> UInt64,
                           adding saved: SavedSizes = SavedSizes()) -> SavedSizes {
        savedSizes(items: SavedSizesItems(template: { _ in template }, contentHash: contentHash), adding: saved)
    }
}
