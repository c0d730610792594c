import AutoLayout
import Foundation

extension TableView {
    // MARK: - Reloads and updates

    /// Forgets the height cached for a key, in every context (its content changed).
    public func invalidateHeight(forKey key: AnyHashable) {
        heightCache.invalidateSize(forKey: key)
        bumpDataVersion()
    }

    /// Forgets a row's cached height in every context; it is measured again at the next layout.
    public func invalidateHeight(at indexPath: IndexPath) {
        heightCache.invalidateSize(at: indexPath)
        needsReload = true
        bumpDataVersion()
    }

    /// Forgets every cached height, by index path and by key.
    public func invalidateAllHeights() {
        heightCache.invalidateAll()
        needsReload = true
        bumpDataVersion()
    }

    /// Reloads everything from the data source and forgets every index-path height (key
    /// heights stay: keys name content).
    public func reloadData() {
        itemIdentifiers = nil
        heightCache.reset(itemCounts: rowCounts())
        hasLoadedData = true
        needsReload = true
        bumpDataVersion()
    }

    /// Reloads from the data source but keeps the index-path heights, as FD's
    /// `fd_reloadDataWithoutInvalidateIndexPathHeightCache`: for a reload that changes no row's
    /// content or position. If the counts changed, the heights cannot be kept and go.
    public func reloadDataKeepingHeightCache() {
        needsReload = true
        bumpDataVersion()
    }

    /// Applies batch updates to the heights (every cached context, and the measured rows), as
    /// UITableView's performBatchUpdates applies them, then lays out. Call it after the data
    /// source has changed.
    /// - Throws: ``ListError/invalidUpdate(_:)`` when the updates do not agree with the data
    ///   source; the table then reloads its data, as UIKit would after the exception.
    public func performBatchUpdates(_ updates: BatchUpdates) throws(TableViewError) {
        guard hasLoadedData else { return reloadData() }
        bumpDataVersion()
        let counts = rowCounts()
        // Identifiers of a snapshot no longer describe the rows.
        itemIdentifiers = nil
        var measured: [[Double]]?
        do throws(BatchUpdateError) {
            try heightCache.apply(updates, itemCounts: counts)
            if !needsReload {
                var heights = sections.map(\.measuredHeights)
                try updates.apply(to: &heights, invalid: .nan, sectionCount: counts.count, itemCount: { counts[$0] })
                measured = heights
            }
        } catch {
            reloadData()
            throw .invalidUpdate(error)
        }
        // Rows of reloaded sections and rows, and new rows, are measured again; headers and
        // footers are asked again.
        guard let measured else { return }
        anchorThrough(updates)
        do { try rebuild(measured: measured) } catch {
            reloadData()
            throw error
        }
    }

    /// Applies a new arrangement of item identifiers, one array per section (diffable-snapshot
    /// style): each identifier keeps its height wherever it moves; identifiers in `reloading`
    /// and new ones are measured again. The data source must already show the new arrangement.
    /// - Throws: ``ListError/invalidUpdate(_:)`` when the identifiers repeat or do not match
    ///   the data source's counts; the table then reloads its data.
    public func apply(identifiers: [[AnyHashable]], reloading: Set<AnyHashable> = []) throws(TableViewError) {
        bumpDataVersion()
        var seen = Set<AnyHashable>()
        for ids in identifiers {
            for id in ids where !seen.insert(id).inserted {
                reloadData()
                throw .invalidUpdate(.repeatedIdentifier("\(id)"))
            }
        }
        let counts = rowCounts()
        guard counts == identifiers.map(\.count) else {
            reloadData()
            throw .invalidUpdate(.identifierCountMismatch(identifiers: identifiers.map(\.count), dataSource: counts))
        }
        let old = itemIdentifiers ?? []
        if old.map(\.count) == heightCache.itemCounts {
            // Measured heights of this context travel too (rows a delegate sized without caching).
            var byID: [AnyHashable: Double] = [:]
            if !needsReload {
                for (s, ids) in old.enumerated() where s < sections.count {
                    for (r, id) in ids.enumerated() where sections[s].isMeasured[r] { byID[id] = sections[s].rows[r] }
                }
            }
            for id in reloading { byID[id] = nil }
            heightCache.apply(old: old, new: identifiers, reloaded: reloading)
            itemIdentifiers = identifiers
            if !needsReload {
                try rebuild(measured: identifiers.map { ids in ids.map { byID[$0] ?? .nan } })
            }
        } else {
            // The first snapshot, or one after a reload: nothing to carry.
            heightCache.reset(itemCounts: counts)
            itemIdentifiers = identifiers
            needsReload = true
        }
    }
}
