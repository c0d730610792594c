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
        if stored.isNaN {
            statistics.cacheMisses += 1
            return nil
        }
        let h = CGFloat(stored)
        statistics.cacheHits += 1
        if logsDebug { logger.debug("hit cache by indexPath [\(indexPath.section),\(indexPath.row)] -> \(h)") }
        return h
    }

    /// Keeps a measured height at an index path.
    private func cache(_ h: CGFloat, at indexPath: IndexPath) -> CGFloat {
        heightCache.setHeight(h, at: indexPath)
        if logsDebug { logger.debug("cached by indexPath [\(indexPath.section),\(indexPath.row)] -> \(h)") }
        return h
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
        if let h = heightCache.height(forKey: key) {
            statistics.cacheHits += 1
            if logged && logsDebug { logger.debug("hit cache by key [\(key)] -> \(h)") }
            return h
        }
        statistics.cacheMisses += 1
        let h = try measured()
        heightCache.setHeight(h, forKey: key)
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
        if let cell = templates[identifier] { return cell }
        let cell = try makeTemplate(identifier, cellFactories[identifier])
        templates[identifier] = cell
        return cell
    }

    func headerFooterTemplate(forReuseIdentifier identifier: String) throws(TableViewError) -> TableViewCell {
        if let view = headerFooterTemplates[identifier] { return view }
        let view = try makeTemplate(identifier, headerFooterFactories[identifier])
        headerFooterTemplates[identifier] = view
        return view
    }

    func makeTemplate(_ identifier: String, _ factory: (() throws -> TableViewCell)?) throws(TableViewError) -> TableViewCell {
        let cell = try TableView.makeTemplate(identifier, factory, category: contentSizeCategory)
        statistics.templatesMade += 1
        return cell
    }

    /// A template cell from a factory, marked as one and set to a content size category.
    /// Touches nothing but the new cell, so that the threads of a concurrent layout can make theirs.
    static func makeTemplate(_ identifier: String, _ factory: (() throws -> TableViewCell)?,
                             category: ContentSizeCategory) throws(TableViewError) -> TableViewCell {
        guard let factory else { throw .unregisteredIdentifier(identifier) }
        let cell: TableViewCell
        do { cell = try factory() } catch {
            throw .cellCreationFailed(identifier: identifier, message: "\(error)")
        }
        cell.reuseIdentifier = identifier
        cell.isTemplateLayoutCell = true
        apply(category, to: cell)
        return cell
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
        return fit(cell, identifier: identifier, separator: separator)
    }

    /// Fits a configured template (see ``fittedHeight(of:width:identifier:)``), plus the separator.
    private func fit(_ cell: TableViewCell, identifier: String, separator: Bool = true) -> CGFloat {
        statistics.layoutPasses += 1
        let width = rowWidth - (separator ? cell.accessoryWidth : 0)
        let fitted = TableView.fittedHeight(of: cell, width: width, identifier: identifier)
        if logsDebug { logger.debug("calculate using \(fitted.usedFrameLayout ? "frame" : "auto") layout - \(fitted.height)") }
        for (message, subject) in fitted.problems { note(message, about: subject) }
        return fitted.height + (separator ? separatorHeight : 0)
    }

    /// A configured cell's height at a content width: Auto Layout with the width required and the
    /// height compressed; frame layout (`sizeThatFits`) when the cell asks for it or Auto Layout
    /// gives 0; 44 as the last resort. Touches nothing but the cell, so that workers can fit
    /// their own templates at once. `problems` are diagnostics, each with the subject it is about.
    static func fittedHeight(of cell: TableViewCell, width: CGFloat, identifier: String)
        -> (height: CGFloat, usedFrameLayout: Bool, problems: [(String, String)]) {
        var problems: [(String, String)] = []
        var height: CGFloat = 0
        var frame = false
        if !cell.enforceFrameLayout && width > 0 {
            height = cell.contentView.systemLayoutSizeFitting(CGSize(width: width, height: 0),
                                                              withHorizontalFittingPriority: .required,
                                                              verticalFittingPriority: .fittingSizeLevel).height
            if !height.isFinite { height = 0 }
            if height <= 0 {
                let why = cell.contentView.selfSizingProblem(width: width).map { ": \($0)" } ?? ""
                problems.append(("cannot get a proper cell height (now 0) for '\(identifier)' from Auto Layout"
                                 + "\(why); falling back to sizeThatFits", identifier))
            }
        }
        if height <= 0 {
            frame = true
            height = cell.sizeThatFits(CGSize(width: width, height: 0)).height
            if !height.isFinite { height = 0 }
        }
        if height <= 0 {
            problems.append(("'\(identifier)' has no height from Auto Layout or sizeThatFits; using 44", identifier + "#44"))
            height = 44
        }
        return (height, frame, problems)
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
