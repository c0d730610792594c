import AutoLayout
import CellSpecs
import Foundation

/// A data source of data items shown by spec cells (``SpecCell``), for a table or a collection:
/// each row (item) binds its data item and its 1-based number in the section to `{field}`s and `{row}`.
public final class ItemsDataSource: TableViewDataSource {
    /// The items, one array per section.
    @exclusivity(unchecked) public var sections: [[DataItem]]
    /// The reuse identifier of a row's cell.
    @exclusivity(unchecked) public var cellIdentifier: (IndexPath, DataItem) -> String {
        didSet { sharedIdentifier = nil }
    }
    /// A header item per section (nil for none), shown by the header view registered as
    /// ``headerIdentifier``: it binds like a row, `{row}` being the 1-based section.
    public var headers: [DataItem?] = []
    public var headerIdentifier = "header"

    /// The identifier of every row when there is one for all (asked without calling anything).
    @exclusivity(unchecked) private var sharedIdentifier: String?

    /// One identifier for every row.
    public init(sections: [[DataItem]], cellIdentifier: String) {
        self.sections = sections
        self.cellIdentifier = { _, _ in cellIdentifier }
        sharedIdentifier = cellIdentifier
    }

    public init(sections: [[DataItem]], cellIdentifier: @escaping (IndexPath, DataItem) -> String) {
        self.sections = sections
        self.cellIdentifier = cellIdentifier
        sharedIdentifier = nil
    }

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    public func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String {
        identifier(at: indexPath)
    }

    /// The reuse identifier of an item's cell.
    @inline(__always)
    func identifier(at indexPath: IndexPath) -> String {
        if let id = sharedIdentifier { return id }
        return cellIdentifier(indexPath, sections[indexPath[0]][indexPath[1]])
    }

    /// Items are only read while the table measures: any number of threads may configure at once.
    public var configuresConcurrently: Bool { true }

    public func tableView(_ tableView: TableView, headerIdentifierForSection section: Int) -> String? {
        section < headers.count && headers[section] != nil ? headerIdentifier : nil
    }

    public func tableView(_ tableView: TableView, configureHeader view: TableViewCell, forSection section: Int) throws {
        guard let view = view as? SpecCell, section < headers.count, let item = headers[section] else { return }
        try view.configure(with: item, row: section + 1)
    }

    /// Binds the row's item to a ``SpecCell``; other cells are left as they are.
    public func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws {
        guard let cell = cell as? SpecCell else { return }
        try cell.configure(with: sections[indexPath.section][indexPath.row], row: indexPath.row + 1)
    }
}
