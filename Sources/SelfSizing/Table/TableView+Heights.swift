import AutoLayout
import Foundation

extension TableView {
    // MARK: - Heights, as UITableView+FDTemplateLayoutCell computes them

    /// The height of a cell configured by `configuration`, computed every time.
    /// - Throws: ``TableViewError`` for an unregistered identifier or a configuration that throws.
    public func height(forCellWithIdentifier identifier: String,
                       configuration: (TableViewCell) throws -> Void) throws(TableViewError) -> CGFloat {
        let cell = try templateCell(forReuseIdentifier: identifier)
        return try measure(cell, identifier: identifier, configuration: configuration)
    }

    /// The height of a row's cell, cached by index path for the current context; the cache
    /// follows batch updates and is cleared by ``reloadData()``.
    /// - Complexity: O(1) when cached.
    public func height(forCellWithIdentifier identifier: String, cacheBy indexPath: IndexPath,
                       configuration: (TableViewCell) throws -> Void) throws(TableViewError) -> CGFloat {
        if let h = try cachedHeight(at: indexPath) { return h }
        let cell = try templateCell(forReuseIdentifier: identifier)
        try TableView.configure(cell, identifier: identifier, indexPath: indexPath, configuration)
        return cache(fit(cell, identifier: identifier), at: indexPath)
    }

    /// The height cached at an index path in the current context (a hit, counted and logged), or
    /// nil for a miss (counted).
    private func cachedHeight(at indexPath: IndexPath) throws(TableViewError) -> CGFloat? {
        if !hasLoadedData { try layoutIfNeeded() }
        guard let stored = heightCache.lookup(indexPath) else { throw .invalidIndexPath(indexPath) }
        if !stored.isCached {
            sizer.statistics.cacheMisses += 1
            return nil
        }
        let h = CGFloat(stored.height)
        sizer.statistics.cacheHits += 1
        if logsDebug { logger.debug("hit cache by indexPath [\(indexPath.section),\(indexPath.row)] -> \(h)") }
        return h
    }

    /// Keeps a measured height at an index path.
    private func cache(_ size: CGSize, at indexPath: IndexPath) -> CGFloat {
        heightCache.setSize(size, at: indexPath)
        if logsDebug { logger.debug("cached by indexPath [\(indexPath.section),\(indexPath.row)] -> \(size.height)") }
        return size.height
    }

    /// The height of a cell, cached by a key naming its content (a model's identifier and
    /// revision, say) for the current context. Batch updates leave it alone; invalidate a key
    /// when its content changes.
    public func height(forCellWithIdentifier identifier: String, cacheByKey key: AnyHashable,
                       configuration: (TableViewCell) throws -> Void) throws(TableViewError) -> CGFloat {
        try cachedHeight(forKey: key, logged: true) { () throws(TableViewError) in
            let cell = try templateCell(forReuseIdentifier: identifier)
            return try measure(cell, identifier: identifier, configuration: configuration)
        }
    }

    /// The height of a header or footer view configured by `configuration` (no separator).
    public func height(forHeaderFooterViewWithIdentifier identifier: String,
                       configuration: (TableViewCell) throws -> Void) throws(TableViewError) -> CGFloat {
        let view = try headerFooterTemplate(forReuseIdentifier: identifier)
        return try measure(view, identifier: identifier, separator: false, configuration: configuration)
    }

    /// The height of a header or footer view, cached by key.
    public func height(forHeaderFooterViewWithIdentifier identifier: String, cacheByKey key: AnyHashable,
                       configuration: (TableViewCell) throws -> Void) throws(TableViewError) -> CGFloat {
        try cachedHeight(forKey: HeaderFooterKey(key: key), logged: false) { () throws(TableViewError) in
            try height(forHeaderFooterViewWithIdentifier: identifier, configuration: configuration)
        }
    }

    /// A height from the key cache of the current context, or measured and kept there.
    private func cachedHeight(forKey key: AnyHashable, logged: Bool,
                              _ measured: () throws(TableViewError) -> CGFloat) throws(TableViewError) -> CGFloat {
        if let size = heightCache.size(forKey: key) {
            sizer.statistics.cacheHits += 1
            if logged && logsDebug { logger.debug("hit cache by key [\(key)] -> \(size.height)") }
            return size.height
        }
        sizer.statistics.cacheMisses += 1
        let h = try measured()
        heightCache.setSize(CGSize(width: rowWidth, height: h), forKey: key)
        if logged && logsDebug { logger.debug("cached by key [\(key)] -> \(h)") }
        return h
    }

    /// A row's height as a self-sizing cell: the data source's identifier and configuration,
    /// cached by index path. What rows get when the delegate does not say otherwise.
    public func automaticHeight(forRowAt indexPath: IndexPath) throws(TableViewError) -> CGFloat {
        guard let dataSource else { return estimatedRowHeight }
        return try automaticHeight(forRowAt: indexPath, dataSource)
    }

    /// ``automaticHeight(forRowAt:)`` with the data source loaded once by the caller (loading the
    /// weak reference for every row costs more than the rest of a cache hit).
    ///
    /// The data source is asked only about rows it has (loaded first if it never was), and only
    /// on a miss; it is passed along rather than captured, so that a row counts no references to it.
    func automaticHeight(forRowAt indexPath: IndexPath, _ dataSource: TableViewDataSource) throws(TableViewError) -> CGFloat {
        if let h = try cachedHeight(at: indexPath) { return h }
        let id = dataSource.tableView(self, cellIdentifierForRowAt: indexPath)
        let cell = try templateCell(forReuseIdentifier: id)
        try TableView.configure(cell, identifier: id, row: indexPath, from: dataSource, of: self)
        return cache(fit(cell, identifier: id), at: indexPath)
    }

    /// The template cell of a reuse identifier, made on first use and kept.
    public func templateCell(forReuseIdentifier identifier: String) throws(TableViewError) -> TableViewCell {
        do { return try sizer.template(for: identifier) } catch { throw TableViewError(error, indexPath: nil) }
    }

    func headerFooterTemplate(forReuseIdentifier identifier: String) throws(TableViewError) -> TableViewCell {
        if let view = headerFooterTemplates.existing(identifier) { return view }
        do {
            let view = try headerFooterTemplates.template(for: identifier)
            sizer.statistics.templatesMade += 1
            return view
        } catch {
            throw TableViewError(error, indexPath: nil)
        }
    }

    /// Readies a template for a row (or a header): `prepareForReuse`, then the configuration,
    /// whose errors name the row.
    static func configure(_ cell: TableViewCell, identifier: String, indexPath: IndexPath?,
                          _ configuration: (TableViewCell) throws -> Void) throws(TableViewError) {
        cell.prepareForReuse()
        do { try configuration(cell) } catch {
            throw .configurationFailed(indexPath: indexPath, identifier: identifier, message: "\(error)")
        }
    }

    /// Readies a template for a row through the data source (as the closure form does, with the
    /// data source and table passed in rather than captured).
    static func configure(_ cell: TableViewCell, identifier: String, row indexPath: IndexPath,
                          from dataSource: TableViewDataSource, of table: TableView) throws(TableViewError) {
        cell.prepareForReuse()
        do { try dataSource.tableView(table, configure: cell, forRowAt: indexPath) } catch {
            throw .configurationFailed(indexPath: indexPath, identifier: identifier, message: "\(error)")
        }
    }

    /// Configures a template and fits it (see ``fit(_:identifier:separator:)``).
    private func measure(_ cell: TableViewCell, identifier: String, separator: Bool = true,
                         configuration: (TableViewCell) throws -> Void) throws(TableViewError) -> CGFloat {
        try TableView.configure(cell, identifier: identifier, indexPath: nil, configuration)
        return fit(cell, identifier: identifier, separator: separator).height
    }

    /// Fits a configured template as a row: the sizing core's fixed-width fitting at the row's
    /// width less the accessory, plus the separator.
    private func fit(_ cell: TableViewCell, identifier: String, separator: Bool = true) -> CGSize {
        let width = rowWidth - (separator ? cell.accessoryWidth : 0)
        let fitted = sizer.fit(cell, .fixedWidth(width), identifier: identifier)
        if logsDebug { logger.debug("calculate using \(fitted.usedFrameLayout ? "frame" : "auto") layout - \(fitted.size.height)") }
        return CGSize(width: width, height: fitted.size.height + (separator ? separatorHeight : 0))
    }
}

/// Keeps header and footer keys apart from cell keys in the key cache.
private struct HeaderFooterKey: Hashable {
    let key: AnyHashable
}

extension TableView {
    /// The template of a row, configured for it and laid out at the row's size (its content
    /// width, its height less the separator): what a real cell would show, for drawing.
    /// - Returns: the cell and the size its content view was laid out at.
    public func layOutCell(forRowAt indexPath: IndexPath) throws(TableViewError) -> (cell: TableViewCell, size: CGSize) {
        guard let dataSource else { throw .unregisteredIdentifier("(no data source)") }
        try layoutIfNeeded()
        guard hasRow(indexPath) else { throw .invalidIndexPath(indexPath) }
        let id = dataSource.tableView(self, cellIdentifierForRowAt: indexPath)
        let cell = try templateCell(forReuseIdentifier: id)
        try TableView.configure(cell, identifier: id, indexPath: indexPath) { cell in
            try dataSource.tableView(self, configure: cell, forRowAt: indexPath)
        }
        let height = max(rectForRow(at: indexPath).height - separatorHeight, 0)
        let size = CGSize(width: rowWidth - cell.accessoryWidth, height: height)
        cell.contentView.layOutAsRoot(size: size)
        return (cell, size)
    }
}

extension TableView {
    /// A section's header view, configured and laid out at the header's size, for drawing; nil
    /// when the data source gives the section no header view.
    public func layOutHeader(inSection section: Int) throws(TableViewError) -> TableViewCell? {
        guard let dataSource, let id = dataSource.tableView(self, headerIdentifierForSection: section) else { return nil }
        try layoutIfNeeded()
        let view = try headerFooterTemplate(forReuseIdentifier: id)
        try TableView.configure(view, identifier: id, indexPath: nil) { view in
            try dataSource.tableView(self, configureHeader: view, forSection: section)
        }
        view.contentView.layOutAsRoot(size: CGSize(width: rowWidth, height: rectForHeader(inSection: section).height))
        return view
    }
}
