import AutoLayout
import CellSpecs
import Foundation

/// A row of a ``TableView``: a ``ListCell`` with UIKit's accessory types, which take width from
/// the content view.
///
/// Subclass it and build the content view in `init`, as a UITableViewCell subclass does, or make
/// one from a cell spec file with ``SpecCell``. A table makes one *template cell* per reuse
/// identifier and never hands it out as a real cell; configuration code can check
/// ``ListCell/isTemplateLayoutCell`` to skip side effects (loading images, starting timers).
open class TableViewCell: ListCell {
    @exclusivity(unchecked) public var accessoryType = AccessoryType.none
    /// A custom accessory; it replaces ``accessoryType`` and takes its own width plus 16 points.
    @exclusivity(unchecked) public var accessoryView: View?

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

    public override init(reuseIdentifier: String? = nil, contentView: View = View(identifier: "contentView")) {
        super.init(reuseIdentifier: reuseIdentifier, contentView: contentView)
    }

    /// The width the accessory takes from a row.
    public var accessoryWidth: CGFloat {
        if let view = accessoryView { return 16 + view.frame.width }
        return accessoryType.width
    }
}

/// A cell made from a cell spec file (YAML or JSON, like a nib): it binds a `DataItem` and a
/// 1-based row number to the spec's `{field}`s. Section headers and footers are cells too (their
/// accessories are ignored).
public final class SpecCell: TableViewCell {
    public let template: CellTemplate

    /// - Throws: `SpecError` when the spec's constraints name unknown views or do not parse.
    public init(spec: CellSpec, reuseIdentifier: String? = nil, measurer: (any TextMeasuring)? = nil) throws(SpecError) {
        template = try CellTemplate(spec: spec, measurer: measurer)
        binder = nil
        super.init(reuseIdentifier: reuseIdentifier, contentView: template.contentView)
    }

    /// How a data item binds to a template other than by the spec's `{field}`s: a cell imported
    /// from Interface Builder binds by its outlets' names.
    public typealias Binder = (CellTemplate, DataItem, Int) throws(BindingError) -> Void

    /// The binder ``configure(with:row:)`` uses instead of the template's `{field}`s, if any.
    private let binder: Binder?

    /// A cell whose items bind through `binder` (given the template, the item and the 1-based row).
    /// - Throws: `SpecError` when the spec's constraints name unknown views or do not parse.
    public init(spec: CellSpec, reuseIdentifier: String? = nil, measurer: (any TextMeasuring)? = nil,
                binder: @escaping Binder) throws(SpecError) {
        template = try CellTemplate(spec: spec, measurer: measurer)
        self.binder = binder
        super.init(reuseIdentifier: reuseIdentifier, contentView: template.contentView)
    }

    /// Binds a data item: texts, image sizes and hidden flags (through the binder when given one).
    /// - Throws: `BindingError` naming the view and the field it could not bind.
    public func configure(with item: DataItem, row: Int) throws(BindingError) {
        if let binder { return try binder(template, item, row) }
        try template.configure(with: item, row: row)
    }
}
