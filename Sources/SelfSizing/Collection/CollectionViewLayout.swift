import AutoLayout
import Foundation

/// How a collection view's layout sizes a section's items.
public enum ItemSizing: Hashable, Sendable {
    /// Every item takes this size (the flow layout's `itemSize`), unless the delegate gives one.
    case fixed(CGSize)
    /// Items size themselves: each is fitted in `mode` (through the cell's
    /// ``ListCell/preferredLayoutSize(fitting:mode:)``), standing in with `estimate` until it is.
    case selfSizing(FittingMode, estimate: CGSize)
}

/// A collection view's layout: its scroll direction, the section parameters it gives by default
/// (the delegate may override them per section), how items are sized, and how a section's items
/// are arranged (``ArrangementKind``). ``FlowLayout`` and ``GridLayout`` are the two kinds.
///
/// A layout is a description: changing a property takes effect at the collection view's next
/// ``CollectionView/layoutIfNeeded()``; sizes measured under other parameters are kept apart in the
/// size cache (``signature``). Estimates are not part of the signature: they change no measured size.
public protocol CollectionViewLayout: AnyObject {
    var scrollDirection: ScrollDirection { get }
    /// A section's parameters when the delegate does not override them.
    var defaultMetrics: SectionMetrics { get }
    /// How a section's items are arranged in lines.
    var arrangementKind: ArrangementKind { get }
    /// How the items of a section with these metrics are sized, in a collection of this size.
    func itemSizing(metrics: SectionMetrics, collectionSize: CGSize) -> ItemSizing
    /// Everything that changes item sizes or their arrangement, for keying cached sizes.
    var signature: LayoutSignature { get }
}

/// A layout's parameters as numbers, compared to tell whether sizes measured under one set of
/// parameters still hold under another.
public struct LayoutSignature: Hashable, Sendable {
    public var parameters: [Double]

    public init(_ parameters: [CGFloat]) { self.parameters = parameters.map(Double.init) }
}

extension EdgeInsets {
    var parameters: [CGFloat] { [top, left, bottom, right] }
}

/// UICollectionViewFlowLayout: items in lines, as ``ArrangementKind/flow`` arranges them.
///
/// With ``estimatedItemSize`` `.zero` (the default) every item takes ``itemSize`` or the delegate's
/// size; otherwise items size themselves, as `preferredLayoutAttributesFitting(_:)` sizes them by
/// default: both dimensions compressed, the width at most the line's available length (scrolling
/// horizontally: at most the collection's width, the height clamped to the line), standing in with
/// the estimate (``automaticSize``: the ``itemSize``) until they are measured.
public final class FlowLayout: CollectionViewLayout {
    /// The estimated size that asks items to size themselves without giving an estimate
    /// (UICollectionViewFlowLayout.automaticSize).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    public var itemSize = CGSize(width: 50, height: 50)
    /// `.zero`: items take ``itemSize``; ``automaticSize`` or an estimate: items size themselves.
    public var estimatedItemSize = CGSize.zero
    public var minimumLineSpacing: CGFloat = 10
    public var minimumInteritemSpacing: CGFloat = 10
    public var sectionInset = EdgeInsets()
    public var scrollDirection = ScrollDirection.vertical
    /// Only the scrolling axis counts (the height when scrolling vertically); 0 for none.
    public var headerReferenceSize = CGSize.zero
    public var footerReferenceSize = CGSize.zero

    public init() {}

    public var defaultMetrics: SectionMetrics {
        let vertical = scrollDirection == .vertical
        return SectionMetrics(inset: sectionInset, lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
                              headerLength: vertical ? headerReferenceSize.height : headerReferenceSize.width,
                              footerLength: vertical ? footerReferenceSize.height : footerReferenceSize.width)
    }

    public var arrangementKind: ArrangementKind { .flow }

    public func itemSizing(metrics: SectionMetrics, collectionSize: CGSize) -> ItemSizing {
        guard estimatedItemSize != .zero else { return .fixed(itemSize) }
        let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
        let available = collectionSize.width - (scrollDirection == .vertical ? metrics.inset.left + metrics.inset.right : 0)
        return .selfSizing(.compressed(maximumWidth: max(available, 0)), estimate: estimate)
    }

    public var signature: LayoutSignature {
        LayoutSignature([0, itemSize.width, itemSize.height, estimatedItemSize == .zero ? 0 : 1, minimumLineSpacing,
                         minimumInteritemSpacing, scrollDirection == .vertical ? 0 : 1, headerReferenceSize.width,
                         headerReferenceSize.height, footerReferenceSize.width, footerReferenceSize.height] + sectionInset.parameters)
    }
}

/// A grid of columns, as `UICollectionViewCompositionalLayout` is mostly used: N items a row of
/// `.fractionalWidth(1 / N)`, heights `.estimated` and fitted (``FittingMode/fixedWidth(_:)`` at
/// the item width), inter-item and line spacing, content insets; a row is as tall as its tallest
/// item, and items are top-aligned with their own heights or stretched to the row
/// (``uniformAcrossSiblings``). Scrolling horizontally swaps the axes.
public final class GridLayout: CollectionViewLayout {
    /// Items a row, at least 1.
    public var columns: Int
    public var interItemSpacing: CGFloat = 10
    public var lineSpacing: CGFloat = 10
    public var contentInsets = EdgeInsets()
    /// Stretches each item to its row's height (NSCollectionLayoutSize's `uniformAcrossSiblings`).
    public var uniformAcrossSiblings = false
    /// The height items stand in with before they are measured (`.estimated(h)`).
    public var estimatedItemHeight: CGFloat = 44
    public var scrollDirection = ScrollDirection.vertical
    /// A header and footer per section, along the scrolling axis; 0 for none.
    public var headerLength: CGFloat = 0
    public var footerLength: CGFloat = 0

    public init(columns: Int) {
        self.columns = columns
    }

    public var defaultMetrics: SectionMetrics {
        SectionMetrics(inset: contentInsets, lineSpacing: lineSpacing, interitemSpacing: interItemSpacing,
                       headerLength: headerLength, footerLength: footerLength)
    }

    public var arrangementKind: ArrangementKind { .grid(columns: max(columns, 1), uniformHeights: uniformAcrossSiblings) }

    public func itemSizing(metrics: SectionMetrics, collectionSize: CGSize) -> ItemSizing {
        let cross = scrollDirection == .vertical ? collectionSize.width : collectionSize.height
        let length = max(SectionArrangement.gridItemLength(columns: max(columns, 1), metrics: metrics, crossLength: cross,
                                                           direction: scrollDirection), 0)
        if scrollDirection == .vertical {
            return .selfSizing(.fixedWidth(length), estimate: CGSize(width: length, height: estimatedItemHeight))
        }
        return .selfSizing(.fixedHeight(length), estimate: CGSize(width: estimatedItemHeight, height: length))
    }

    public var signature: LayoutSignature {
        LayoutSignature([1, CGFloat(columns), interItemSpacing, lineSpacing, uniformAcrossSiblings ? 1 : 0,
                         scrollDirection == .vertical ? 0 : 1, headerLength, footerLength] + contentInsets.parameters)
    }
}
