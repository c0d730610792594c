import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

/// What `collection` and `render` share to lay data items out in a collection view: the layout
/// (a grid, a self-sizing flow, or a flow of fixed-width items) and its spacings and insets.
///
/// Rules: exactly one layout, `--columns N` (a ``GridLayout``) or `--flow` (a ``FlowLayout`` whose
/// items size themselves, standing in with `--estimated-item-size` or automatically); `--item-width`
/// implies a flow layout whose delegate fixes each item's width and fits its height (AppDevKit's
/// `sizeForItemAt`). Spacings default to UIKit's 10 points, insets to none.
struct CollectionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "A grid of N columns (item width (W - insets - (N - 1) x item spacing) / N, heights fitted).")
    var columns: Int?

    @Flag(help: "A flow layout of self-sizing items (UICollectionViewFlowLayout with an estimatedItemSize).")
    var flow = false

    @Option(name: .customLong("item-width"), parsing: .unconditional,
            help: "A flow layout whose items are W points wide with fitted heights (the delegate's sizeForItemAt).")
    var itemWidth: Double?

    @Option(name: .customLong("estimated-item-size"), parsing: .unconditional,
            help: "W,H: the estimate self-sizing flow items stand in with, or 'automatic' (the default).")
    var estimatedItemSize: String?

    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: "Points between lines (default 10).")
    var lineSpacing: Double?

    @Option(name: .customLong("item-spacing"), parsing: .unconditional, help: "Points between items of a line (default 10).")
    var itemSpacing: Double?

    @Option(name: .customLong("section-inset"), parsing: .unconditional, help: "T,L,B,R in points (or one number for all four; default 0).")
    var sectionInset: String?

    @Flag(help: "Scroll horizontally: lines run down the collection's height (give --height).")
    var horizontal = false

    /// Whether a collection layout was asked for.
    var isCollection: Bool { columns != nil || flow || itemWidth != nil }

    /// The flags that only a collection layout uses, as given.
    var layoutFlagsGiven: [String] {
        [(estimatedItemSize != nil, "--estimated-item-size"), (lineSpacing != nil, "--line-spacing"),
         (itemSpacing != nil, "--item-spacing"), (sectionInset != nil, "--section-inset"), (horizontal, "--horizontal")]
            .filter(\.0).map(\.1)
    }

    func validate() throws {
        if columns != nil && flow { throw ValidationError("give --columns N (a grid) or --flow (a flow layout), not both") }
        if columns != nil && itemWidth != nil {
            throw ValidationError("--item-width makes a flow layout; a grid's items take their column's width: give --columns or --item-width")
        }
        if let columns { try NumberLimits.columns.check(columns, "--columns") }
        if let itemWidth { try NumberLimits.width.check(itemWidth, "--item-width") }
        if let estimatedItemSize {
            guard parsedEstimate(estimatedItemSize) != nil else {
                throw ValidationError("--estimated-item-size must be W,H (two numbers of points above 0, at most 100000) or 'automatic', got '\(estimatedItemSize)'")
            }
            if columns != nil || itemWidth != nil {
                throw ValidationError("--estimated-item-size applies to --flow only (a grid estimates its own heights; --item-width sizes items)")
            }
        }
        for (value, flag) in [(lineSpacing, "--line-spacing"), (itemSpacing, "--item-spacing")] {
            if let value { try NumberLimits.spacing.check(value, flag) }
        }
        if let sectionInset, parsedInset(sectionInset) == nil {
            throw ValidationError("--section-inset must be T,L,B,R (four numbers of points from 0 to 100000) or one number for all four, got '\(sectionInset)'")
        }
    }

    /// What depends on the collection's size, checked once the size is known: a layout given, the
    /// lines' length left by the insets, and room for a grid's columns.
    /// - Parameters:
    ///   - width: the collection's width.
    ///   - height: the collection's height (nil when not given).
    func check(width: Double, height: Double?) throws {
        guard isCollection else {
            throw ValidationError("give a layout: --columns N (a grid), --flow (self-sizing items in lines) "
                                  + "or --item-width W (a flow of items W points wide)")
        }
        if horizontal && height == nil { throw ValidationError("--horizontal needs --height H: the collection's height, along which lines run") }
        let inset = insets
        let cross = horizontal ? (height ?? 0) - Double(inset.top + inset.bottom) : width - Double(inset.left + inset.right)
        guard cross > 0 else {
            throw ValidationError("--section-inset leaves no room: the lines would be \(JSONNumber.format(cross)) points long")
        }
        if let columns {
            let spacing = itemSpacing ?? 10
            let item = (cross - Double(columns - 1) * spacing) / Double(columns)
            guard item > 0 else {
                throw ValidationError("--columns \(columns) with --item-spacing \(JSONNumber.format(spacing)) leaves no room for items "
                                      + "in \(JSONNumber.format(cross)) points")
            }
        }
    }

    var insets: EdgeInsets { sectionInset.flatMap(parsedInset) ?? EdgeInsets() }

    /// Comma-separated finite numbers, or nil.
    private func numbers(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return parts.map { $0! }
    }

    private func parsedEstimate(_ text: String) -> CGSize? {
        if text.lowercased() == "automatic" { return FlowLayout.automaticSize }
        guard let n = numbers(text), n.count == 2, n.allSatisfy(NumberLimits.width.allows) else { return nil }
        return CGSize(width: n[0], height: n[1])
    }

    private func parsedInset(_ text: String) -> EdgeInsets? {
        guard let n = numbers(text), n.count == 1 || n.count == 4, n.allSatisfy(NumberLimits.spacing.allows) else { return nil }
        if n.count == 1 { return EdgeInsets(all: n[0]) }
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// The layout the flags describe.
    func makeLayout() -> CollectionViewLayout {
        let direction: ScrollDirection = horizontal ? .horizontal : .vertical
        if let columns {
            let grid = GridLayout(columns: columns)
            grid.interItemSpacing = CGFloat(itemSpacing ?? 10)
            grid.lineSpacing = CGFloat(lineSpacing ?? 10)
            grid.contentInsets = insets
            grid.scrollDirection = direction
            return grid
        }
        let flow = FlowLayout()
        flow.minimumInteritemSpacing = CGFloat(itemSpacing ?? 10)
        flow.minimumLineSpacing = CGFloat(lineSpacing ?? 10)
        flow.sectionInset = insets
        flow.scrollDirection = direction
        // With --item-width the delegate gives every size: the items are not self-sizing.
        flow.estimatedItemSize = itemWidth != nil ? .zero : estimatedItemSize.flatMap(parsedEstimate) ?? FlowLayout.automaticSize
        return flow
    }

    /// A one-section collection of the items in the source's cells (reuse identifier "cell"), laid out as
    /// the flags say; nothing measured yet.
    func makeCollection(_ cell: CellSource, _ items: [DataItem], list: ListOptions, height: Double?,
                        measurer: TextMeasurer) -> CollectionSetup {
        let collection = CollectionView(width: CGFloat(list.width), height: CGFloat(height ?? 0), layout: makeLayout())
        collection.contentSizeCategory = ContentSizeCategory(name: list.contentSizeCategory)!
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        collection.dataSource = source
        collection.register(forCellWithReuseIdentifier: "cell") { try cell.makeCell(reuseIdentifier: "cell", measurer: measurer) }
        let delegate = itemWidth.map { FixedWidthItems(width: CGFloat($0), source: source) }
        collection.delegate = delegate
        return CollectionSetup(collection: collection, source: source, delegate: delegate)
    }
}

/// A collection view and what it holds weakly (its data source and delegate), kept together.
struct CollectionSetup {
    let collection: CollectionView
    let source: ItemsDataSource
    let delegate: FixedWidthItems?
}

/// AppDevKit's `sizeForItemAt`: every item `width` points wide, its height fitted to its content
/// (cached by index path in the collection's size cache, through its own layout).
final class FixedWidthItems: CollectionViewDelegateFlowLayout {
    let width: CGFloat
    let source: ItemsDataSource

    init(width: CGFloat, source: ItemsDataSource) {
        self.width = width
        self.source = source
    }

    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) throws -> CGSize {
        do {
            return try collectionView.size(forCellWithIdentifier: "cell", fitting: .fixedWidth(width)) { cell in
                try source.collectionView(collectionView, configure: cell, forItemAt: indexPath)
            }
        } catch let CollectionViewError.configurationFailed(nil, identifier, message) {
            // The sizing core does not know the item; the message names it.
            throw CollectionViewError.configurationFailed(indexPath: indexPath, identifier: identifier, message: message)
        }
    }
}
