import AutoLayout
import Foundation

/// A cell of any list (a table's row, a collection's item, a header or footer view): a content
/// view that constraints (or ``sizeThatFits(_:)``) size, as UITableViewCell and
/// UICollectionViewCell share it.
///
/// Subclass it (through ``TableViewCell``) and build the content view in `init`, as a UIKit cell
/// subclass does. A list makes one *template cell* per reuse identifier (``TemplateCells``) and
/// never hands it out as a real cell; configuration code can check ``isTemplateLayoutCell`` to
/// skip side effects (loading images, starting timers).
open class ListCell {
    /// The view the cell's content lives in; the list fixes one of its dimensions (or bounds it),
    /// its constraints give the rest.
    public let contentView: View
    @exclusivity(unchecked) public internal(set) var reuseIdentifier: String?
    /// Whether this is a list's off-screen template, used only to compute sizes.
    @exclusivity(unchecked) public internal(set) var isTemplateLayoutCell = false
    /// Asks the list to size the cell with ``sizeThatFits(_:)`` rather than Auto Layout.
    @exclusivity(unchecked) public var enforceFrameLayout = false

    public init(reuseIdentifier: String? = nil, contentView: View = View(identifier: "contentView")) {
        self.reuseIdentifier = reuseIdentifier
        self.contentView = contentView
        contentView.translatesAutoresizingMaskIntoConstraints = false
    }

    /// Called before the cell is configured for another item.
    open func prepareForReuse() {}

    /// The cell's size for frame layout (``enforceFrameLayout``), or when Auto Layout gives no
    /// size: a subclass that lays out by frames answers it. The default has no opinion (zero).
    /// - Parameter size: the dimension the list fixes (the other is 0), or for
    ///   ``FittingMode/compressed(maximumWidth:)`` the maximum width and 0.
    open func sizeThatFits(_ size: CGSize) -> CGSize { .zero }

    /// The size the cell prefers in a self-sizing collection layout, as UICollectionViewCell's
    /// `preferredLayoutAttributesFitting(_:)`: nil (the default) lets the layout fit it in `mode`
    /// (``TemplateFitting``). A subclass may fit itself otherwise, for example fix its width to the
    /// proposed width and fit its height (the common list pattern).
    /// - Parameters:
    ///   - proposedSize: the size the layout proposes: the item's estimate, or its size before.
    ///   - mode: how the layout would fit the cell.
    open func preferredLayoutSize(fitting proposedSize: CGSize, mode: FittingMode) -> CGSize? { nil }

    /// Sets the labels of the cell to a content size category, as UIKit's trait collection does.
    public func apply(_ category: ContentSizeCategory) {
        for case let label as Label in contentView.subtree { label.contentSizeCategory = category }
    }
}
