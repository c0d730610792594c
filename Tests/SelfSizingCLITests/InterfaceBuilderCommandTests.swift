import Foundation
import Testing

/// The commands on cells of Interface Builder files (`FILE --cell NAME`).
///
/// What these assume of the import (the mapping from IB elements to cell specs): the fixtures'
/// outlets name views the import keeps (so their IB ids key `layout`'s frames); a cell with
/// constraints to the content view's bottom has a height; a plain string item binds to the cell's
/// multi-line label. Exact frames and heights are the mapping's, and are not asserted here:
/// only shapes, keys, counts, errors, and agreement between commands.
@Suite struct InterfaceBuilderCommandTests {
    struct Frame: Decodable { let x, y, width, height: Double; let outlet: String? }
    struct Size: Decodable { let width, height: Double }
    struct LayoutOutput: Decodable {
        let cell: String?
        let size: Size
        let frames: [String: Frame]
        let diagnostics: [String]
    }
    struct HeightsOutput: Decodable { let rows: Int; let contentHeight: Double; let heights: [Double] }
    struct CollectionOutput: Decodable {
        struct Item: Decodable { let index: Int; let frame: Frame }
        let items: [Item]
    }

    /// A fixture of the cell-spec tests, by its path from the package root.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CellSpecsTests/Fixtures/InterfaceBuilder/\(name)").path
    }

    static let feed = fixture("Feed.storyboard")
    static let sentences = [
        "A short one.",
        "A sentence long enough to wrap onto a second line at this width, and then a third one too, surely by now.",
    ]

    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    @Test func layoutKeysFramesByIBIDWithTheirOutlets() throws {
        let r = try CLI.run(["layout", Self.feed, "--cell", "FDFeedCell", "--width", "375"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(LayoutOutput.self, from: Data(r.out.utf8))
        #expect(out.cell == "FDFeedCell")
        #expect(out.size.width == 375)
        // The content view is keyed by its IB id too.
        #expect(out.frames["fdc-Cv-002"]?.height == out.size.height)
        let outlets = ["titleLabel": "fdc-Ti-003", "contentLabel": "fdc-Co-004", "usernameLabel": "fdc-Un-006", "timeLabel": "fdc-Tm-007"]
        for (property, id) in outlets {
            #expect(out.frames[id]?.outlet == property, "\(id)")
        }
        // Only views with an outlet name one.
        #expect(out.frames.values.compactMap(\.outlet).count == Set(out.frames.values.compactMap(\.outlet)).count)
        #expect(out.frames["fdc-Cv-002"]?.outlet == nil)

        let text = try CLI.run(["layout", Self.feed, "--cell", "FDFeedCell", "--width", "375", "--format", "text"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("contentView 375 x "))
        #expect(text.out.contains("fdc-Ti-003 [titleLabel]  ("))
    }

    @Test func aCellIsNamedByItsIDToo() throws {
        let byName = try CLI.run(["layout", Self.feed, "--cell", "TextCell", "--width", "320"])
        let byID = try CLI.run(["layout", Self.feed, "--cell", "uyl-Tc-001", "--width", "320"])
        #expect(byName.status == 0 && byID.status == 0, "\(byName.err)\(byID.err)")
        #expect(byName.out == byID.out)
    }

    @Test func heightsAgreeWithLayingEachRowOut() throws {
        let data = try CLI.temporaryFile(try Self.json(Self.sentences), "rows.json")
        let r = try CLI.run(["heights", Self.feed, "--cell", "TextCell", "--data", data, "--width", "375", "--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(HeightsOutput.self, from: Data(r.out.utf8))
        #expect(out.rows == 2 && out.heights.count == 2)
        for (i, sentence) in Self.sentences.enumerated() {
            let item = try CLI.temporaryFile(try Self.json(sentence), "item.json")
            let l = try CLI.run(["layout", Self.feed, "--cell", "TextCell", "--width", "375", "--data", item, "--row", "\(i + 1)"])
            #expect(l.status == 0, "\(l.err)")
            let cell = try JSONDecoder().decode(LayoutOutput.self, from: Data(l.out.utf8))
            // The row is the fitted cell plus the separator: one pixel at scale 3.
            #expect(abs(out.heights[i] - (cell.size.height + 1.0 / 3)) < 1e-9, "row \(i + 1)")
        }
        #expect(out.heights[1] > out.heights[0], "the longer sentence binds to the multi-line label")
    }

    @Test func unknownKeysAreReportedOnceAndAreNotFatal() throws {
        let data = try CLI.temporaryFile(try Self.json([["titleLabel": "A", "nope": 1], ["titleLabel": "B", "nope": 2]]), "rows.json")
        let r = try CLI.run(["heights", Self.feed, "--cell", "FDFeedCell", "--data", data, "--width", "375", "--format", "csv"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.split(separator: "\n").count == 3)
        #expect(r.err.components(separatedBy: "\"nope\"").count == 2, "\(r.err)")
        #expect(!r.err.contains("\"titleLabel\""))
    }

    @Test func collectionAndRenderTakeACell() throws {
        let data = try CLI.temporaryFile(try Self.json(["One", "Two", "Three"]), "items.json")
        let c = try CLI.run(["collection", Self.feed, "--cell", "ProductCard", "--data", data, "--width", "375", "--columns", "2", "--format", "json"])
        #expect(c.status == 0, "\(c.err)")
        let out = try JSONDecoder().decode(CollectionOutput.self, from: Data(c.out.utf8))
        #expect(out.items.map(\.index) == [0, 1, 2])
        #expect(out.items.allSatisfy { $0.frame.width > 0 })

        let png = FileManager.default.temporaryDirectory.appendingPathComponent("ib-\(UUID().uuidString).png").path
        let r = try CLI.run(["render", Self.feed, "--cell", "TextCell", "--data", data, "--width", "320", "--output", png])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("wrote \(png): 320 x "))
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: png)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aMissingOrUnknownCellIsAnErrorListingTheCells() throws {
        let missing = try CLI.run(["layout", Self.feed, "--width", "375"])
        #expect(missing.status != 0)
        #expect(missing.err.contains("has 4 cells; give --cell NAME, one of: TextCell, FDFeedCell, ProductCard, SectionHeader"), "\(missing.err)")
        let unknown = try CLI.run(["layout", Self.feed, "--cell", "Nope", "--width", "375"])
        #expect(unknown.status != 0)
        #expect(unknown.err.contains("no cell named \"Nope\"") && unknown.err.contains("FDFeedCell"), "\(unknown.err)")
        let data = try CLI.temporaryFile("[\"x\"]", "rows.json")
        for command in ["heights", "collection"] {
            var arguments = [command, Self.feed, "--data", data, "--width", "375"]
            if command == "collection" { arguments += ["--columns", "2"] }
            let r = try CLI.run(arguments)
            #expect(r.status != 0 && r.err.contains("give --cell NAME"), "\(command): \(r.err)")
        }
    }

    @Test func aFileOfOneCellNeedsNoName() throws {
        let xib = Self.fixture("TextCell.xib")
        let r = try CLI.run(["layout", xib, "--width", "375"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(LayoutOutput.self, from: Data(r.out.utf8))
        #expect(out.cell == "QuoteCell")
        // Import warnings, if any, are located and given once each.
        let warnings = r.err.split(separator: "\n").filter { $0.hasPrefix("warning: \(xib):") }
        #expect(Set(warnings).count == warnings.count)
        for w in warnings { #expect(w.dropFirst("warning: \(xib):".count).first?.isNumber == true, "\(w)") }
    }

    @Test func aCellNameOnASpecIsAnError() throws {
        let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let r = try CLI.run(["layout", spec, "--cell", "TextCell", "--width", "375"])
        #expect(r.status != 0)
        #expect(r.err.contains("--cell names a cell of a .xib or .storyboard"), "\(r.err)")
    }

    @Test func aMalformedFileIsNamedWithLineAndColumn() throws {
        let file = try CLI.temporaryFile("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <objects>\n</document>\n", "Broken.xib")
        let r = try CLI.run(["layout", file, "--width", "375"])
        #expect(r.status != 0)
        #expect(r.err.contains("\(file):"), "\(r.err)")
    }
}
