import AutoLayout
import CellSpecs
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Rendering
import SelfSizing
import Testing
import TextLayout

/// Facts about what the renderer draws, checked on its pixels and files.
@Suite struct RendererTests {
    static let spec = """
    views:
      - {id: title, type: label, text: "{title}", font: {size: 17, weight: bold}}
      - {id: body, type: label, text: "{body}", font: {size: 15}, numberOfLines: 0}
      - {id: photo, type: image, size: [60, 40]}
    contentView: {layoutMargins: [12, 16, 12, 16]}
    constraints:
      - "H:|-[title]-(>=8)-|"
      - "H:|-[body]-|"
      - "H:|-[photo]"
      - "V:|-[title]-6-[body]-8-[photo]-|"
    """

    let items: [DataItem] = [
        ["title": .string("First row"), "body": .string("A body long enough to wrap onto a second line at this width, for sure.")],
        ["title": .string("Second"), "body": .string("Short.")],
        ["title": .string("Third"), "body": .string("中文内容，自动布局计算每一行的高度。")],
    ]

    func table(_ source: ItemsDataSource) throws -> TableView {
        let table = TableView(width: 320)
        table.dataSource = source
        table.register(try CellSpec(yaml: Self.spec), measurer: TextMeasurer(), forCellReuseIdentifier: "cell")
        try table.layoutAllRows()
        return table
    }

    func isInk(_ pixel: UInt32) -> Bool {
        // Dark enough to be text: every channel below half.
        let r = pixel >> 16 & 0xFF, g = pixel >> 8 & 0xFF, b = pixel & 0xFF
        return r < 128 && g < 128 && b < 128
    }

    @Test func imageIsTheSpanTimesTheScaleAndTextStaysInItsLabels() throws {
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        let table = try table(source)
        let renderer = Renderer()
        renderer.scale = 2
        let height = table.contentSize.height
        let bitmap = try renderer.bitmap(table, span: 0...height)
        #expect(bitmap.width == 640 && bitmap.height == Int((height * 2).rounded(.up)))
        // Every dark pixel lies inside a label's frame (in table coordinates, scaled).
        var labelRects: [CGRect] = []
        for r in 0..<items.count {
            let ip = IndexPath(row: r, section: 0)
            let row = table.rectForRow(at: ip)
            let cell = try table.layOutCell(forRowAt: ip).cell as! SpecCell
            for id in ["title", "body"] {
                let f = cell.template.views[id]!.frame
                labelRects.append(CGRect(x: (row.minX + f.minX) * 2, y: (row.minY + f.minY) * 2, width: f.width * 2, height: f.height * 2))
            }
        }
        var ink = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where isInk(bitmap[x, y]) {
                ink += 1
                let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                #expect(labelRects.contains { $0.insetBy(dx: -2, dy: -2).contains(p) }, "ink at \(x), \(y)")
            }
        }
        #expect(ink > 500)
        // Each label has ink in it: the CJK line too (the fallback face is drawn).
        for rect in labelRects {
            var found = false
            for y in Int(rect.minY)..<Int(rect.maxY) where !found {
                for x in Int(rect.minX)..<Int(rect.maxX) where isInk(bitmap[x, y]) { found = true; break }
            }
            #expect(found, "no ink in \(rect)")
        }
    }

    @Test func aCellDrawsNothingOutsideItself() throws {
        let source = ItemsDataSource(sections: [Array(items.prefix(1))], cellIdentifier: "cell")
        let table = try table(source)
        table.separatorStyle = .none
        try table.layoutAllRows()
        let laid = try table.layOutCell(forRowAt: IndexPath(row: 0, section: 0))
        let bitmap = try Renderer().bitmap(laid.cell.contentView)
        #expect(bitmap.width == Int((laid.size.width * 2).rounded(.up)) && bitmap.height == Int((laid.size.height * 2).rounded(.up)))
        // The margins are blank: nothing drawn in the 12-point band at the top and bottom.
        for y in 0..<24 { for x in 0..<bitmap.width { #expect(bitmap[x, y] == 0xFFFF_FFFF) } }
        for y in (bitmap.height - 24)..<bitmap.height { for x in 0..<bitmap.width { #expect(bitmap[x, y] == 0xFFFF_FFFF) } }
    }

    func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func pdfAndSvgFilesParse() throws {
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        let table = try table(source)
        let dir = try temporaryDirectory()
        let renderer = Renderer()
        try renderer.render(table, span: 0...table.contentSize.height, to: dir + "/list.svg")
        let svg = try #require(FileManager.default.contents(atPath: dir + "/list.svg"))
        let parser = XMLParser(data: svg)
        #expect(parser.parse(), "the SVG is well-formed XML")
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
        try renderer.render(table, span: 0...table.contentSize.height, to: dir + "/list.pdf")
        let pdf = try #require(FileManager.default.contents(atPath: dir + "/list.pdf"))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.") && text.contains("%%EOF") && text.contains("/Type /Page"))
        // The trailer's startxref points at the cross-reference table, whose entries point at
        // the objects they name.
        let bytes = [UInt8](pdf)
        let tail = String(decoding: bytes.suffix(64), as: UTF8.self)
        let startxref = try #require(tail.components(separatedBy: "startxref").last?
            .split(whereSeparator: \.isNewline).first.flatMap { Int($0) })
        let xref = String(decoding: bytes[startxref...].prefix(4096), as: UTF8.self)
        #expect(xref.hasPrefix("xref"))
        // Entries are "offset generation n|f", each 20 bytes with its line end.
        let entries = xref.split(whereSeparator: \.isNewline).dropFirst(2)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .prefix(while: { $0.hasSuffix(" n") || $0.hasSuffix(" f") })
        var checked = 0
        for (number, entry) in entries.enumerated() where entry.hasSuffix(" n") {
            let offset = try #require(Int(entry.prefix(10)))
            let object = String(decoding: bytes[offset...].prefix(24), as: UTF8.self)
            #expect(object.hasPrefix("\(number) 0 obj"), "object \(number) at \(offset): \(object)")
            checked += 1
        }
        #expect(checked > 3)
        try renderer.render(table, span: 0...100, to: dir + "/top.png")
        let png = try #require(FileManager.default.contents(atPath: dir + "/top.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Only the outputs are left: the temporary files were renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["list.pdf", "list.svg", "top.png"])
    }

    @Test func badOutputsFailCleanly() throws {
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        let table = try table(source)
        let renderer = Renderer()
        #expect(throws: RenderError.unknownFormat(path: "/tmp/list.gif")) { try renderer.render(table, span: 0...100, to: "/tmp/list.gif") }
        #expect(throws: RenderError.self) { try renderer.render(table, span: 0...100, to: "/nonexistent/dir/list.png") }
        let dir = try temporaryDirectory()
        #expect(throws: RenderError.self) { try renderer.render(table, span: 0...100, to: dir) }
        #expect(throws: RenderError.self) { try renderer.render(table, span: 100...100, to: dir + "/empty.png") }
        renderer.scale = 8
        #expect(throws: RenderError.self) { try renderer.render(table, span: 0...5000, to: dir + "/huge.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}

/// Colours and image files from a spec reach the pixels.
@Suite struct RendererColorTests {
    @Test func backgroundAndTextColoursAndImageFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("colors-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A 10 x 10 point PNG, solid red, drawn by the renderer itself.
        let swatch = View(identifier: "swatch")
        swatch.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        swatch.backgroundColor = Color(hex: 0xFF0000)
        let renderer = Renderer()
        renderer.scale = 1
        try renderer.render(swatch, to: dir + "/red.png")

        let spec = try CellSpec(yaml: """
        views:
          - {id: title, type: label, text: "{title}", textColor: "#0000FF", font: {size: 20, weight: bold}}
          - {id: photo, type: image, size: [40, 40], path: "{photo?}"}
        contentView: {layoutMargins: 10, backgroundColor: "#00FF00"}
        constraints:
          - "H:|-[title]-|"
          - "H:|-[photo]"
          - "V:|-[title]-[photo]-|"
        """)
        let cell = try CellTemplate(spec: spec, measurer: TextMeasurer())
        try cell.configure(with: ["title": .string("WWWW"), "photo": .string(dir + "/red.png")], row: 1)
        let size = cell.fittingSize(width: 200)
        cell.layout(size: size)
        let bitmap = try renderer.bitmap(cell.contentView)
        #expect(bitmap[1, 1] == 0xFF00_FF00)                 // the content view's green, in the margin
        let photo = cell.views["photo"]!.frame
        #expect(bitmap[Int(photo.midX), Int(photo.midY)] == 0xFFFF_0000)   // the image file, scaled
        let title = cell.views["title"]!.frame
        var blue = 0
        for y in Int(title.minY)..<Int(title.maxY) {
            for x in Int(title.minX)..<Int(title.maxX) where bitmap[x, y] & 0x00FF_FFFF == 0x0000_00FF { blue += 1 }
        }
        #expect(blue > 20)
        // Without the file, a placeholder: no red.
        try cell.configure(with: ["title": .string("WWWW")], row: 1)
        cell.layout(size: size)
        #expect(try renderer.bitmap(cell.contentView)[Int(photo.midX), Int(photo.midY)] != 0xFFFF_0000)
        // A colour that is not one is an error at its place in the spec.
        #expect(throws: SpecError.self) {
            try CellSpec(yaml: "views:\n  - {id: a, backgroundColor: \"red\"}\n")
        }
    }
}

/// Section headers from the data source size themselves and are drawn.
@Suite struct RendererHeaderTests {
    @Test func headersSizeThemselvesAndShowTheirTitles() throws {
        let header = try CellSpec(yaml: """
        views:
          - {id: title, type: label, text: "{title}", font: {size: 13}}
        contentView: {layoutMargins: [14, 16, 6, 16], backgroundColor: "#F2F2F7"}
        constraints: ["H:|-[title]-|", "V:|-[title]-|"]
        """)
        let cell = try CellSpec(yaml: """
        views:
          - {id: text, type: label, text: "{text}", numberOfLines: 0}
        constraints: ["H:|-[text]-|", "V:|-[text]-|"]
        """)
        let source = ItemsDataSource(sections: [[["text": .string("one")]], [["text": .string("two")]]], cellIdentifier: "cell")
        source.headers = [["title": .string("FIRST SECTION")], nil]
        let table = TableView(width: 320)
        table.dataSource = source
        let measurer = TextMeasurer()
        table.register(cell, measurer: measurer, forCellReuseIdentifier: "cell")
        table.register(header, measurer: measurer, forHeaderFooterViewReuseIdentifier: "header")
        try table.layoutAllRows()
        let first = table.rectForHeader(inSection: 0)
        #expect(first.height > 20 && first.height < 60)
        #expect(table.rectForHeader(inSection: 1).height == 0)
        let renderer = Renderer(measurer: measurer)
        renderer.scale = 1
        let bitmap = try renderer.bitmap(table, span: 0...table.contentSize.height)
        #expect(bitmap[1, 1] == 0xFFF2_F2F7)
        var ink = 0
        for y in Int(first.minY)..<Int(first.maxY) {
            for x in 0..<bitmap.width where bitmap[x, y] & 0xFF < 0x80 { ink += 1 }
        }
        #expect(ink > 20)
    }
}
