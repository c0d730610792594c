import AutoLayout
import Foundation

/// A cell of an Interface Builder document: a table or collection view cell, a header or footer
/// view, or a plain view of a xib, with what identifies it and the size IB recorded for it.
public struct IBCell: Sendable {
    /// What kind of UIKit object the cell is.
    public enum Kind: String, Sendable {
        /// A `UITableViewCell`: a `<tableViewCell>` with a `<tableViewCellContentView>`.
        case tableViewCell
        /// A `UICollectionViewCell`: a `<collectionViewCell>` with a `contentView` (written as
        /// `<view key="contentView">` by older Xcodes, `<collectionViewCellContentView>` by newer).
        case collectionViewCell
        /// A `UITableViewHeaderFooterView` with its `<view key="contentView">`.
        case tableViewHeaderFooterView
        /// A `UICollectionReusableView`: a collection view's header, footer or a xib's supplementary
        /// view; it has no content view (its subviews are its own).
        case collectionReusableView
        /// A plain top-level view of a xib; it is its own content view.
        case view
    }

    /// How the cell is named: its reuse identifier, else its custom class, else its IB id.
    public let name: String
    /// What kind of UIKit object the cell is.
    public let kind: Kind
    /// The cell's element.
    public let element: IBElement
    /// The view its subviews are laid out in: the `contentView`-keyed child, the element itself
    /// for a plain view or a reusable view, `nil` when a cell has none written.
    public let contentView: IBElement?
    /// The cell's size as IB recorded it: its `<rect key="frame">`, else its content view's; for
    /// a prototype written without a frame (Xcode 6 and older), the table view's width by the row
    /// height (the cell's `rowHeight`, else the table's, else UIKit's default 44), or the
    /// collection view flow layout's `itemSize`.
    public let recordedSize: CGSize?
    /// The size IB laid the content view out at: its `<rect key="frame">`; for a table view
    /// prototype written without frames (Xcode 6 and older), the recorded size less the 1-point
    /// separator those Xcodes drew below it (none when the table's `separatorStyle` is `none`);
    /// else ``recordedSize``.
    public var recordedContentSize: CGSize? {
        if let size = contentView?.rect()?.size { return size }
        guard kind == .tableViewCell, element.rect() == nil, var size = recordedSize,
              let table = element.ancestors.first(where: { $0.name == "tableView" }) else { return recordedSize }
        if table["separatorStyle"] != "none" { size.height = max(size.height - 1, 0) }
        return size
    }
    /// The cell's `reuseIdentifier`, if set.
    public let reuseIdentifier: String?
    /// The cell's `customClass`, if set.
    public let customClass: String?
    /// The cell's IB object id.
    public let id: String
    /// Outlet property name -> destination id, from the cell's `<connections>`; a cell of a
    /// built-in style adds `textLabel`, `detailTextLabel` and `imageView` for the views it names.
    public let outlets: [String: String]
    /// Outlet collection property name -> destination ids in the order written.
    public let outletCollections: [String: [String]]

    /// The attributes of a `<tableViewCell>` of a built-in `style` (`IBUITableViewCellStyleSubtitle`...)
    /// that name its labels and image view; they are outlets by these names (UIKit's properties).
    static let builtInStyleViews = ["textLabel", "detailTextLabel", "imageView"]

    /// Keeps the tree alive so that `element.parent` and `ancestors` stay walkable after the
    /// document is dropped (parents are weak).
    private let root: IBElement

    /// Reads a cell of `kind` from its element.
    init(element: IBElement, kind: Kind, root: IBElement) {
        self.element = element
        self.kind = kind
        self.root = root
        id = element.id ?? "line\(element.location.line)"
        reuseIdentifier = element["reuseIdentifier"].flatMap { $0.isEmpty ? nil : $0 }
        customClass = element["customClass"].flatMap { $0.isEmpty ? nil : $0 }
        name = reuseIdentifier ?? customClass ?? id
        switch kind {
        case .view, .collectionReusableView: contentView = element
        default: contentView = element.child(key: "contentView")
        }
        recordedSize = Self.recordedSize(of: element, contentView: contentView, kind: kind)
        var outlets: [String: String] = [:]
        var collections: [String: [String]] = [:]
        for connection in element.child("connections")?.children ?? [] {
            guard let property = connection["property"], let destination = connection["destination"] else { continue }
            switch connection.name {
            case "outlet": outlets[property] = destination
            case "outletCollection": collections[property, default: []].append(destination)
            default: break
            }
        }
        // A built-in style's labels and image view, by UITableViewCell's property names, unless an
        // outlet of the same name is written.
        for property in Self.builtInStyleViews {
            if let destination = element[property], outlets[property] == nil { outlets[property] = destination }
        }
        self.outlets = outlets
        outletCollections = collections
    }

    static func recordedSize(of element: IBElement, contentView: IBElement?, kind: Kind) -> CGSize? {
        if let frame = element.rect() ?? contentView?.rect() { return frame.size }
        // A prototype's list: <tableView><prototypes><tableViewCell>, <collectionView><cells><collectionViewCell>;
        // a static cell's: <tableView><sections><tableViewSection><cells><tableViewCell>.
        guard let list = element.parent?.parent else { return nil }
        switch kind {
        case .tableViewCell:
            guard let table = element.ancestors.first(where: { $0.name == "tableView" }), let width = table.rect()?.width else { return nil }
            let height = [element.number("rowHeight"), table.number("rowHeight")].compactMap { $0 }.first { $0 > 0 } ?? 44
            return CGSize(width: width, height: height)
        case .collectionViewCell where list.name == "collectionView":
            return list.child(key: "collectionViewLayout")?.size(key: "itemSize")
        default:
            return nil
        }
    }
}

/// Finds the cells of a document (the rules are ``InterfaceBuilderDocument/cells``'s).
struct IBCellFinder {
    let root: IBElement
    let kind: InterfaceBuilderDocument.Kind

    /// Elements a xib's `<objects>` holds that are cells, by element name.
    static let xibCellKinds: [String: IBCell.Kind] = [
        "tableViewCell": .tableViewCell,
        "collectionViewCell": .collectionViewCell,
        "tableViewHeaderFooterView": .tableViewHeaderFooterView,
        "collectionReusableView": .collectionReusableView,
        "view": .view,
    ]

    func cells() -> [IBCell] {
        switch kind {
        case .xib:
            return (root.child("objects")?.children ?? []).compactMap { e in
                Self.xibCellKinds[e.name].map { IBCell(element: e, kind: $0, root: root) }
            }
        case .storyboard:
            var out: [IBCell] = []
            for scene in root.child("scenes")?.children("scene") ?? [] {
                for list in scene.descendantsAndSelf {
                    switch list.name {
                    case "tableView":
                        // Prototypes, then the cells of a static table (`dataMode="static"`) section by section.
                        let sections = list.child("sections")?.children("tableViewSection") ?? []
                        let cells = (list.child("prototypes")?.children("tableViewCell") ?? [])
                            + sections.flatMap { $0.child("cells")?.children("tableViewCell") ?? [] }
                        for cell in cells {
                            out.append(IBCell(element: cell, kind: .tableViewCell, root: root))
                        }
                    case "collectionView":
                        for cell in list.child("cells")?.children("collectionViewCell") ?? [] {
                            out.append(IBCell(element: cell, kind: .collectionViewCell, root: root))
                        }
                        for view in list.children("collectionReusableView") {
                            out.append(IBCell(element: view, kind: .collectionReusableView, root: root))
                        }
                    default: break
                    }
                }
            }
            return out
        }
    }
}

extension InterfaceBuilderDocument {
    /// The cell with this name (reuse identifier, else custom class, else IB id), or this IB id.
    ///
    /// - Throws: ``SpecError`` when no cell has the name (listing the names there are), when
    ///   several do (listing their ids, which name each), or when the document has no cells.
    public func cell(named name: String) throws(SpecError) -> IBCell {
        let matches = cells.filter { $0.name == name }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw SpecError(file: file, line: 0, column: 0,
                            message: "\(matches.count) cells are named \"\(name)\"; name one by its IB id: \(matches.map(\.id).joined(separator: ", "))")
        }
        if let byID = cells.first(where: { $0.id == name }) { return byID }
        if cells.isEmpty { throw noCellsError }
        throw SpecError(file: file, line: 0, column: 0,
                        message: "no cell named \"\(name)\"; the cells are: \(cells.map(\.name).joined(separator: ", "))")
    }

    /// The cells, or an error saying there are none (for commands that need at least one).
    ///
    /// - Throws: ``SpecError`` when the document has no cells.
    public func nonEmptyCells() throws(SpecError) -> [IBCell] {
        if cells.isEmpty { throw noCellsError }
        return cells
    }

    /// The error for a document without cells, saying where cells were looked for.
    var noCellsError: SpecError {
        let where_ = switch kind {
        case .xib: "its top-level objects hold no tableViewCell, collectionViewCell, tableViewHeaderFooterView, collectionReusableView or view"
        case .storyboard: "no table or collection view of any scene has prototype or static cells"
        }
        return SpecError(file: file, line: 0, column: 0, message: "no cells: \(where_)")
    }
}
