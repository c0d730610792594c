import CellSpecs
import Foundation

/// Items shown by spec cells in a collection: each item binds its data item and its 1-based
/// number in the section to `{field}`s and `{row}`, as in a table.
extension ItemsDataSource: CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

    public func collectionView(_ collectionView: CollectionView, cellIdentifierForItemAt indexPath: IndexPath) -> String {
        identifier(at: indexPath)
    }

    /// Binds the item to a ``SpecCell``; other cells are left as they are.
    public func collectionView(_ collectionView: CollectionView, configure cell: ListCell, forItemAt indexPath: IndexPath) throws {
        guard let cell = cell as? SpecCell else { return }
        try cell.configure(with: sections[indexPath[0]][indexPath[1]], row: indexPath[1] + 1)
    }
}
