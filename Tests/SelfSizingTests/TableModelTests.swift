import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// Model-based test of the height caches: seeded random sequences of batch updates (rows and
/// sections), snapshots, reloads, and width and category changes. After each step every cached
/// height equals a fresh computation for the row now at that index path, and laying out every row
/// costs exactly one layout pass per row the reference model says is not cached.
@Suite struct TableModelTests {
    struct Context: Hashable {
        var width: CGFloat
        var category: ContentSizeCategory
    }

    /// What the cache should hold: per context (the four most recent), the ids of rows whose
    /// index-path height is cached.
    struct Reference {
        var cached: [Context: Set<Int>] = [:]
        var recent: [Context] = []   // the current context last
        var snapshotMode = false

        mutating func switchTo(_ c: Context) {
            recent.removeAll { $0 == c }
            recent.append(c)
            if cached[c] == nil { cached[c] = [] }
            while recent.count > HeightCache.contextLimit { cached[recent.removeFirst()] = nil }
        }

        mutating func forget(_ ids: some Sequence<Int>) {
            for id in ids { for c in recent { cached[c]!.remove(id) } }
        }

        mutating func forgetAll() {
            for c in recent { cached[c] = [] }
        }
    }

    static let widths: [CGFloat] = [320, 375, 414, 250, 768]
    static let categories: [ContentSizeCategory] = [.large, .extraSmall, .accessibilityLarge]

    @Test(arguments: [("frame", 0..<1200), ("text", 1200..<1500)])
    func cachedHeightsStayRight(identifier: String, seeds: Range<Int>) throws {
        var fresh: [String: CGFloat] = [:]
        let reference = TableView(width: 320)
        reference.register(forCellReuseIdentifier: "text") { TextCell() }
        reference.register(forCellReuseIdentifier: "frame") { FrameCell() }
        func freshHeight(_ text: String, _ c: Context) throws -> CGFloat {
            let key = "\(c.width)|\(c.category)|\(text)"
            if let h = fresh[key] { return h }
            reference.width = c.width
            reference.contentSizeCategory = c.category
            let h = try reference.height(forCellWithIdentifier: identifier) { cell in
                if let cell = cell as? TextCell { cell.label.text = text }
                if let cell = cell as? FrameCell { cell.label.text = text }
            }
            fresh[key] = h
            return h
        }
        for seed in seeds {
            try run(seed: seed, identifier: identifier, freshHeight: freshHeight)
        }
    }

    func run(seed: Int, identifier: String, freshHeight: (String, Context) throws -> CGFloat) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var nextID = 0
        func newRow() -> Row {
            defer { nextID += 1 }
            // From the id alone: the generator is in use by whoever asks for a row.
            return Row(id: nextID, text: words(nextID * 7919 % 25, seed: nextID % 10))
        }
        let source = RowsDataSource((0..<Int.random(in: 1...3, using: &rng)).map { _ in
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in newRow() }
        }, identifier: identifier)
        let table = makeTable(source)
        table.estimatedRowHeight = 50
        var context = Context(width: 320, category: .large)
        var model = Reference()
        model.switchTo(context)

        for step in 0..<8 {
            let what = "seed \(seed) step \(step)"
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...4:
                let updates = randomRowAndSectionUpdates(source, &rng, &model, newRow)
                try table.performBatchUpdates(updates)
                model.snapshotMode = false
            case 5:
                // A snapshot: some rows go, some move, some are new, some reload.
                var all = source.sections.flatMap { $0 }
                all.shuffle(using: &rng)
                all.removeLast(Int.random(in: 0...min(2, all.count), using: &rng))
                var reloading: Set<AnyHashable> = []
                for i in all.indices where Int.random(in: 0..<5, using: &rng) == 0 {
                    all[i].text = words(Int.random(in: 0...24, using: &rng), seed: 3)
                    reloading.insert(all[i].id)
                }
                for _ in 0..<Int.random(in: 0...2, using: &rng) { all.insert(newRow(), at: Int.random(in: 0...all.count, using: &rng)) }
                let cut = Int.random(in: 0...all.count, using: &rng)
                source.sections = [Array(all[..<cut]), Array(all[cut...])]
                let ids = source.sections.map { $0.map { AnyHashable($0.id) } }
                try table.apply(identifiers: ids, reloading: reloading)
                if model.snapshotMode {
                    let kept = Set(all.map(\.id))
                    let gone = model.cached.values.reduce(Set<Int>()) { $0.union($1) }.subtracting(kept)
                    model.forget(gone)
                    model.forget(reloading.map { $0.base as! Int })
                } else {
                    model.forgetAll()
                }
                model.snapshotMode = true
            case 6:
                // The data changes wholesale.
                source.sections = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    (0..<Int.random(in: 0...6, using: &rng)).map { _ in newRow() }
                }
                table.reloadData()
                model.forgetAll()
                model.snapshotMode = false
            case 7, 8:
                context.width = Self.widths.randomElement(using: &rng)!
                table.width = context.width
                model.switchTo(context)
            default:
                context.category = Self.categories.randomElement(using: &rng)!
                table.contentSizeCategory = context.category
                model.switchTo(context)
            }

            // Every cached height is the fresh height of the row now at its index path.
            try table.layoutIfNeeded()
            #expect(table.heightCache.rowCounts == source.sections.map(\.count), "\(what)")
            var uncached = 0
            for (s, rows) in source.sections.enumerated() {
                for (r, row) in rows.enumerated() {
                    if let h = table.heightCache.height(at: IndexPath(row: r, section: s)) {
                        let expected = try freshHeight(row.text, context)
                        #expect(h == expected, "\(what): row \(row.id) at [\(s), \(r)]")
                    }
                    if !model.cached[context]!.contains(row.id) { uncached += 1 }
                }
            }
            // Laying every row out costs a layout pass exactly for the rows not cached.
            let before = table.statistics.layoutPasses
            try table.layoutAllRows()
            #expect(table.statistics.layoutPasses - before == uncached, "\(what): layout passes")
            for rows in source.sections { model.cached[context]!.formUnion(rows.map(\.id)) }
            let heights = try source.sections.flatMap { try $0.map { try freshHeight($0.text, context) } }
            let laidOut = (0..<source.sections.count).flatMap { table.rowHeights(inSection: $0) }
            #expect(laidOut == heights, "\(what): row heights")
        }
    }

    /// Random updates in UIKit's terms (old index paths for deletes, reloads and move sources;
    /// new ones for inserts and move destinations), applied to the data source and the model.
    func randomRowAndSectionUpdates(_ source: RowsDataSource, _ rng: inout SeededGenerator, _ model: inout Reference,
                                    _ newRow: () -> Row) -> BatchUpdates {
        var u = BatchUpdates()
        let old = source.sections
        let sectionCount = old.count
        // Sections: delete, move, reload, insert.
        var deleted = Set<Int>(), moved: [Int] = [], reloaded = Set<Int>()
        for s in 0..<sectionCount {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: deleted.insert(s)
            case 1: moved.append(s)
            case 2: reloaded.insert(s)
            default: break
            }
        }
        let kept = (0..<sectionCount).filter { !deleted.contains($0) && !moved.contains($0) }
        // Rows of kept, unreloaded sections: delete, move (anywhere among those), reload.
        var rowsOf: [Int: [Row]] = [:]
        var travelling: [Row] = []
        for s in kept {
            var rows: [Row] = []
            for (r, row) in old[s].enumerated() {
                let ip = IndexPath(row: r, section: s)
                guard !reloaded.contains(s) else { rows.append(row); continue }
                switch Int.random(in: 0..<8, using: &rng) {
                case 0:
                    u.deleteRows(at: [ip])
                    model.forget([row.id])
                case 1:
                    travelling.append(row)
                    u.moveRow(at: ip, to: ip)   // destination fixed below
                case 2:
                    var changed = row
                    changed.text = words(Int.random(in: 0...24, using: &rng), seed: 5)
                    u.reloadRows(at: [ip])
                    model.forget([row.id])
                    rows.append(changed)
                default:
                    rows.append(row)
                }
            }
            rowsOf[s] = rows
        }
        // The new section order: kept sections in order, moved and new sections at random places.
        var newSections: [(old: Int?, rows: [Row])] = kept.map { (Optional($0), rowsOf[$0]!) }
        for s in moved {
            newSections.insert((s, old[s]), at: Int.random(in: 0...newSections.count, using: &rng))
        }
        for _ in 0..<Int.random(in: 0...1, using: &rng) {
            newSections.insert((nil, (0..<Int.random(in: 0...3, using: &rng)).map { _ in newRow() }),
                               at: Int.random(in: 0...newSections.count, using: &rng))
        }
        for (new, section) in newSections.enumerated() {
            if let o = section.old, moved.contains(o) { u.moveSection(o, toSection: new) }
            if section.old == nil { u.insertSections([new]) }
        }
        for s in deleted {
            u.deleteSections([s])
            model.forget(old[s].map(\.id))
        }
        for s in reloaded {
            u.reloadSections([s])
            model.forget(old[s].map(\.id))
        }
        // Reloaded sections get new content, possibly another count.
        for i in newSections.indices {
            if let o = newSections[i].old, reloaded.contains(o) {
                newSections[i].rows = (0..<Int.random(in: 0...4, using: &rng)).map { _ in newRow() }
            }
        }
        // Moved rows and new rows go into kept, unreloaded sections.
        let targets = newSections.indices.filter { newSections[$0].old.map { kept.contains($0) && !reloaded.contains($0) } ?? false }
        let incoming = travelling + (0..<Int.random(in: 0...2, using: &rng)).map { _ in newRow() }
        if targets.isEmpty {
            // Nowhere to put rows: moves become deletions.
            u.movedRows = []
            for row in travelling {
                let s = old.firstIndex { $0.contains(row) }!
                u.deleteRows(at: [IndexPath(row: old[s].firstIndex(of: row)!, section: s)])
                model.forget([row.id])
            }
        } else {
            for row in incoming {
                let t = targets.randomElement(using: &rng)!
                newSections[t].rows.insert(row, at: Int.random(in: 0...newSections[t].rows.count, using: &rng))
            }
            // Destinations are the final positions.
            var movedRows: [BatchUpdates.Move<IndexPath>] = []
            for m in u.movedRows {
                let row = old[m.from.section][m.from.row]
                let s = newSections.firstIndex { $0.rows.contains(row) }!
                movedRows.append(.init(from: m.from, to: IndexPath(row: newSections[s].rows.firstIndex(of: row)!, section: s)))
            }
            u.movedRows = movedRows
            for row in incoming where !travelling.contains(row) {
                let s = newSections.firstIndex { $0.rows.contains(row) }!
                u.insertRows(at: [IndexPath(row: newSections[s].rows.firstIndex(of: row)!, section: s)])
            }
        }
        source.sections = newSections.map(\.rows)
        return u
    }
}

@Suite struct ItemsDataSourceTests {
    /// One identifier for all rows is answered without the closure; a closure set later replaces it.
    @Test func identifiersFollowTheClosureSetLater() {
        let table = TableView(width: 320)
        let source = ItemsDataSource(sections: [[["text": .string("a")], ["text": .string("b")]]], cellIdentifier: "cell")
        let first = IndexPath(row: 0, section: 0), second = IndexPath(row: 1, section: 0)
        #expect(source.tableView(table, cellIdentifierForRowAt: first) == "cell")
        source.cellIdentifier = { ip, item in ip.row == 0 ? "first" : (item["text"]?.text ?? "?") }
        #expect(source.tableView(table, cellIdentifierForRowAt: first) == "first")
        #expect(source.tableView(table, cellIdentifierForRowAt: second) == "b")
        #expect(IndexPath(row: 7, section: 3).section == 3 && IndexPath(row: 7, section: 3).row == 7)
    }
}
