import Foundation
import Testing

/// `layout --as-recorded`, `--font-dir`, and the project's example storyboard.
@Suite struct InterfaceBuilderRecordedTests {
    struct Frame: Decodable { let x, y, width, height: Double }
    struct Recorded: Decodable {
        struct Size: Decodable { let width, height: Double }
        struct View: Decodable { let id: String; let outlet: String?; let frame: Frame; let recorded: Frame?; let difference: Double? }
        let cell: String
        let size: Size
        let views: [View]
        let largestDifference: Double
        let diagnostics: [String]
    }

    static let feed = InterfaceBuilderCommandTests.fixture("Feed.storyboard")
    static let example = CLI.examples.appendingPathComponent("cells.storyboard").path

    @Test func asRecordedPrintsEachFrameBesideIBsAndTheLargestDifference() throws {
        let r = try CLI.run(["layout", Self.feed, "--cell", "FDFeedCell", "--as-recorded"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(Recorded.self, from: Data(r.out.utf8))
        #expect(out.cell == "FDFeedCell")
        // The size IB recorded for the content view.
        #expect(out.size.width == 393 && out.size.height == 236)
        let ids = Set(out.views.map(\.id))
        #expect(ids.isSuperset(of: ["fdc-Ti-003", "fdc-Co-004", "fdc-Un-006", "fdc-Tm-007"]))
        #expect(out.views.first { $0.id == "fdc-Ti-003" }?.outlet == "titleLabel")
        for view in out.views {
            guard let recorded = view.recorded else { #expect(view.difference == nil); continue }
            let expected = [view.frame.x - recorded.x, view.frame.y - recorded.y, view.frame.width - recorded.width,
                            view.frame.height - recorded.height].map(abs).max()!
            #expect(abs((view.difference ?? -1) - expected) < 1e-9, "\(view.id)")
        }
        #expect(out.largestDifference == (out.views.compactMap(\.difference).max() ?? 0))
        let title = try #require(out.views.first { $0.id == "fdc-Ti-003" }?.recorded)
        #expect(title.x == 16 && title.y == 10)

        let text = try CLI.run(["layout", Self.feed, "--cell", "FDFeedCell", "--as-recorded", "--format", "text"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("contentView 393 x 236 (as recorded)\n"))
        #expect(text.out.contains("fdc-Ti-003 [titleLabel]"))
        #expect(text.out.contains("largest difference "))
    }

    @Test func asRecordedNeedsNoWidthButAnInterfaceBuilderCell() throws {
        let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let onSpec = try CLI.run(["layout", spec, "--as-recorded"])
        #expect(onSpec.status != 0 && onSpec.err.contains("--as-recorded"), "\(onSpec.err)")
        let noWidth = try CLI.run(["layout", Self.feed, "--cell", "TextCell"])
        #expect(noWidth.status != 0 && noWidth.err.contains("--width"), "\(noWidth.err)")
    }

    @Test func fontDirectoryErrorsAreCommandLineErrors() throws {
        let missing = "/nonexistent-\(UUID().uuidString)"
        let r = try CLI.run(["layout", Self.feed, "--cell", "TextCell", "--width", "375", "--font-dir", missing])
        #expect(r.status != 0)
        #expect(r.err.contains("font directory \(missing): no such directory"), "\(r.err)")
        #expect(r.out.isEmpty)

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try "not a font".write(toFile: empty + "/readme.txt", atomically: true, encoding: .utf8)
        let data = try CLI.temporaryFile("[\"x\"]", "rows.json")
        let h = try CLI.run(["heights", Self.feed, "--cell", "TextCell", "--data", data, "--width", "375", "--font-dir", empty])
        #expect(h.status != 0)
        #expect(h.err.contains("font directory \(empty): no font files in it"), "\(h.err)")
    }

    @Test func aFontDirectoryWithFontsIsAdded() throws {
        let dirs = ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/dejavu"]
        guard let dir = dirs.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
        let plain = try CLI.run(["layout", Self.feed, "--cell", "TextCell", "--width", "375"])
        let r = try CLI.run(["layout", Self.feed, "--cell", "TextCell", "--width", "375", "--font-dir", dir])
        #expect(r.status == 0, "\(r.err)")
        // Fonts already installed change nothing.
        #expect(r.out == plain.out)
    }

    @Test func theExampleStoryboardHasAFeedCellAndATextCellWithOutlets() throws {
        let cells = try CLI.run(["cells", Self.example, "--format", "text"])
        #expect(cells.status == 0, "\(cells.err)")
        #expect(cells.out.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == ["TextCell", "FeedCell"])

        struct Output: Decodable {
            struct Frame: Decodable { let outlet: String? }
            let frames: [String: Frame]
        }
        let expected = ["TextCell": ["lineLabel", "numberLabel"], "FeedCell": ["content", "photo", "time", "title", "username"]]
        for (cell, outlets) in expected {
            let r = try CLI.run(["layout", Self.example, "--cell", cell, "--width", "375"])
            #expect(r.status == 0, "\(r.err)")
            let out = try JSONDecoder().decode(Output.self, from: Data(r.out.utf8))
            let named = out.frames.values.compactMap(\.outlet).sorted()
            // The mapping keeps at least the labels; every outlet it keeps is one the storyboard names.
            #expect(Set(named).isSubset(of: outlets), "\(cell)")
            #expect(named.contains(outlets[0]), "\(cell)")
        }

        let sentences = CLI.examples.appendingPathComponent("sentences.json").path
        let h = try CLI.run(["heights", Self.example, "--cell", "TextCell", "--data", sentences, "--width", "375", "--format", "csv"])
        #expect(h.status == 0, "\(h.err)")
        let rows = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sentences))) as? [Any]
        #expect(h.out.split(separator: "\n").count == (rows?.count ?? -1) + 1)
        #expect(!h.err.contains("name no outlet") && !h.err.contains("names no outlet"), "\(h.err)")
    }
}
