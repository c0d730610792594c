import AutoLayout
import CellSpecs
import Foundation
import Logging

/// Supplies a table's sections and rows, and configures cells for rows.
public protocol TableViewDataSource: AnyObject {
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The reuse identifier of the cell a row shows.
    func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String
    /// Configures a cell (a template cell when the table measures) for a row.
    func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws
    /// Whether ``tableView(_:cellIdentifierForRowAt:)`` and ``tableView(_:configure:forRowAt:)`` may
    /// be called from several threads at once (each call with a cell of its own, the table not
    /// changing meanwhile), and the cell factories too: ``TableView/layoutAllRows(progress:)`` then
    /// measures rows on every core. The default is false.
    var configuresConcurrently: Bool { get }
    /// The reuse identifier of a section's header view (registered with
    /// ``TableView/register(forHeaderFooterViewReuseIdentifier:_:)``), or nil for none. A header
    /// with a view sizes itself unless the delegate gives its height.
    func tableView(_ tableView: TableView, headerIdentifierForSection section: Int) -> String?
    /// Configures a section's header view (a template when the table measures or draws).
    func tableView(_ tableView: TableView, configureHeader view: TableViewCell, forSection section: Int) throws
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public var configuresConcurrently: Bool { false }
    public func tableView(_ tableView: TableView, headerIdentifierForSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, configureHeader view: TableViewCell, forSection section: Int) throws {}
}

/// Heights of rows, headers and footers. Every method has a default: rows size themselves
/// (``TableView/automaticHeight(forRowAt:)``, cached by index path), headers and footers take the
/// table's ``TableView/sectionHeaderHeight`` and ``TableView/sectionFooterHeight``.
public protocol TableViewDelegate: AnyObject {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) throws -> CGFloat
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) throws -> CGFloat
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) throws -> CGFloat
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) throws -> CGFloat {
        try tableView.automaticHeight(forRowAt: indexPath)
    }
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) throws -> CGFloat {
        tableView.sectionHeaderHeight
    }
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) throws -> CGFloat {
        tableView.sectionFooterHeight
    }
}

/// A headless UITableView: sections of rows whose heights come from template cells fitted with
/// Auto Layout (or `sizeThatFits`), cached by index path or key, kept right through batch
/// updates, and laid out in a column whose geometry answers in O(log n).
///
/// Heights follow UITableView+FDTemplateLayoutCell: one template cell per reuse identifier, made
/// once and never shown; each height configures it (after `prepareForReuse`) and fits its content
/// view at the table's width less the accessory, with the height compressed; frame-layout cells
/// answer `sizeThatFits`; a cell that gives 0 falls back to frame layout, then to 44 points, with
/// a diagnostic. UIKit adds the separator (1 / ``scale``) to each row unless ``separatorStyle`` is
/// `.none`.
///
/// Rows not yet measured stand in with their estimated height (``estimatedRowHeight``, or the
/// delegate's); ``layoutRows(in:)`` measures the rows a viewport shows and ``layoutAllRows(progress:)``
/// measures every row. With ``estimatedRowHeight`` 0 every row is measured at layout. The
/// viewport (``contentOffset``, ``viewportHeight``, ``scroll(by:)``, ``scrollToRow(at:at:)``)
/// measures rows as they come near and, by its ``anchoring``, keeps the rows on screen still when
/// heights change.
///
/// Threading: a table and its cells belong to one thread at a time.
public final class TableView {
    public enum Style: Sendable {
        /// Rows edge to edge; headers and footers only where given.
        case plain
        /// Sections with spacing above and below them.
        case grouped
        /// Grouped, with the rows inset from the table's edges by its layout margins.
        case insetGrouped
    }

    public enum SeparatorStyle: Sendable {
        case none, singleLine
    }

    public let style: Style
    public weak var dataSource: TableViewDataSource?
    public weak var delegate: TableViewDelegate?

    /// The table's width in points.
    @exclusivity(unchecked) public var width: CGFloat { didSet { if width != oldValue { contextDidChange() } } }
    @exclusivity(unchecked) public var contentSizeCategory = ContentSizeCategory.large {
        didSet { if contentSizeCategory != oldValue { applyContentSizeCategory(); contextDidChange() } }
    }
    @exclusivity(unchecked) public var separatorStyle = SeparatorStyle.singleLine { didSet { if separatorStyle != oldValue { contextDidChange() } } }
    /// The screen scale: the separator is one pixel, 1 / scale points.
    @exclusivity(unchecked) public var scale: CGFloat = 3 { didSet { if scale != oldValue { contextDidChange() } } }
    /// The width of a section index (the A-Z strip) along the trailing edge; 0 for none.
    @exclusivity(unchecked) public var sectionIndexWidth: CGFloat = 0 { didSet { if sectionIndexWidth != oldValue { contextDidChange() } } }
    /// Leading and trailing margins; an inset-grouped table insets its rows by them. nil gives
    /// UIKit's system margins: 20 points on tables 414 points wide and wider, 16 below.
    public var layoutMargins: (leading: CGFloat, trailing: CGFloat)? {
        didSet { if layoutMargins?.leading != oldValue?.leading || layoutMargins?.trailing != oldValue?.trailing { contextDidChange() } }
    }
    /// The height rows stand in with before they are measured; 0 measures every row at layout;
    /// ``automaticDimension`` stands in with the running mean of the measured heights of the
    /// row's reuse identifier (44 until one is measured). The default stays 44 (UIKit's before
    /// iOS 11): a running mean makes the estimates depend on which rows were measured first.
    @exclusivity(unchecked) public var estimatedRowHeight: CGFloat = 44
    /// The default header and footer heights (the delegate may give others).
    public var sectionHeaderHeight: CGFloat
    public var sectionFooterHeight: CGFloat
    /// Space above the first section and below the last, as a table header and footer view.
    public var tableHeaderHeight: CGFloat = 0 { didSet { needsSectionLayout = true } }
    public var tableFooterHeight: CGFloat = 0 { didSet { needsSectionLayout = true } }
    /// How many threads ``layoutAllRows(progress:)`` may measure on, when the data source
    /// configures concurrently and no delegate gives row heights; 1 measures on the calling thread.
    @exclusivity(unchecked) public var maximumConcurrency = ProcessInfo.processInfo.activeProcessorCount
    /// Content insets, above and below everything else.
    public var contentInset: (top: CGFloat, bottom: CGFloat) = (0, 0)

    /// Logs like FD's `fd_debugLogEnabled` at debug level: "calculate using auto layout - 388.67",
    /// "cached by indexPath [0,4] -> 388.67", "hit cache by key ..."; fallbacks at warning.
    public var logger = Logger(label: "SelfSizing.TableView") {
        didSet {
            logsDebug = logger.logLevel <= .debug
            sizer.logger = logger
        }
    }
    /// Whether debug messages are wanted: checked before each is made, as they are made per row.
    @exclusivity(unchecked) private(set) var logsDebug = false
    /// Problems found while measuring (a zero height, a fallback), most recent last; at most 100.
    public var diagnostics: [SizingDiagnostic] { sizer.diagnostics }

    /// Counts of what heights cost: template layouts, cache hits and misses.
    public typealias Statistics = SizingStatistics
    public var statistics: Statistics { sizer.statistics }

    /// What a row's height depends on beyond its content: the key of the height cache's stores.
    public struct SizingContext: Hashable, Sendable {
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

    /// The sizing core: the row templates, the height cache, counts and diagnostics. Rows are its
    /// items, fitted at ``rowWidth`` less the accessory; the cached sizes include the separator.
    let sizer: TemplateSizer<TableViewCell, SizingContext>
    /// Templates of header and footer views (sized through ``sizer``, cached by key).
    let headerFooterTemplates = TemplateCells<TableViewCell>()

    /// Heights by index path and by key, for each layout context: the sizer's cache, held here
    /// too so that a cached lookup is one load from the table.
    public let heightCache: HeightCache

    // Geometry of the current context.
    @exclusivity(unchecked) var sections: [SectionGeometry] = []
    /// Each section's total height (header, rows, footer, spacing).
    @exclusivity(unchecked) var sectionTotals = PrefixSums()
    @exclusivity(unchecked) var needsSectionLayout = true
    @exclusivity(unchecked) var needsReload = true
    /// Whether the table has asked its data source for counts: until then, updates have nothing
    /// to apply to and load the data instead, as UIKit's do.
    @exclusivity(unchecked) var hasLoadedData = false
    /// Item identifiers when the table is driven by snapshots (``apply(identifiers:reloading:)``).
    @exclusivity(unchecked) var itemIdentifiers: [[AnyHashable]]?
    /// The viewport, its anchoring and the running means of measured heights (TableView+Viewport).
    @exclusivity(unchecked) var viewportState = TableViewportState()
    /// Counts the changes that can make a measured height or a row's place stale: reloads, batch
    /// updates, snapshots, invalidations, width, category, separator and scale changes. Heights
    /// measured in the background against an older version are dropped.
    package private(set) var dataVersion: UInt64 = 0
    /// Background precaching (``precache(around:reach:)``), made on first use.
    var precacher: Precacher?

    public init(width: CGFloat, style: Style = .plain) {
        self.width = width
        self.style = style
        sectionHeaderHeight = style == .plain ? 0 : 18
        sectionFooterHeight = style == .plain ? 0 : 18
        sizer = TemplateSizer(context: SizingContext(width: 0, contentSizeCategory: .large))
        heightCache = sizer.cache
        sizer.logger = logger
        heightCache.switchTo(context)
    }

    // MARK: - Registration

    /// Registers a cell factory for a reuse identifier. The table calls it once, for the template.
    public func register(forCellReuseIdentifier identifier: String, _ factory: @escaping () throws -> TableViewCell) {
        sizer.templates.register(identifier, factory)
    }

    /// Registers a cell spec (a YAML or JSON cell template) for a reuse identifier.
    public func register(_ spec: CellSpec, measurer: (any TextMeasuring)? = nil, forCellReuseIdentifier identifier: String) {
        register(forCellReuseIdentifier: identifier) { try SpecCell(spec: spec, reuseIdentifier: identifier, measurer: measurer) }
    }

    /// Registers a header or footer view factory for a reuse identifier.
    public func register(forHeaderFooterViewReuseIdentifier identifier: String, _ factory: @escaping () throws -> TableViewCell) {
        headerFooterTemplates.register(identifier, factory)
    }

    /// Registers a cell spec for header and footer views.
    public func register(_ spec: CellSpec, measurer: (any TextMeasuring)? = nil,
                         forHeaderFooterViewReuseIdentifier identifier: String) {
        register(forHeaderFooterViewReuseIdentifier: identifier) {
            try SpecCell(spec: spec, reuseIdentifier: identifier, measurer: measurer)
        }
    }

    // MARK: - Context

    /// The system margins UIKit gives a table of this width, or the ones set.
    public var effectiveLayoutMargins: (leading: CGFloat, trailing: CGFloat) {
        if let m = layoutMargins { return m }
        let m: CGFloat = width >= 414 ? 20 : 16
        return (m, m)
    }

    /// The width a row's content view gets before its accessory takes its share.
    public var rowWidth: CGFloat {
        var w = width - sectionIndexWidth
        if style == .insetGrouped {
            let m = effectiveLayoutMargins
            w -= m.leading + m.trailing
        }
        return max(w, 0)
    }

    /// The height UIKit adds to each row for its separator.
    public var separatorHeight: CGFloat { separatorStyle == .none ? 0 : 1 / scale }

    var context: SizingContext {
        .init(width: rowWidth, contentSizeCategory: contentSizeCategory, separatorHeight: separatorHeight)
    }

    /// A width or category change: heights of the new context come from its cache or are
    /// measured again.
    func contextDidChange() {
        heightCache.switchTo(context)
        needsReload = true
        bumpDataVersion()
    }

    /// A new ``dataVersion``: precaching under way is cancelled (what it measured is dropped, and
    /// its rows are queued again at the next tick).
    func bumpDataVersion() {
        dataVersion &+= 1
        precacher?.cancel()
    }

    func applyContentSizeCategory() {
        sizer.contentSizeCategory = contentSizeCategory
        headerFooterTemplates.contentSizeCategory = contentSizeCategory
    }
}

/// A table's height cache: the sizing core's ``SizeCache`` keyed by ``TableView/SizingContext``.
public typealias HeightCache = SizeCache<TableView.SizingContext>

extension SizeCache where ListContext == TableView.SizingContext {
    /// The number of rows in each section that the index-path heights are for.
    public var rowCounts: [Int] { itemCounts }

    /// The cached height of a row in the current context (its separator included); nil for none,
    /// and for an index path the table does not have.
    /// - Complexity: O(1).
    public func height(at indexPath: IndexPath) -> CGFloat? { size(at: indexPath)?.height }

    /// The cached height for a key in the current context.
    public func height(forKey key: AnyHashable) -> CGFloat? { size(forKey: key)?.height }
}
