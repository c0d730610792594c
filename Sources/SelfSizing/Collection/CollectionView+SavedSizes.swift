import AutoLayout
import Foundation

extension CollectionView {
    // MARK: - Saved sizes (SavedSizes)

    /// The current context as a saved cache's groups name it: the size items are sized in, the
    /// content size category and the layout's parameters.
    public var savedSizesContext: String {
        let c = context
        let layout = c.layout.parameters.map { "\($0)" }.joined(separator: ",")
        return "collection size=\(Double(c.size.width))x\(Double(c.size.height)) category=\(c.contentSizeCategory.rawValue) layout=\(layout)"
    }

    /// Fills the size cache of the current context from a saved cache, for the items whose
    /// template, key and content hash match a saved size (``SavedSizesItems``'s rules); the next
    /// layout takes them as measured.
    /// - Returns: the number of sizes restored.
    /// - Complexity: O(n) in the items.
    @discardableResult
    public func restore(_ saved: SavedSizes, items: SavedSizesItems) -> Int {
        let counts = itemCounts()
        hasLoadedData = true
        sizeCache.switchTo(context)
        sizeCache.match(itemCounts: counts)
        needsLayout = true
        return sizeCache.restore(saved, context: savedSizesContext, items: items)
    }

    /// The measured sizes of the current context, added to `saved` (in place of its groups of
    /// the same templates and context).
    /// - Complexity: O(n) in the items.
    public func savedSizes(items: SavedSizesItems, adding saved: SavedSizes = SavedSizes()) -> SavedSizes {
        var out = saved
        for group in sizeCache.savedGroups(context: savedSizesContext, items: items).reversed() { out.insert(group) }
        return out
    }
}
