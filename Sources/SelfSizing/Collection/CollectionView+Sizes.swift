import AutoLayout
import Foundation

extension CollectionView {
    // MARK: - Item sizes

    /// The layout's size for an item, what the delegate's `sizeForItemAt` gives by default: the
    /// flow layout's `itemSize`, or for self-sizing items their measured size, else their estimate.
    public func layoutSize(forItemAt indexPath: IndexPath) -> CGSize {
        let s = indexPath.count == 2 ? indexPath[0] : -1
        let sizing = s >= 0 && s < sectionSizing.count ? sectionSizing[s]
            : layout.itemSizing(metrics: layout.defaultMetrics, collectionSize: CGSize(width: width, height: height))
        switch sizing {
        case let .fixed(size): return size
        case let .selfSizing(_, estimate): return sizeCache.size(at: indexPath) ?? estimate
        }
    }

    /// The size of a cell configured by `configuration` and fitted in `mode`, cached by `key` in
    /// the current context when one is given: what a delegate's `sizeForItemAt` calls to size
    /// items itself (AppDevKit's pattern).
    public func size(forCellWithIdentifier identifier: String, fitting mode: FittingMode, cacheByKey key: AnyHashable? = nil,
                     configuration: (ListCell) throws -> Void) throws(CollectionViewError) -> CGSize {
        do {
            if let key {
                return try sizer.size(ofCellWithIdentifier: identifier, fitting: mode, cacheByKey: key, configuration: configuration)
            }
            return try sizer.size(ofCellWithIdentifier: identifier, fitting: mode, configuration: configuration)
        } catch {
            throw CollectionViewError(error, indexPath: nil)
        }
    }

    /// The template cell of a reuse identifier, made on first use and kept.
    public func templateCell(forReuseIdentifier identifier: String) throws(CollectionViewError) -> ListCell {
        do { return try sizer.template(for: identifier) } catch { throw CollectionViewError(error, indexPath: nil) }
    }

    /// A self-sizing item's size: cached by index path in the current context, or measured with
    /// the data source's cell (through ``ListCell/preferredLayoutSize(fitting:mode:)``) and cached.
    func selfSizedSize(at indexPath: IndexPath, _ mode: FittingMode, estimate: CGSize,
                       _ dataSource: CollectionViewDataSource) throws(CollectionViewError) -> CGSize {
        if let size = sizeCache.size(at: indexPath) {
            sizer.statistics.cacheHits += 1
            return size
        }
        sizer.statistics.cacheMisses += 1
        let id = dataSource.collectionView(self, cellIdentifierForItemAt: indexPath)
        let cell = try templateCell(forReuseIdentifier: id)
        try Self.configure(cell, identifier: id, item: indexPath, from: dataSource, of: self)
        let size: CGSize
        if let preferred = Self.preferredSize(of: cell, estimate: estimate, mode: mode) {
            sizer.statistics.layoutPasses += 1
            size = preferred
        } else {
            size = sizer.fit(cell, mode, identifier: id).size
        }
        sizeCache.setSize(size, at: indexPath)
        return size
    }

    /// Readies a template for an item through the data source: `prepareForReuse`, then the
    /// configuration, whose errors name the item. Touches nothing but the cell and what the data
    /// source reads, so that workers can configure their own templates at once.
    static func configure(_ cell: ListCell, identifier: String, item indexPath: IndexPath,
                          from dataSource: CollectionViewDataSource, of collection: CollectionView) throws(CollectionViewError) {
        cell.prepareForReuse()
        do { try dataSource.collectionView(collection, configure: cell, forItemAt: indexPath) } catch {
            throw .configurationFailed(indexPath: indexPath, identifier: identifier, message: "\(error)")
        }
    }

    /// A configured cell's own preferred size, when it gives a finite, non-negative one.
    static func preferredSize(of cell: ListCell, estimate: CGSize, mode: FittingMode) -> CGSize? {
        guard let p = cell.preferredLayoutSize(fitting: estimate, mode: mode),
              p.width.isFinite, p.height.isFinite, p.width >= 0, p.height >= 0 else { return nil }
        return p
    }
}

extension CollectionView {
    /// The template of an item, configured for it and laid out at its frame's size: what a real
    /// cell would show, for drawing.
    /// - Returns: the cell and the frame it was laid out for, in the collection's coordinates.
    /// - Throws: ``ListError/invalidIndexPath(_:)`` for an item the collection does not have, or the
    ///   configuration's error.
    public func layOutCell(forItemAt indexPath: IndexPath) throws(CollectionViewError) -> (cell: ListCell, frame: CGRect) {
        guard let dataSource else { throw .unregisteredIdentifier("(no data source)") }
        try layoutIfNeeded()
        guard let attributes = layoutAttributesForItem(at: indexPath) else { throw .invalidIndexPath(indexPath) }
        let id = dataSource.collectionView(self, cellIdentifierForItemAt: indexPath)
        let cell = try templateCell(forReuseIdentifier: id)
        try Self.configure(cell, identifier: id, item: indexPath, from: dataSource, of: self)
        cell.contentView.layOutAsRoot(size: attributes.frame.size)
        return (cell, attributes.frame)
    }
}
