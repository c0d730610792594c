import AutoLayout
import CellSpecs
import Foundation
import Logging

/// Supplies a collection view's sections and items, and configures cells for items.
public protocol CollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The reuse identifier of the cell an item shows.
    func collectionView(_ collectionView: CollectionView, cellIdentifierForItemAt indexPath: IndexPath) -> String
    /// Configures a cell (a template cell when the collection measures) for an item.
    func collectionView(_ collectionView: CollectionView, configure cell: ListCell, forItemAt indexPath: IndexPath) throws
    /// Whether the two methods above may be called from several threads at once (each call with a
    /// cell of its own, the collection not changing meanwhile), and the cell factories too:
    /// ``CollectionView/layoutAllItems(progress:)`` then measures items on every core. Default false.
    var configuresConcurrently: Bool { get }
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public var configuresConcurrently: Bool { false }
}

/// UICollectionViewDelegateFlowLayout: item sizes, insets, spacings and header and footer sizes per
/// section. Every method has a default: the layout's own answer (``CollectionView/layoutSize(forItemAt:)``
/// for sizes).
///
/// With a self-sizing layout (a flow layout with an `estimatedItemSize`, a grid), an item's fitted
/// size replaces the delegate's once the item is measured, as `preferredLayoutAttributesFitting(_:)`
/// does in UIKit.
public protocol CollectionViewDelegateFlowLayout: AnyObject {
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) throws -> CGSize
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    /// Only the scrolling axis counts; 0 for no header.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension CollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) throws -> CGSize {
        collectionView.layoutSize(forItemAt: indexPath)
    }
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        layout.defaultMetrics.inset
    }
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        layout.defaultMetrics.lineSpacing
    }
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        layout.defaultMetrics.interitemSpacing
    }
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        let m = layout.defaultMetrics
        return layout.scrollDirection == .vertical ? CGSize(width: 0, height: m.headerLength) : CGSize(width: m.headerLength, height: 0)
    }
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        let m = layout.defaultMetrics
        return layout.scrollDirection == .vertical ? CGSize(width: 0, height: m.footerLength) : CGSize(width: m.footerLength, height: 0)
    }
}

/// A headless UICollectionView: sections of items whose sizes come from the delegate, the layout's
/// item size, or template cells fitted by the sizing core (``TemplateSizer``), arranged by a
/// ``FlowLayout`` or a ``GridLayout``, with geometry queries in O(log n + k).
///
/// Self-sizing items (a flow layout with an `estimatedItemSize`, a grid) stand in with their
/// estimate until measured: ``layoutItems(in:)`` measures what a rectangle shows,
/// ``layoutAllItems(progress:)`` every item (on every core when the data source allows). Measured
/// sizes are cached by index path (through batch updates, in UIKit's order) and per context: the
/// collection's size, its content size category and the layout's parameters.
///
/// Threading: a collection view and its cells belong to one thread at a time.
public final class CollectionView {
    public let layout: CollectionViewLayout
    public weak var dataSource: CollectionViewDataSource?
    public weak var delegate: CollectionViewDelegateFlowLayout?

    /// The collection's width: the lines' cross length when scrolling vertically.
    public var width: CGFloat { didSet { if width != oldValue { needsLayout = true } } }
    /// The collection's height: the lines' cross length when scrolling horizontally.
    public var height: CGFloat { didSet { if height != oldValue { needsLayout = true } } }
    public var contentSizeCategory = ContentSizeCategory.large {
        didSet {
            guard contentSizeCategory != oldValue else { return }
            sizer.contentSizeCategory = contentSizeCategory
            needsLayout = true
        }
    }
    /// How many threads ``layoutAllItems(progress:)`` may measure on, when the data source configures
    /// concurrently; 1 measures on the calling thread.
    public var maximumConcurrency = ProcessInfo.processInfo.activeProcessorCount

    /// What a measured size depends on beyond the item's content.
    public struct SizingContext: Hashable, Sendable {
        public var size: CGSize
        public var contentSizeCategory: ContentSizeCategory
        /// The layout's parameters (``CollectionViewLayout/signature``).
        public var layout: LayoutSignature

        public init(size: CGSize, contentSizeCategory: ContentSizeCategory, layout: LayoutSignature) {
            self.size = size
            self.contentSizeCategory = contentSizeCategory
            self.layout = layout
        }
    }

    /// The sizing core: templates, the size cache (``sizeCache``), counts and diagnostics.
    let sizer: TemplateSizer<ListCell, SizingContext>
    /// Sizes by index path and by key, for each context.
    public let sizeCache: SizeCache<SizingContext>
    public var statistics: SizingStatistics { sizer.statistics }
    /// Problems found while sizing and arranging, most recent last.
    public var diagnostics: [CollectionDiagnostic] {
        sizer.diagnostics.map(CollectionDiagnostic.sizing) + clampedItems.map { .itemWiderThanLine($0) }
    }
    public var logger = Logger(label: "SelfSizing.CollectionView") { didSet { sizer.logger = logger } }

    // Geometry of the current context.
    var sections: [SectionState] = []
    /// How each section's items are sized, worked out at the start of a layout (before the
    /// delegate is asked for sizes, whose default reads it).
    var sectionSizing: [ItemSizing] = []
    /// Each section's length along the scroll axis.
    var sectionLengths = PrefixSums()
    var needsLayout = true
    var hasLoadedData = false
    var clampedItems: [IndexPath] = []
    /// The viewport along the scroll axis and its anchoring (CollectionView+Viewport).
    var viewportState = CollectionViewportState()

    /// A collection of `width` x `height` points (the cross length is the width when scrolling
    /// vertically, the height when horizontally; the other may be 0).
    public init(width: CGFloat, height: CGFloat = 0, layout: CollectionViewLayout) {
        self.width = width
        self.height = height
        self.layout = layout
        sizer = TemplateSizer(context: SizingContext(size: .zero, contentSizeCategory: .large, layout: LayoutSignature([])))
        sizeCache = sizer.cache
        sizer.logger = logger
    }

    // MARK: - Registration

    /// Registers a cell factory for a reuse identifier; the collection calls it for its templates.
    public func register(forCellWithReuseIdentifier identifier: String, _ factory: @escaping () throws -> ListCell) {
        sizer.templates.register(identifier, factory)
        needsLayout = true
    }

    /// Registers a cell spec (a YAML or JSON cell template) for a reuse identifier.
    public func register(_ spec: CellSpec, measurer: (any TextMeasuring)? = nil, forCellWithReuseIdentifier identifier: String) {
        register(forCellWithReuseIdentifier: identifier) { try SpecCell(spec: spec, reuseIdentifier: identifier, measurer: measurer) }
    }

    /// The length of the lines across the scroll axis: the width scrolling vertically, else the height.
    public var crossLength: CGFloat { layout.scrollDirection == .vertical ? width : height }

    var context: SizingContext {
        // Scrolling vertically, the height changes no item's size.
        SizingContext(size: CGSize(width: width, height: layout.scrollDirection == .vertical ? 0 : height),
                      contentSizeCategory: contentSizeCategory, layout: layout.signature)
    }
}

/// A section's arrangement and what the collection knows of its items.
struct SectionState {
    var arrangement: SectionArrangement
    var metrics: SectionMetrics
    var sizing: ItemSizing
    /// Whether each item's size is final (measured, fixed, or the delegate's), not an estimate.
    var isMeasured: [Bool]
}

/// Something the collection view found wrong while sizing or arranging items.
public enum CollectionDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A template could not be fitted as asked (a fallback was used).
    case sizing(SizingDiagnostic)
    /// An item wider than its line's available length, placed alone on its line and clamped to it
    /// (the flow layout's rule 2).
    case itemWiderThanLine(IndexPath)

    public var description: String {
        switch self {
        case let .sizing(d): return d.description
        case let .itemWiderThanLine(ip):
            return "the item at [\(ip[0]), \(ip[1])] is wider than its section's lines; it is clamped to the available length"
        }
    }
}
