import Foundation

extension CollectionView {
    // MARK: - Reloads and updates

    /// Reloads everything from the data source and forgets every index-path size (key sizes stay:
    /// keys name content).
    public func reloadData() {
        sizeCache.reset(itemCounts: itemCounts())
        hasLoadedData = true
        needsLayout = true
    }

    /// Forgets an item's cached size in every context. A self-sizing item keeps its size as its
    /// estimate and is measured again when shown (``layoutItems(in:)``, ``measureItem(at:)``), which
    /// re-flows its section from its line; other items are asked for again at the next layout.
    public func invalidateSize(at indexPath: IndexPath) {
        sizeCache.invalidateSize(at: indexPath)
        guard !needsLayout, hasItem(indexPath), case .selfSizing = sections[indexPath[0]].sizing else {
            needsLayout = true
            return
        }
        sections[indexPath[0]].isMeasured[indexPath[1]] = false
    }

    /// Forgets the size cached for a key, in every context (its content changed).
    public func invalidateSize(forKey key: AnyHashable) {
        sizeCache.invalidateSize(forKey: key)
        needsLayout = true
    }

    /// Forgets every cached size, by index path and by key.
    public func invalidateAllSizes() {
        sizeCache.invalidateAll()
        needsLayout = true
    }

    /// Applies batch updates to the cached sizes (every cached context), as UICollectionView's
    /// performBatchUpdates applies them, then lays out: inserted and reloaded items stand in with
    /// their estimates until measured, moved ones keep their sizes, and the first visible item that
    /// survives keeps its on-screen position (``anchoring``). Call it after the data source has
    /// changed.
    /// - Throws: ``ListError/invalidUpdate(_:)`` when the updates do not agree with the
    ///   data source; the collection then reloads its data, as UIKit would after the exception.
    public func performBatchUpdates(_ updates: BatchUpdates) throws(CollectionViewError) {
        guard hasLoadedData else { return reloadData() }
        let oldCounts = sizeCache.itemCounts
        do throws(BatchUpdateError) {
            try sizeCache.apply(updates, itemCounts: itemCounts())
        } catch {
            reloadData()
            throw .invalidUpdate(error)
        }
        // The first visible item that survives is held still through the rebuild (anchoring).
        anchorThrough(updates, oldCounts: oldCounts)
        needsLayout = true
        try layoutIfNeeded()
    }
}
