import AutoLayout
import Foundation
import Logging

/// Counts of what sizes cost: template layouts, cache hits and misses, templates made.
public struct SizingStatistics: Hashable, Sendable {
    /// Sizes computed by laying a template out (Auto Layout or frame layout).
    public var layoutPasses = 0
    public var cacheHits = 0
    public var cacheMisses = 0
    /// Template cells made.
    public var templatesMade = 0

    public init() {}
}

/// The sizing core shared by every list (tables, collections, size calculators): template cells
/// per reuse identifier (``TemplateCells``), configured and fitted in a ``FittingMode``
/// (``TemplateFitting``), their sizes cached by index path or by key for a context the list
/// defines (``SizeCache``), with counts (``SizingStatistics``) and diagnostics reported once per
/// cell (``SizingDiagnostic``). It knows nothing of rows, separators or accessories: a list turns
/// its geometry into a fitting mode and a context, and what it adds to a size (a table's
/// separator) into the sizes it caches.
///
/// ```swift
/// let sizer = TemplateSizer<ListCell, CGFloat>(context: 375)
/// sizer.templates.register("card") { try SpecCell(spec: spec, measurer: measurer) }
/// let size = try sizer.size(ofCellWithIdentifier: "card", fitting: .fixedWidth(375),
///                           cacheByKey: item.id) { cell in try (cell as! SpecCell).configure(with: item, row: 1) }
/// ```
///
/// Threading: a sizer belongs to one thread at a time; ``measureConcurrently(_:threads:chunk:measure:chunkDone:)``
/// gives each worker thread templates of its own.
public final class TemplateSizer<Cell: ListCell, Context: Hashable & Sendable> {
    public let templates = TemplateCells<Cell>()
    /// The cached sizes; the list changes them through its updates and invalidations.
    public let cache: SizeCache<Context>
    @exclusivity(unchecked) public var statistics = SizingStatistics()
    /// Problems found while sizing (a zero size, a fallback), most recent last; at most 100,
    /// each kind once per cell identifier.
    public private(set) var diagnostics: [SizingDiagnostic] = []
    /// Where diagnostics are logged, at warning level.
    public var logger = Logger(label: "SelfSizing.Sizing")
    private var notedSubjects: Set<String> = []

    public init(context: Context) {
        cache = SizeCache(context: context)
    }

    /// The templates' content size category (labels follow it, as UIKit's trait collection).
    public var contentSizeCategory: ContentSizeCategory {
        get { templates.contentSizeCategory }
        set { templates.contentSizeCategory = newValue }
    }

    // MARK: - Sizes

    /// The template of a reuse identifier (made on first use), counted in ``statistics``.
    @inline(__always)
    public func template(for identifier: String) throws(SizingError) -> Cell {
        if let cell = templates.existing(identifier) { return cell }
        let cell = try templates.template(for: identifier)
        statistics.templatesMade += 1
        return cell
    }

    /// Readies a template for an item: `prepareForReuse`, then the configuration.
    /// - Throws: ``SizingError/configurationFailed(identifier:message:)``.
    public static func configure(_ cell: Cell, identifier: String, _ configuration: (Cell) throws -> Void) throws(SizingError) {
        cell.prepareForReuse()
        do { try configuration(cell) } catch {
            throw .configurationFailed(identifier: identifier, message: "\(error)")
        }
    }

    /// Fits a configured template (``TemplateFitting``), counting the layout pass and noting what
    /// went wrong.
    @inline(__always)
    public func fit(_ cell: Cell, _ mode: FittingMode, identifier: String) -> FittedSize {
        statistics.layoutPasses += 1
        let fitted = TemplateFitting.fit(cell, mode, identifier: identifier)
        for d in fitted.diagnostics { note(d) }
        return fitted
    }

    /// The size of a cell configured by `configuration`, computed every time.
    public func size(ofCellWithIdentifier identifier: String, fitting mode: FittingMode,
                     configuration: (Cell) throws -> Void) throws(SizingError) -> CGSize {
        let cell = try template(for: identifier)
        try Self.configure(cell, identifier: identifier, configuration)
        return fit(cell, mode, identifier: identifier).size
    }

    /// The size of an item's cell, cached by index path in the current context. An index path
    /// the cache does not have (see ``SizeCache/contains(_:)``) is measured and not kept.
    /// - Complexity: O(1) when cached.
    public func size(ofCellWithIdentifier identifier: String, fitting mode: FittingMode, cacheBy indexPath: IndexPath,
                     configuration: (Cell) throws -> Void) throws(SizingError) -> CGSize {
        if let size = cache.size(at: indexPath) {
            statistics.cacheHits += 1
            return size
        }
        statistics.cacheMisses += 1
        let size = try size(ofCellWithIdentifier: identifier, fitting: mode, configuration: configuration)
        cache.setSize(size, at: indexPath)
        return size
    }

    /// The size of a cell, cached by a key naming its content (a model's identifier and
    /// revision, say) in the current context. Updates leave it alone; invalidate a key when its
    /// content changes.
    public func size(ofCellWithIdentifier identifier: String, fitting mode: FittingMode, cacheByKey key: AnyHashable,
                     configuration: (Cell) throws -> Void) throws(SizingError) -> CGSize {
        try size(forKey: key) { () throws(SizingError) in
            try size(ofCellWithIdentifier: identifier, fitting: mode, configuration: configuration)
        }
    }

    /// A size from the key cache of the current context, or made by `measure` and kept there.
    public func size(forKey key: AnyHashable, _ measure: () throws(SizingError) -> CGSize) throws(SizingError) -> CGSize {
        if let size = cache.size(forKey: key) {
            statistics.cacheHits += 1
            return size
        }
        statistics.cacheMisses += 1
        let size = try measure()
        cache.setSize(size, forKey: key)
        return size
    }

    // MARK: - Diagnostics

    /// Records a diagnostic once per subject (a reuse identifier and kind), so that a broken cell
    /// in a long list reports once.
    public func note(_ diagnostic: SizingDiagnostic) {
        guard notedSubjects.insert(diagnostic.subject).inserted else { return }
        logger.warning("\(diagnostic.description)")
        diagnostics.append(diagnostic)
        if diagnostics.count > 100 { diagnostics.removeFirst(diagnostics.count - 100) }
    }
}
