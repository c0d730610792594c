import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import Testing

@Suite struct TableViewTests {
    let rows = (0..<30).map { Row(id: $0, text: words(3 + $0 * 5 % 40, seed: $0)) }

    @Test func rowsSizeThemselvesAndLookupsHitTheCache() throws {
        let source = RowsDataSource([rows])
        let table = makeTable(source)
        try table.layoutAllRows()
        #expect(table.statistics.layoutPasses == rows.count)
        #expect(table.statistics.templatesMade == 1)
        // Each height is the template's fitted height plus the separator (1/3 at scale 3).
        let cell = TextCell()
        for (i, row) in rows.enumerated() {
            cell.label.text = row.text
            let fitted = cell.contentView.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                                  verticalFittingPriority: .fittingSizeLevel).height
            #expect(table.rectForRow(at: IndexPath(row: i, section: 0)).height == fitted + 1.0 / 3)
        }
        let passes = table.statistics.layoutPasses
        for i in rows.indices { _ = try table.automaticHeight(forRowAt: IndexPath(row: i, section: 0)) }
        #expect(table.statistics.layoutPasses == passes)
        #expect(table.statistics.cacheHits == rows.count)
    }

    @Test func templateIsMadeOnceAndPreparedBeforeEachConfiguration() throws {
        let source = RowsDataSource([rows])
        let table = makeTable(source)
        try table.layoutAllRows()
        let template = try #require(try table.templateCell(forReuseIdentifier: "text") as? TextCell)
        #expect(template.isTemplateLayoutCell && template.reuseIdentifier == "text")
        #expect(template.prepared == rows.count)
        #expect(throws: TableViewError.unregisteredIdentifier("nope")) { try table.templateCell(forReuseIdentifier: "nope") }
    }

    @Test(arguments: TableViewCell.AccessoryType.allCases)
    func accessoriesNarrowTheContentView(accessory: TableViewCell.AccessoryType) throws {
        let text = words(60)
        let table = makeTable(RowsDataSource([]))
        let withAccessory = try table.height(forCellWithIdentifier: "text") { cell in
            cell.accessoryType = accessory
            (cell as! TextCell).label.text = text
        }
        let narrower = makeTable(RowsDataSource([]), width: 320 - accessory.width)
        let plain = try narrower.height(forCellWithIdentifier: "text") { cell in
            cell.accessoryType = .none
            (cell as! TextCell).label.text = text
        }
        #expect(withAccessory == plain)
        #expect([0, 34, 68, 40, 48].contains(accessory.width))
    }

    @Test func customAccessoryViewTakesItsWidthAndSixteen() throws {
        let table = makeTable(RowsDataSource([]))
        let text = words(60)
        let custom = try table.height(forCellWithIdentifier: "text") { cell in
            let v = View(identifier: "switch")
            v.frame = CGRect(x: 0, y: 0, width: 51, height: 31)
            cell.accessoryView = v
            (cell as! TextCell).label.text = text
        }
        let plain = try makeTable(RowsDataSource([]), width: 320 - 67).height(forCellWithIdentifier: "text") { cell in
            (cell as! TextCell).label.text = text
        }
        #expect(custom == plain)
    }

    @Test func separatorAddsOnePixelUnlessNone() throws {
        let table = makeTable(RowsDataSource([]))
        let configure: (TableViewCell) -> Void = { ($0 as! TextCell).label.text = "one line" }
        let three = try table.height(forCellWithIdentifier: "text", configuration: configure)
        table.scale = 2
        #expect(try table.height(forCellWithIdentifier: "text", configuration: configure) == three - 1.0 / 3 + 0.5)
        table.separatorStyle = .none
        #expect(try table.height(forCellWithIdentifier: "text", configuration: configure) == three - 1.0 / 3)
    }

    @Test func insetGroupedRowsAreInsetByTheMargins() throws {
        let source = RowsDataSource([Array(rows.prefix(5))])
        let grouped = makeTable(source, width: 375, style: .insetGrouped)
        try grouped.layoutAllRows()
        #expect(grouped.rowWidth == CGFloat(343))
        let rect = grouped.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(rect.minX == 16 && rect.width == 343)
        #expect(rect.minY == 18)   // the grouped header spacing
        let wide = makeTable(source, width: 414, style: .insetGrouped)
        #expect(wide.rowWidth == CGFloat(374))
        // Rows are fitted at the inset width.
        let plain = makeTable(source, width: 343)
        try plain.layoutAllRows()
        #expect(plain.rowHeights(inSection: 0) == grouped.rowHeights(inSection: 0))
        #expect(grouped.contentSize.height == 18 + grouped.rowHeights(inSection: 0).reduce(0, +) + 18)
    }

    @Test func sectionIndexNarrowsRows() throws {
        let table = makeTable(RowsDataSource([]), width: 320)
        table.sectionIndexWidth = 15
        #expect(table.rowWidth == 305)
    }

    @Test func frameLayoutCellsAnswerSizeThatFits() throws {
        let source = RowsDataSource([Array(rows.prefix(8))], identifier: "frame")
        let table = makeTable(source)
        table.separatorStyle = .none
        try table.layoutAllRows()
        let cell = FrameCell()
        for (i, row) in rows.prefix(8).enumerated() {
            cell.label.text = row.text
            #expect(table.rowHeights(inSection: 0)[i] == cell.sizeThatFits(CGSize(width: 320, height: 0)).height)
        }
        #expect(table.diagnostics.isEmpty)
    }

    /// A cell whose constraints give no height falls back to `sizeThatFits`, then to 44, and says so.
    @Test func zeroHeightFallsBackToFrameLayoutThenFortyFour() throws {
        final class Unconstrained: TableViewCell {
            var frameHeight: CGFloat = 0
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: frameHeight) }
        }
        let table = TableView(width: 320)
        table.separatorStyle = .none
        table.register(forCellReuseIdentifier: "u") { Unconstrained() }
        #expect(try table.height(forCellWithIdentifier: "u") { ($0 as! Unconstrained).frameHeight = 61 } == 61)
        #expect(table.diagnostics.count == 1 && table.diagnostics[0].description.contains("falling back to sizeThatFits"))
        #expect(try table.height(forCellWithIdentifier: "u") { ($0 as! Unconstrained).frameHeight = 0 } == 44)
        #expect(table.diagnostics.last!.description.contains("using 44"))
    }

    @Test func headersAndFootersTakeTheirHeights() throws {
        final class Delegate: TableViewDelegate {
            func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) throws -> CGFloat {
                try tableView.height(forHeaderFooterViewWithIdentifier: "header", cacheByKey: section) { view in
                    (view as! TextCell).label.text = "Section \(section) " + words(section * 12)
                }
            }
            func tableView(_ tableView: TableView, heightForFooterInSection section: Int) throws -> CGFloat { 10 }
        }
        let source = RowsDataSource([Array(rows.prefix(3)), Array(rows.prefix(2)), []])
        let table = makeTable(source)
        let delegate = Delegate()
        table.delegate = delegate
        table.register(forHeaderFooterViewReuseIdentifier: "header") { TextCell() }
        table.tableHeaderHeight = 100
        try table.layoutAllRows()
        let header1 = table.rectForHeader(inSection: 1)
        #expect(header1.height > table.rectForHeader(inSection: 0).height)
        #expect(table.rectForFooter(inSection: 0).height == 10)
        #expect(header1.minY == table.rectForFooter(inSection: 0).maxY)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == header1.maxY)
        #expect(table.rectForHeader(inSection: 0).minY == 100)
        let total = (0..<3).reduce(100.0) { $0 + table.rectForSection($1).height }
        #expect(table.contentSize.height == total)
        // Headers have no separator; the header template is not a cell template.
        #expect(table.rectForHeader(inSection: 0).height == 42)   // 8 + one 26-point line at .large + 8
    }

    @Test func geometryFindsRowsByOffset() throws {
        let source = RowsDataSource([Array(rows.prefix(10)), [], Array(rows.suffix(10))])
        let table = makeTable(source)
        table.sectionHeaderHeight = 28
        table.contentInset = (top: 64, bottom: 0)
        try table.layoutAllRows()
        for s in [0, 2] {
            for r in 0..<10 {
                let ip = IndexPath(row: r, section: s)
                let rect = table.rectForRow(at: ip)
                #expect(table.indexPathForRow(at: rect.minY) == ip)
                #expect(table.indexPathForRow(at: rect.maxY - 0.01) == ip)
            }
        }
        #expect(table.indexPathForRow(at: 10) == nil)                                // the inset
        #expect(table.indexPathForRow(at: table.rectForHeader(inSection: 2).midY) == nil)
        #expect(table.indexPathForRow(at: table.contentSize.height + 1) == nil)
        let shown = table.indexPathsForRows(in: 64...(64 + 28 + 5))
        #expect(shown == [IndexPath(row: 0, section: 0)])
        let spanning = table.indexPathsForRows(in: table.rectForRow(at: IndexPath(row: 9, section: 0)).minY...table.rectForRow(at: IndexPath(row: 0, section: 2)).minY)
        #expect(spanning == [IndexPath(row: 9, section: 0), IndexPath(row: 0, section: 2)])
    }

    @Test func estimatesStandInUntilRowsAreShown() throws {
        let many = (0..<500).map { Row(id: $0, text: words(20 + $0 % 30, seed: $0)) }
        let source = RowsDataSource([many])
        let table = makeTable(source)
        table.estimatedRowHeight = 100
        try table.layoutIfNeeded()
        #expect(table.statistics.layoutPasses == 0)
        #expect(table.contentSize.height == 50_000)
        let shown = try table.layoutRows(in: 0...667)
        #expect(table.statistics.layoutPasses == shown.count)
        #expect(shown.allSatisfy { table.isRowMeasured(at: $0) })
        #expect(!table.isRowMeasured(at: IndexPath(row: shown.count + 1, section: 0)))
        let last = table.rectForRow(at: shown.last!)
        #expect(last.minY <= 667 && last.maxY > 667 || shown.count == many.count)
        // With no estimate, every row is measured at layout.
        let eagerSource = RowsDataSource([many])
        let eager = makeTable(eagerSource)
        eager.estimatedRowHeight = 0
        try eager.layoutIfNeeded()
        #expect(eager.statistics.layoutPasses == many.count)
    }

    @Test func keyCacheSurvivesReloadsAndKnowsTheContext() throws {
        let table = makeTable(RowsDataSource([]))
        let text = words(40)
        let configure: (TableViewCell) -> Void = { ($0 as! TextCell).label.text = text }
        let a = try table.height(forCellWithIdentifier: "text", cacheByKey: "post-1", configuration: configure)
        table.reloadData()
        #expect(try table.height(forCellWithIdentifier: "text", cacheByKey: "post-1", configuration: configure) == a)
        #expect(table.statistics.layoutPasses == 1)
        table.width = 200
        try table.layoutIfNeeded()
        let narrow = try table.height(forCellWithIdentifier: "text", cacheByKey: "post-1", configuration: configure)
        #expect(narrow > a && table.statistics.layoutPasses == 2)
        table.width = 320
        try table.layoutIfNeeded()
        #expect(try table.height(forCellWithIdentifier: "text", cacheByKey: "post-1", configuration: configure) == a)
        #expect(table.statistics.layoutPasses == 2)
        table.invalidateHeight(forKey: "post-1")
        _ = try table.height(forCellWithIdentifier: "text", cacheByKey: "post-1", configuration: configure)
        #expect(table.statistics.layoutPasses == 3)
    }

    @Test func contentSizeCategoryRemeasuresStyledText() throws {
        let source = RowsDataSource([Array(rows.prefix(6))])
        let table = makeTable(source)
        try table.layoutAllRows()
        let large = table.contentSize.height
        table.contentSizeCategory = .accessibilityExtraLarge
        try table.layoutAllRows()
        #expect(table.contentSize.height > large)
        #expect(table.statistics.layoutPasses == 12)
        let template = try table.templateCell(forReuseIdentifier: "text") as! TextCell
        #expect(template.label.contentSizeCategory == .accessibilityExtraLarge)
        table.contentSizeCategory = .large
        try table.layoutAllRows()
        #expect(table.contentSize.height == large && table.statistics.layoutPasses == 12)
    }

    @Test func configurationErrorsNameTheRow() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "no such field" } }
        final class Failing: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String { "text" }
            func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws {
                if indexPath.row == 3 { throw Broken() }
            }
        }
        let source = Failing()
        let table = TableView(width: 320)
        table.dataSource = source
        table.register(forCellReuseIdentifier: "text") { TextCell() }
        #expect(throws: TableViewError.configurationFailed(indexPath: IndexPath(row: 3, section: 0), identifier: "text",
                                                           message: "no such field")) {
            try table.layoutAllRows()
        }
    }

    @Test func heightsAskedBeforeTheFirstLayoutLoadTheData() throws {
        let source = RowsDataSource([Array(rows.prefix(3))])
        let table = makeTable(source)
        let h = try table.automaticHeight(forRowAt: IndexPath(row: 2, section: 0))
        #expect(h > 44 && table.statistics.layoutPasses == 1)
    }

    @Test func indexPathsTheTableDoesNotHaveAreErrorsNotCrashes() throws {
        let source = RowsDataSource([Array(rows.prefix(3))])
        let table = makeTable(source)
        try table.layoutAllRows()
        for ip in [IndexPath(row: 3, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: -1, section: 0), IndexPath(indexes: [0])] {
            #expect(table.rectForRow(at: ip) == .zero)
            #expect(!table.isRowMeasured(at: ip))
            #expect(table.heightCache.height(at: ip) == nil)
            #expect(throws: TableViewError.invalidIndexPath(ip)) { try table.measureRow(at: ip) }
            #expect(throws: TableViewError.invalidIndexPath(ip)) { try table.automaticHeight(forRowAt: ip) }
            table.invalidateHeight(at: ip)
        }
        #expect(table.numberOfRows(inSection: 7) == 0 && table.rowHeights(inSection: -1).isEmpty)
        #expect(table.rectForSection(9) == .zero && table.rectForHeader(inSection: 9) == .zero)
    }

    @Test func specCellsBindItems() throws {
        let spec = try CellSpec(yaml: """
        views:
          - {id: title, type: label, text: "{row}. {title}", numberOfLines: 0}
          - {id: photo, type: image, size: ["{w?}", "{h?}"]}
        constraints:
          - "H:|-[title]-|"
          - "H:|-[photo]"
          - "photo.width == 0 @249"
          - "photo.height == 0 @249"
          - "V:|-[title]-[photo]-|"
        """)
        let items: [DataItem] = [["title": .string("short")], ["title": .string(words(30)), "w": .number(40), "h": .number(30)]]
        let source = ItemsDataSource(sections: [items], cellIdentifier: "spec")
        let table = TableView(width: 200)
        table.separatorStyle = .none
        table.dataSource = source
        table.register(spec, measurer: MonospaceTextMeasurer(), forCellReuseIdentifier: "spec")
        try table.layoutAllRows()
        let lines = MonospaceTextMeasurer().measure(TextMeasureRequest(text: "2. " + words(30), font: Font(), width: 184))
        #expect(lines.lineCount > 3)
        let expected: [CGFloat] = [8 + 20 + 8 + 0 + 8, 8 + lines.size.height + 8 + 30 + 8]
        #expect(table.rowHeights(inSection: 0) == expected)
    }
}

/// Rows measured on several threads, each with its own templates, get the heights one thread gets.
@Suite struct ConcurrentLayoutTests {
    static let spec = """
    views:
      - {id: number, type: label, text: "Line {row}", font: {style: caption1}}
      - {id: line, type: label, text: "{text}", font: {style: body}, numberOfLines: 0}
      - {id: photo, type: image, size: ["{w?}", "{h?}"]}
    constraints:
      - "H:|-[number]-|"
      - "H:|-[line]-|"
      - "H:|-[photo]"
      - "photo.width == 0 @249"
      - "photo.height == 0 @249"
      - "V:|-[number]-[line]-[photo]-|"
    """

    func table(_ items: [DataItem], concurrency: Int) throws -> (TableView, ItemsDataSource) {
        let table = TableView(width: 300)
        let source = ItemsDataSource(sections: [items, Array(items.prefix(100))], cellIdentifier: "cell")
        table.dataSource = source
        table.maximumConcurrency = concurrency
        table.contentSizeCategory = .extraLarge
        table.register(try CellSpec(yaml: Self.spec), measurer: CategoryMeasurer(), forCellReuseIdentifier: "cell")
        return (table, source)
    }

    @Test func concurrentHeightsEqualSerialOnes() throws {
        let items: [DataItem] = (0..<5000).map { i in
            var item: DataItem = ["text": .string(words(i * 37 % 60, seed: i))]
            if i % 3 == 0 { item["w"] = .number(Double(20 + i % 90)); item["h"] = .number(Double(10 + i % 50)) }
            return item
        }
        let (serial, s1) = try table(items, concurrency: 1)
        try serial.layoutAllRows()
        let (concurrent, s2) = try table(items, concurrency: 4)
        var reports: [Int] = []
        try concurrent.layoutAllRows { done, total in
            #expect(total == 5100)
            reports.append(done)
        }
        #expect(reports.last == 5100 && reports == reports.sorted())
        for s in 0..<2 { #expect(concurrent.rowHeights(inSection: s) == serial.rowHeights(inSection: s)) }
        #expect(concurrent.contentSize == serial.contentSize)
        #expect(concurrent.statistics.layoutPasses == 5100 && concurrent.statistics.templatesMade == 4)
        // The heights are cached: lookups hit.
        let passes = concurrent.statistics.layoutPasses
        for r in 0..<100 { _ = try concurrent.automaticHeight(forRowAt: IndexPath(row: r, section: 1)) }
        #expect(concurrent.statistics.layoutPasses == passes)
        _ = (s1, s2)
    }

    @Test func aFailingRowIsNamed() throws {
        var items: [DataItem] = (0..<3000).map { ["text": .string(words($0 % 20))] }
        items[2345] = ["other": .string("no text")]
        let (table, source) = try table(items, concurrency: 2)
        #expect(throws: TableViewError.configurationFailed(indexPath: IndexPath(row: 2345, section: 0), identifier: "cell",
                                                           message: "view 'line': the data item has no field '{text}'")) {
            try table.layoutAllRows()
        }
        _ = source
    }
}
