import AutoLayout
import CellSpecs
import Foundation

/// A row of a ``TableView``: a content view that constraints (or `sizeThatFits`) size, with
/// UIKit's accessory types, which take width from the content view.
///
/// Subclass it and build the content view in `init`, as a UITableViewCell subclass does, or make
/// one from a cell spec file with ``SpecCell``. A table makes one *template cell* per reuse
/// identifier and never hands it out as a real cell; configuration code can check
/// ``isTemplateLayoutCell`` to skip side effects (loading images, starting timers).
open class TableViewCell {
    /// The view the row's content lives in; its width is fixed by the table, its height comes
    /// from its constraints.
    public let contentView: View
    @exclusivity(unchecked) public internal(set) var reuseIdentifier: String?
    /// Whether this is a table's off-screen template, used only to compute heights.
    @exclusivity(unchecked) public internal(set) var isTemplateLayoutCell = false
    @exclusivity(unchecked) public var accessoryType = AccessoryType.none
    /// A custom accessory; it replaces ``accessoryType`` and takes its own width plus 16 points.
    @exclusivity(unchecked) public var accessoryView: View?
    /// Asks the table to size the cell with ``sizeThatFits(_:)`` rather than Auto Layout.
    @exclusivity(unchecked) public var enforceFrameLayout = false

    /// The accessory UIKit shows at a row's trailing edge.
    public enum AccessoryType: String, Sendable, CaseIterable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton

        /// The width the accessory takes from the content view, as UIKit lays it out (the figures
        /// UITableView+FDTemplateLayoutCell uses).
        public var width: CGFloat {
            switch self {
            case .none: return 0
            case .disclosureIndicator: return 34
            case .detailDisclosureButton: return 68
            case .checkmark: return 40
            case .detailButton: return 48
            }
        }
    }

    public init(reuseIdentifier: String? = nil, contentView: View = View(identifier: "contentView")) {
        self.reuseIdentifier = reuseIdentifier
        self.contentView = contentView
        contentView.translatesAutoresizingMaskIntoConstraints = false
    }

    /// The width the accessory takes from a row.
    public var accessoryWidth: CGFloat {
        if let view = accessoryView { return 16 + view.frame.width }
        return accessoryType.width
    }

    /// Called before the cell is configured for another row.
    open func prepareForReuse() {}

    /// The cell's size for frame layout (``enforceFrameLayout``), or when Auto Layout gives no
    /// height: a subclass that lays out by frames answers it. The default has no opinion (zero).
    /// - Parameter size: the content view's width, and 0 for the height.
    open func sizeThatFits(_ size: CGSize) -> CGSize { .zero }
}

/// A cell made from a cell spec file (YAML or JSON, like a nib): it binds a `DataItem` and a
/// 1-based row number to the spec's `{field}`s. Section headers and footers are cells too (their
/// accessories are ignored).
public final class SpecCell: TableViewCell {
    public let template: CellTemplate

    /// - Throws: `SpecError` when the spec's constraints name unknown views or do not parse.
    public init(spec: CellSpec, reuseIdentifier: String? = nil, measurer: (any TextMeasuring)? = nil) throws(SpecError) {
        template = try CellTemplate(spec: spec, measurer: measurer)
        super.init(reuseIdentifier: reuseIdentifier, contentView: template.contentView)
    }

    /// Binds a data item: texts, image sizes and hidden flags.
    /// - Throws: `BindingError` naming the view and the field it could not bind.
    public func configure(with item: DataItem, row: Int) throws(BindingError) {
        try template.configure(with: item, row: row)
    }
}
