import Foundation
import Testing

/// `selfsizing collection` end to end: its frames against the cells `layout` fits one by one (the
/// library's own fitting), its formats, and every bad flag and file named.
@Suite struct CollectionCommandTests {
    struct Output: Decodable {
        struct Size: Decodable { let width, height: Double }
        struct Frame: Decodable { let x, y, width, height: Double }
        struct Item: Decodable { let index: Int; let frame: Frame }
        let contentSize: Size
        let items: [Item]
        let seconds: Double
    }

    struct Layout: Decodable {
        struct Size: Decodable { let height: Double }
        let size: Size
    }

    let card = CLI.examples.appendingPathComponent("product-card.yaml").path

    /// The first `count` products of the example data (a long German title, Chinese, Japanese...).
    func products(_ count: Int = 7) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: CLI.examples.appendingPathComponent("products.json").path))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Array(all.prefix(count))
    }

    func file(_ items: [[String: Any]]) throws -> String {
        try CLI.temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self), "products.json")
    }

    func run(_ arguments: [String]) throws -> Output {
        let r = try CLI.run(["collection"] + arguments + ["--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        return try JSONDecoder().decode(Output.self, from: Data(r.out.utf8))
    }

    /// Each item's height as `layout` fits the card alone at a width.
    func fittedHeights(_ items: [[String: Any]], width: Double, spec: String? = nil) throws -> [Double] {
        try items.map { item in
            let path = try CLI.temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self), "item.json")
            let l = try CLI.run(["layout", spec ?? card, "--width", JSONNumber(width), "--data", path])
            return try JSONDecoder().decode(Layout.self, from: Data(l.out.utf8)).size.height
        }
    }

    func JSONNumber(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

    @Test func aGridHasColumnWidthsFittedHeightsAndRowsAsTallAsTheirTallest() throws {
        let items = try products()
        // (320 - 7 - 11 - 2 x 4) / 3 = 98 points a column.
        let out = try run([card, "--data", try file(items), "--width", "320", "--columns", "3", "--item-spacing", "4",
                           "--line-spacing", "6", "--section-inset", "5,7,9,11"])
        #expect(out.items.map(\.index) == Array(0..<items.count))
        let heights = try fittedHeights(items, width: 98)
        var top = 5.0
        for row in stride(from: 0, to: items.count, by: 3) {
            let members = row..<min(row + 3, items.count)
            for i in members {
                let f = out.items[i].frame
                #expect(f.x == 7 + Double(i - row) * 102 && f.y == top, "item \(i)")
                #expect(f.width == 98 && f.height == heights[i], "item \(i)")
            }
            top += members.map { heights[$0] }.max()! + 6
        }
        #expect(out.contentSize.width == 320 && out.contentSize.height == top - 6 + 9)
        #expect(out.seconds >= 0)
    }

    @Test func fixedItemWidthsFitTheirHeightsAsTheDelegateAsks() throws {
        let items = try products()
        let out = try run([card, "--data", try file(items), "--width", "375", "--item-width", "177.5"])
        let heights = try fittedHeights(items, width: 177.5)
        #expect(out.items.map(\.frame.width) == Array(repeating: 177.5, count: items.count))
        #expect(out.items.map(\.frame.height) == heights)
        // Two a line (177.5 + 10 + 177.5 <= 375), lines in data order, each item centred in its line.
        func midY(_ i: Int) -> Double { out.items[i].frame.y + out.items[i].frame.height / 2 }
        for i in stride(from: 1, to: items.count, by: 2) { #expect(midY(i) == midY(i - 1)) }
        for i in stride(from: 2, to: items.count, by: 2) { #expect(out.items[i].frame.y > out.items[i - 1].frame.y) }
    }

    @Test func selfSizingFlowItemsAreFittedWithinTheLine() throws {
        let chip = try CLI.temporaryFile("""
        views:
          - {id: name, type: label, text: "{title}", font: {size: 14}, numberOfLines: 0}
        contentView: {layoutMargins: [6, 10, 6, 10]}
        constraints: ["H:|-[name]-|", "V:|-[name]-|"]
        """, "chip.yaml")
        let items = try products(6)
        let out = try run([chip, "--data", try file(items), "--width", "240", "--flow", "--estimated-item-size", "80,30",
                           "--section-inset", "0,8,0,8"])
        #expect(out.items.count == items.count)
        for (i, item) in out.items.enumerated() {
            #expect(item.frame.width > 20 && item.frame.width <= 224, "item \(i)")
            // Fitted compressed, the height is what the chip's width gives it.
            #expect(try fittedHeights([items[i]], width: item.frame.width, spec: chip) == [item.frame.height], "item \(i)")
        }
    }

    @Test func csvAndTextAgreeWithJSON() throws {
        let data = try file(try products(5))
        let args = [card, "--data", data, "--width", "375", "--columns", "2"]
        let json = try run(args)
        let csv = try CLI.run(["collection"] + args + ["--format", "csv"])
        #expect(csv.status == 0 && csv.err.isEmpty, "\(csv.err)")
        let lines = csv.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "index,x,y,width,height" && lines.count == 6)
        for (i, item) in json.items.enumerated() {
            let fields = lines[i + 1].split(separator: ",").map { Double($0)! }
            #expect(fields == [Double(i), item.frame.x, item.frame.y, item.frame.width, item.frame.height])
        }
        let text = try CLI.run(["collection"] + args)
        #expect(text.status == 0)
        #expect(text.out.contains("5 items, a grid of 2 columns, content size 375 x "), "\(text.out)")
        #expect(text.out.hasPrefix("0\t(0, 0)\t182.5 x "))
    }

    @Test func largerTextMakesTallerCards() throws {
        let data = try file(try products(4))
        let large = try run([card, "--data", data, "--width", "375", "--columns", "2"])
        let huge = try run([card, "--data", data, "--width", "375", "--columns", "2", "--content-size-category", "AX3"])
        // The card's fonts are fixed sizes: the category changes nothing, and says so by agreeing.
        #expect(large.contentSize.height == huge.contentSize.height)
        let text = try CLI.temporaryFile(#"["One line.", "A sentence long enough to wrap at this width, surely, twice over."]"#, "t.json")
        let uyl = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let a = try run([uyl, "--data", text, "--width", "375", "--columns", "1"])
        let b = try run([uyl, "--data", text, "--width", "375", "--columns", "1", "--content-size-category", "AX3"])
        #expect(zip(a.items, b.items).allSatisfy { $0.frame.height < $1.frame.height })
    }

    @Test func aHorizontalGridFitsWidthsInItsRows() throws {
        let out = try run([card, "--data", try file(try products(4)), "--width", "375", "--columns", "2", "--horizontal",
                           "--height", "810"])
        #expect(out.items.count == 4 && out.contentSize.height == 810)
        // (810 - 10) / 2 points a row, widths fitted.
        #expect(out.items.allSatisfy { $0.frame.height == 400 && $0.frame.width > 0 })
    }

    @Test(arguments: [
        ([String](), "give a layout: --columns N"),
        (["--columns", "2", "--flow"], "not both"),
        (["--columns", "2", "--item-width", "100"], "--item-width makes a flow layout"),
        (["--columns", "0"], "--columns 0 is out of range: a number of columns is a whole number from 1 to 1000"),
        (["--columns", "two"], "--columns"),
        (["--item-width", "nan"], "--item-width nan is not a finite number: a width is a number of points above 0, at most 100000"),
        (["--flow", "--estimated-item-size", "10"], "--estimated-item-size must be W,H"),
        (["--flow", "--estimated-item-size", "0,10"], "--estimated-item-size must be W,H"),
        (["--columns", "2", "--estimated-item-size", "10,10"], "--estimated-item-size applies to --flow only"),
        (["--flow", "--line-spacing", "nan"], "--line-spacing nan is not a finite number: a spacing or inset is a number of points from 0 to 100000"),
        (["--flow", "--item-spacing", "1e9"], "--item-spacing 1000000000 is out of range: a spacing or inset is a number of points from 0 to 100000"),
        (["--flow", "--section-inset", "1,2,3"], "--section-inset must be T,L,B,R"),
        (["--flow", "--section-inset", "200"], "--section-inset leaves no room"),
        (["--columns", "1000"], "--columns 1000 with --item-spacing 10 leaves no room"),
        (["--columns", "2", "--horizontal"], "--horizontal needs --height"),
        (["--columns", "2", "--height", "300"], "--height applies to --horizontal"),
        (["--columns", "2", "--horizontal", "--height", "inf"], "--height inf is not a finite number: a height is a number of points above 0"),
        (["--columns", "2", "--format", "xml"], "--format"),
        (["--columns", "2", "--content-size-category", "huge"], "AX5"),
        (["--columns", "2", "--width", "0"], "--width"),
    ])
    func badFlagsAreNamed(extra: [String], expected: String) throws {
        let width = extra.contains("--width") ? [] : ["--width", "375"]
        let r = try CLI.run(["collection", card, "--data", try file(try products(2))] + width + extra)
        #expect(r.status != 0 && r.out.isEmpty)
        #expect(r.err.contains(expected), "\(r.err)")
    }

    @Test(arguments: [["--columns", "2"], ["--item-width", "150"], ["--flow"]])
    func anItemThatFailsIsNamedByItsRow(layout: [String]) throws {
        var items = try products(3)
        items[1].removeValue(forKey: "description")
        let data = try file(items)
        let r = try CLI.run(["collection", card, "--data", data, "--width", "375", "--format", "json"] + layout)
        #expect(r.status != 0 && r.out.isEmpty)
        #expect(r.err.contains("\(data): row 2") && r.err.contains("description"), "\(r.err)")
    }

    @Test func badFilesAreNamed() throws {
        let missing = try CLI.run(["collection", card, "--data", "/nonexistent/products.json", "--width", "375", "--columns", "2"])
        #expect(missing.status != 0 && missing.err.contains("/nonexistent/products.json: cannot read the file"), "\(missing.err)")
        let spec = try CLI.temporaryFile("views:\n  - {id: a, type: lable}\n", "bad.yaml")
        let bad = try CLI.run(["collection", spec, "--data", try file(try products(2)), "--width", "375", "--columns", "2"])
        #expect(bad.status != 0 && bad.out.isEmpty)
        #expect(bad.err.contains("bad.yaml:2:"), "\(bad.err)")
        let broken = try CLI.temporaryFile("[{\"title\": \"a\"},", "broken.json")
        let data = try CLI.run(["collection", card, "--data", broken, "--width", "375", "--columns", "2"])
        #expect(data.status != 0 && data.err.contains("broken.json"), "\(data.err)")
    }

    @Test func anEmptyFileIsAnEmptyCollection() throws {
        let out = try run([card, "--data", try CLI.temporaryFile("[]", "empty.json"), "--width", "375", "--columns", "2"])
        #expect(out.items.isEmpty && out.contentSize.height == 0)
    }
}
