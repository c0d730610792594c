import AutoLayout
import Foundation
import SelfSizing

/// A measurer whose text grows with the content size category, as Dynamic Type's does: fixed
/// advances and line heights, both scaled by the category.
struct CategoryMeasurer: TextMeasuring {
    func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        let step = CGFloat(ContentSizeCategory.allCases.firstIndex(of: request.contentSizeCategory)!)
        let inner = MonospaceTextMeasurer(advance: 7 + step / 2, lineHeight: 20 + step * 2, ascent: 16 + step)
        return inner.measure(request)
    }
}

/// A self-sizing cell: one multi-line label inside the content view's margins.
final class TextCell: TableViewCell {
    let label = Label(identifier: "label", font: .preferred(.body))
    private(set) var prepared = 0

    init() {
        super.init()
        label.measurer = CategoryMeasurer()
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        let margins = contentView.layoutMarginsGuide
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            label.topAnchor.constraint(equalTo: margins.topAnchor),
            label.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    override func prepareForReuse() { prepared += 1 }
}

/// A frame-layout cell: `sizeThatFits` measures its label with 8-point insets.
final class FrameCell: TableViewCell {
    let label = Label(identifier: "label", font: .preferred(.body))

    init() {
        super.init()
        enforceFrameLayout = true
        label.measurer = CategoryMeasurer()
        label.numberOfLines = 0
        contentView.addSubview(label)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let m = label.measurer!.measure(TextMeasureRequest(text: label.text, font: label.font, width: size.width - 16,
                                                           contentSizeCategory: label.contentSizeCategory))
        return CGSize(width: size.width, height: m.size.height.rounded(.up) + 16)
    }
}

/// A row of test content: an identity that survives moves, and text that a reload may change.
struct Row: Hashable {
    var id: Int
    var text: String
}

/// Sections of rows shown by cells of one identifier.
final class RowsDataSource: TableViewDataSource {
    var sections: [[Row]]
    var identifier: String
    var configured = 0

    init(_ sections: [[Row]], identifier: String = "text") {
        self.sections = sections
        self.identifier = identifier
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String { identifier }

    func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws {
        configured += 1
        let text = sections[indexPath.section][indexPath.row].text
        if let cell = cell as? TextCell { cell.label.text = text }
        if let cell = cell as? FrameCell { cell.label.text = text }
    }
}

/// A table of `TextCell`s (and `FrameCell`s under "frame") at a width.
func makeTable(_ source: RowsDataSource, width: CGFloat = 320, style: TableView.Style = .plain) -> TableView {
    let table = TableView(width: width, style: style)
    table.dataSource = source
    table.register(forCellReuseIdentifier: "text") { TextCell() }
    table.register(forCellReuseIdentifier: "frame") { FrameCell() }
    return table
}

/// Words for test texts of any length.
func words(_ n: Int, seed: Int = 0) -> String {
    let pool = ["layout", "cell", "row", "height", "cache", "text", "swift", "table", "update", "a"]
    return (0..<n).map { pool[($0 * 7 + seed) % pool.count] }.joined(separator: " ")
}
