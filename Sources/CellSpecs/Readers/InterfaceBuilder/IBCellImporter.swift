import AutoLayout
import Foundation

/// The state of one cell's import: the views read so far, their ids both ways, the layout guides
/// and the warnings. ``InterfaceBuilderImport`` drives it: views first, then constraints.
struct IBCellImporter {
    let cell: IBCell
    let document: InterfaceBuilderDocument
    let options: InterfaceBuilderImport.Options
    /// The element the cell's subviews are in.
    let contentElement: IBElement

    var views: [CellSpec.ViewSpec] = []
    var constraints: [CellSpec.ConstraintSpec] = []
    var warnings: [InterfaceBuilderImport.Warning] = []
    /// IB id -> spec id (the cell's and the content view's ids -> `contentView`).
    var specIDs: [String: String] = [:]
    /// Spec id -> IB id.
    var ibIDs: [String: String] = [:]
    var recordedFrames: [String: CGRect] = [:]
    /// Layout guide id -> the item its edges are: a safe area is its view's edges (a cell has no
    /// insets), a margins guide ``CellSpec/ConstraintItem/layoutMargins(of:)``.
    var guides: [String: CellSpec.ConstraintItem] = [:]
    /// Elements that hold constraints, with the spec id of the view they stand for.
    var holders: [(element: IBElement, id: String)] = []
    /// Warning messages given, so that each is given once.
    private var warned: Set<String> = []

    init(cell: IBCell, document: InterfaceBuilderDocument, options: InterfaceBuilderImport.Options) throws(SpecError) {
        guard let content = cell.contentView else {
            throw SpecError(file: document.file, line: cell.element.location.line, column: cell.element.location.column,
                            message: "the \(cell.kind.rawValue) '\(cell.name)' has no content view")
        }
        self.cell = cell
        self.document = document
        self.options = options
        contentElement = content
        for element in [cell.element, content] {
            if let id = element.id { specIDs[id] = "contentView" }
            readGuides(of: element, as: "contentView")
        }
        ibIDs["contentView"] = content.id ?? cell.id
        holders.append((cell.element, "contentView"))
        if content !== cell.element { holders.append((content, "contentView")) }
    }

    /// Warns once per distinct message.
    mutating func warn(_ message: String, at element: IBElement) {
        guard warned.insert(message).inserted else { return }
        warnings.append(InterfaceBuilderImport.Warning(location: element.location, message: message))
    }

    /// Rule 1 of ``InterfaceBuilderImport``: a valid, unused spec id from an IB id.
    mutating func makeSpecID(for element: IBElement) -> String {
        let ibID = element.id ?? "line\(element.location.line)"
        var base = String(ibID.unicodeScalars.map { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") ? Character($0) : "_" })
        if base.first.map({ !($0.isLetter || $0 == "_") }) ?? true { base = "v" + base }
        var id = base
        var n = 2
        while ibIDs[id] != nil || id == "contentView" {
            id = "\(base)_\(n)"
            n += 1
        }
        ibIDs[id] = ibID
        if let i = element.id { specIDs[i] = id }
        return id
    }

    mutating func readGuides(of element: IBElement, as id: String) {
        for guide in element.children("viewLayoutGuide") {
            guard let guideID = guide.id else { continue }
            switch guide["key"] {
            case "safeArea": guides[guideID] = .view(id)
            case "layoutMarginsGuide": guides[guideID] = .layoutMargins(of: id)
            default: break
            }
        }
    }

    /// Rule 4 of ``InterfaceBuilderImport``: the content view's margins.
    func contentViewMargins(recordedSize: CGSize?) -> DirectionalEdgeInsets? {
        if let written = Self.margins(of: contentElement) { return written }
        switch cell.kind {
        case .tableViewCell, .tableViewHeaderFooterView:
            if let tools = document.root["toolsVersion"].flatMap({ Double($0.split(separator: " ").first ?? "") }), tools < 13142 {
                return DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
            }
            let side: CGFloat = (recordedSize?.width ?? 0) >= 390 ? 20 : 16
            return DirectionalEdgeInsets(top: 11, leading: side, bottom: 11, trailing: side)
        default:
            return nil
        }
    }

    /// The content view's background colour, else the cell's (a collection view cell's is
    /// usually set on the cell).
    var contentViewBackground: Color? {
        color("backgroundColor", of: contentElement) ?? color("backgroundColor", of: cell.element)
    }

    /// The margins written on an element: `directionalLayoutMargins`, else `layoutMargins` (left
    /// to right: left is leading).
    static func margins(of element: IBElement) -> DirectionalEdgeInsets? {
        if let d = element.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            return DirectionalEdgeInsets(top: d.number("top") ?? 0, leading: d.number("leading") ?? 0,
                                         bottom: d.number("bottom") ?? 0, trailing: d.number("trailing") ?? 0)
        }
        if let e = element.child("edgeInsets", key: "layoutMargins") {
            return DirectionalEdgeInsets(top: e.number("top") ?? 0, leading: e.number("left") ?? 0,
                                         bottom: e.number("bottom") ?? 0, trailing: e.number("right") ?? 0)
        }
        return nil
    }
}

extension IBCellImporter {
    /// Rule 5 of ``InterfaceBuilderImport``: a table view cell of a built-in `style` (Default,
    /// Value1, Value2, Subtitle) has its `textLabel`, `detailTextLabel` and `imageView` placed by
    /// UITableViewCell's own layout, not by constraints: they keep their recorded frames (their
    /// autoresizing masks), and the content view keeps its recorded height at priority 250, above
    /// the fitting priority, so that the row's height is IB's (one line per label) rather than none.
    mutating func readBuiltInStyle() {
        guard cell.kind == .tableViewCell, let style = cell.element["style"],
              IBCell.builtInStyleViews.contains(where: { cell.element[$0] != nil }) else { return }
        let name = style.replacingOccurrences(of: "IBUITableViewCellStyle", with: "")
        warn("the cell has the built-in style \(name): UITableViewCell places its textLabel, detailTextLabel and imageView itself; they keep their recorded frames and the row its recorded height", at: cell.element)
        guard let height = contentElement.rect()?.height ?? cell.recordedSize?.height, height > 0 else { return }
        constraints.append(CellSpec.ConstraintSpec(.view("contentView"), .height, constant: height, priority: LayoutPriority(250),
                                                   location: cell.element.location))
    }
}
