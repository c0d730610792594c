import AutoLayout
import Foundation

/// AppDevKit's `ADKCellDynamicSizeCalculator` on the sizing core: a configured cell's size with
/// one dimension taken from a preferred size and the other from its content, never below the
/// preferred one.
///
/// Dynamic height (`sizeForDynamicHeightCellInstance:preferredSize:`):
///
/// 1. The cell's labels follow its width, when it has ``DynamicSizeLabels`` (AppDevKit sets the
///    cell's bounds to the preferred width and lays it out, which runs the labels' update).
/// 2. The cell is fitted at the preferred width, the height compressed
///    (``FittingMode/fixedWidth(_:)``). AppDevKit compresses both dimensions and relies on a
///    width constraint its users set on the cell (its demo sets `cellWidth.constant`); holding
///    the width at the preferred width required is what that constraint does.
/// 3. The size is the preferred width and the larger of the fitted and preferred heights: the
///    preferred height is a minimum.
///
/// Dynamic width (`sizeForDynamicWidthCellInstance:preferredSize:`) is its mirror: labels set to
/// wrap where layout decides (AppDevKit's cell is 0 wide then), fitted at the preferred height
/// (``FittingMode/fixedHeight(_:)``), the size the larger of the widths and the preferred height.
///
/// A preferred dimension that is NaN, infinite or negative counts as 0. A cell Auto Layout cannot
/// size falls back as ``TemplateFitting`` does, with a diagnostic kept in ``diagnostics``.
///
/// Caching: AppDevKit's calculator caches nothing (only its nib calculator does), and neither do
/// the instance methods: a size depends on content only the caller knows. The identifier
/// methods cache when given a key naming the content, per template registration, preferred
/// size, fitted dimension and content size category (``Context``, the few most recent ones).
///
/// Threading: a calculator belongs to one thread at a time.
public final class CellSizeCalculator {
    /// What a key-cached size was measured for, beyond its content.
    public struct Context: Hashable, Sendable {
        /// The dimension the content decides: height for dynamic-height cells.
        public var dimension: SizingDiagnostic.Dimension
        /// The preferred width (cleaned: not finite or negative is 0).
        public var preferredWidth: CGFloat
        /// The preferred height (cleaned as the width).
        public var preferredHeight: CGFloat
        /// The templates' content size category.
        public var category: ContentSizeCategory
    }

    /// A key-cached size's key: the caller's key for one registration of one template.
    private struct Key: Hashable {
        var identifier: String
        var generation: Int
        var key: AnyHashable
    }

    /// The templates of the identifier methods.
    public let templates: TemplateRegistry
    /// Fits, counts, notes diagnostics and keeps key-cached sizes; its own templates are unused.
    private let sizer: TemplateSizer<ListCell, Context>

    /// - Parameter templates: the templates the identifier methods use; a registry may be shared
    ///   with a ``NibSizeCalculator``.
    public init(templates: TemplateRegistry = TemplateRegistry()) {
        self.templates = templates
        sizer = TemplateSizer(context: Context(dimension: .height, preferredWidth: 0, preferredHeight: 0,
                                               category: templates.contentSizeCategory))
    }

    /// Layout passes, cache hits and misses; templates made is the registry's count.
    public var statistics: SizingStatistics {
        var s = sizer.statistics
        s.templatesMade = templates.templatesMade
        return s
    }

    /// Problems found while fitting, once per cell and kind (see ``TemplateSizer/diagnostics``).
    public var diagnostics: [SizingDiagnostic] { sizer.diagnostics }

    // MARK: - A cell instance

    /// The size of a configured cell whose height follows its content at the preferred width.
    /// - Parameters:
    ///   - cell: the configured cell.
    ///   - preferredSize: the width the cell takes and the least height it gets.
    ///   - labels: the cell's dynamic-size labels, set to the preferred width before fitting.
    /// - Returns: the preferred width, and the larger of the fitted and preferred heights.
    public func size(forDynamicHeightCell cell: ListCell, preferredSize: CGSize, labels: DynamicSizeLabels? = nil) -> CGSize {
        let preferred = Self.sanitized(preferredSize)
        labels?.apply(width: preferred.width)
        let fitted = sizer.fit(cell, .fixedWidth(preferred.width), identifier: Self.name(of: cell)).size
        return CGSize(width: preferred.width, height: max(fitted.height, preferred.height))
    }

    /// The size of a configured cell whose width follows its content at the preferred height.
    /// - Parameters:
    ///   - cell: the configured cell.
    ///   - preferredSize: the least width the cell gets and the height it takes.
    ///   - labels: the cell's dynamic-size labels, set to wrap where layout decides.
    /// - Returns: the larger of the fitted and preferred widths, and the preferred height.
    public func size(forDynamicWidthCell cell: ListCell, preferredSize: CGSize, labels: DynamicSizeLabels? = nil) -> CGSize {
        let preferred = Self.sanitized(preferredSize)
        labels?.apply(width: 0)
        let fitted = sizer.fit(cell, .fixedHeight(preferred.height), identifier: Self.name(of: cell)).size
        return CGSize(width: max(fitted.width, preferred.width), height: preferred.height)
    }

    // MARK: - A registered template

    /// The size of a registered template, configured for an item, whose height follows its
    /// content at the preferred width (its dynamic-size labels applied, if registered with them).
    /// - Parameters:
    ///   - identifier: the template's reuse identifier.
    ///   - preferredSize: the width the cell takes and the least height it gets.
    ///   - key: names the item's content; its size is then cached (nil: measured every time).
    ///   - configuration: sets the template up for the item (after `prepareForReuse`).
    /// - Throws: ``CalculatorError``: an unregistered identifier, a factory or configuration that
    ///   threw, dynamic-size labels without a recorded size.
    /// - Complexity: O(1) when cached.
    public func size(forDynamicHeightCellWithIdentifier identifier: String, preferredSize: CGSize,
                     cacheByKey key: AnyHashable? = nil,
                     configuration: (ListCell) throws -> Void) throws(CalculatorError) -> CGSize {
        try size(identifier, .height, preferredSize, key, configuration)
    }

    /// The size of a registered template, configured for an item, whose width follows its content
    /// at the preferred height: the mirror of
    /// ``size(forDynamicHeightCellWithIdentifier:preferredSize:cacheByKey:configuration:)``.
    /// - Parameters:
    ///   - identifier: the template's reuse identifier.
    ///   - preferredSize: the least width the cell gets and the height it takes.
    ///   - key: names the item's content; its size is then cached (nil: measured every time).
    ///   - configuration: sets the template up for the item (after `prepareForReuse`).
    /// - Throws: ``CalculatorError``, as the dynamic-height method.
    public func size(forDynamicWidthCellWithIdentifier identifier: String, preferredSize: CGSize,
                     cacheByKey key: AnyHashable? = nil,
                     configuration: (ListCell) throws -> Void) throws(CalculatorError) -> CGSize {
        try size(identifier, .width, preferredSize, key, configuration)
    }

    /// Forgets every key-cached size.
    public func invalidateAll() { sizer.cache.invalidateAll() }

    /// Forgets a key's sizes for a template, in every context (its content changed).
    /// - Parameters:
    ///   - key: the key the sizes were cached by.
    ///   - identifier: the template's reuse identifier.
    public func invalidateSize(forKey key: AnyHashable, identifier: String) {
        guard let generation = templates.generation(of: identifier) else { return }
        sizer.cache.invalidateSize(forKey: Key(identifier: identifier, generation: generation, key: key))
    }

    private func size(_ identifier: String, _ dimension: SizingDiagnostic.Dimension, _ preferredSize: CGSize,
                      _ key: AnyHashable?, _ configuration: (ListCell) throws -> Void) throws(CalculatorError) -> CGSize {
        let cell = try templates.template(for: identifier)
        let labels = try templates.dynamicSizeLabels(for: identifier)
        func measure() throws(SizingError) -> CGSize {
            try TemplateSizer<ListCell, Context>.configure(cell, identifier: identifier, configuration)
            return dimension == .height
                ? size(forDynamicHeightCell: cell, preferredSize: preferredSize, labels: labels)
                : size(forDynamicWidthCell: cell, preferredSize: preferredSize, labels: labels)
        }
        do {
            guard let key, let generation = templates.generation(of: identifier) else { return try measure() }
            let preferred = Self.sanitized(preferredSize)
            sizer.cache.switchTo(Context(dimension: dimension, preferredWidth: preferred.width,
                                         preferredHeight: preferred.height, category: templates.contentSizeCategory))
            return try sizer.size(forKey: Key(identifier: identifier, generation: generation, key: key), measure)
        } catch {
            throw .sizing(error)
        }
    }

    /// Diagnostics name a cell by its reuse identifier, else by its type.
    private static func name(of cell: ListCell) -> String { cell.reuseIdentifier ?? "\(type(of: cell))" }

    private static func sanitized(_ size: CGSize) -> CGSize {
        func clean(_ x: CGFloat) -> CGFloat { x.isFinite && x > 0 ? x : 0 }
        return CGSize(width: clean(size.width), height: clean(size.height))
    }
}
