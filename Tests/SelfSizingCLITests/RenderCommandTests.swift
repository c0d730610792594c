import Foundation
import Testing

@Suite struct RenderCommandTests {
    let feed = CLI.examples.appendingPathComponent("feed-cell.yaml").path
    let data = CLI.examples.appendingPathComponent("feed.json").path

    func directory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The width and height a PNG file says it has.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func drawsTheFirstScreenAndRowRanges() throws {
        let dir = try directory()
        let r = try CLI.run(["render", feed, "--data", data, "--width", "375", "--output", dir + "/feed.png", "--scale", "2"])
        #expect(r.status == 0, "\(r.err)")
        #expect(try pngSize(dir + "/feed.png") == (750, 1624))
        let rows = try CLI.run(["render", feed, "--data", data, "--width", "320", "--output", dir + "/rows.svg", "--rows", "2..3", "--overlay"])
        #expect(rows.status == 0, "\(rows.err)")
        let svg = String(decoding: try #require(FileManager.default.contents(atPath: dir + "/rows.svg")), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("width=\"320"))
    }

    @Test func aSingleItemIsOneCell() throws {
        let dir = try directory()
        let item = try CLI.temporaryFile(#"[{"title": "One", "content": "Only this cell.", "username": "u", "time": "t"}]"#, "one.json")
        let r = try CLI.run(["render", feed, "--data", item, "--width", "300", "--output", dir + "/cell.png", "--scale", "1"])
        #expect(r.status == 0, "\(r.err)")
        let layout = try CLI.run(["layout", feed, "--width", "300", "--data",
                                  try CLI.temporaryFile(#"{"title": "One", "content": "Only this cell.", "username": "u", "time": "t"}"#, "i.json")])
        struct Out: Decodable { struct S: Decodable { let height: Double }; let size: S }
        let height = try JSONDecoder().decode(Out.self, from: Data(layout.out.utf8)).size.height
        #expect(try pngSize(dir + "/cell.png") == (300, Int(height.rounded(.up))))
    }

    @Test(arguments: [
        (["--output", "/nonexistent/dir/x.png"], "cannot write"),
        (["--output", "out.gif"], ".png, .pdf or .svg"),
        (["--output", "x.png", "--rows", "5..2"], "--rows"),
        (["--output", "x.png", "--rows", "40..41"], "the data has 12 rows"),
        (["--output", "x.png", "--offset", "999999"], "past the end"),
    ])
    func badArgumentsFailWithoutAFile(extra: [String], expected: String) throws {
        let dir = try directory()
        let args = ["render", feed, "--data", data, "--width", "375"] + extra.map { $0 == "x.png" ? dir + "/x.png" : $0 }
        let r = try CLI.run(args)
        #expect(r.status != 0)
        #expect(r.err.contains(expected), "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    // MARK: - Collections

    let card = CLI.examples.appendingPathComponent("product-card.yaml").path

    /// The first products of the example data, as a file.
    func products(_ count: Int) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: CLI.examples.appendingPathComponent("products.json").path))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        return try CLI.temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: Array(all.prefix(count))), as: UTF8.self),
                                     "products.json")
    }

    /// The content height `collection` gives for the same input.
    func contentHeight(_ arguments: [String]) throws -> Double {
        struct Out: Decodable { struct S: Decodable { let height: Double }; let contentSize: S }
        let r = try CLI.run(["collection"] + arguments + ["--format", "json"])
        return try JSONDecoder().decode(Out.self, from: Data(r.out.utf8)).contentSize.height
    }

    @Test func drawsACollectionsFirstScreenOrAViewport() throws {
        let dir = try directory()
        let few = try products(4)
        let args = [card, "--data", few, "--width", "375", "--columns", "2"]
        let r = try CLI.run(["render"] + args + ["--output", dir + "/grid.png", "--scale", "2"])
        #expect(r.status == 0, "\(r.err)")
        // Four cards are shorter than a screen: the picture is the whole content.
        let height = try contentHeight(args)
        #expect(height < 812 && height > 200)
        #expect(try pngSize(dir + "/grid.png") == (750, Int((height * 2).rounded(.up))))
        let many = try products(40)
        let viewport = try CLI.run(["render", card, "--data", many, "--width", "320", "--item-width", "150", "--offset", "300",
                                    "--height", "500", "--output", dir + "/flow.png", "--scale", "1"])
        #expect(viewport.status == 0, "\(viewport.err)")
        #expect(try pngSize(dir + "/flow.png") == (320, 500))
        let svg = try CLI.run(["render", card, "--data", many, "--width", "375", "--flow", "--output", dir + "/flow.svg"])
        #expect(svg.status == 0, "\(svg.err)")
        let text = String(decoding: try #require(FileManager.default.contents(atPath: dir + "/flow.svg")), as: UTF8.self)
        #expect(text.contains("<svg") && text.contains("width=\"375"))
        #expect(svg.out.contains("375 x 812 points"))
    }

    @Test(arguments: [
        (["--columns", "2", "--rows", "1..2"], "--rows draws table rows"),
        (["--line-spacing", "4"], "--line-spacing applies to a collection"),
        (["--horizontal"], "--horizontal applies to a collection"),
        (["--columns", "2", "--flow"], "not both"),
        (["--columns", "2", "--horizontal"], "--horizontal needs --height"),
        (["--columns", "2", "--offset", "999999"], "past the end of the collection"),
        (["--item-width", "0"], "--item-width 0 is out of range: a width is a number of points above 0"),
    ])
    func badCollectionArgumentsFailWithoutAFile(extra: [String], expected: String) throws {
        let dir = try directory()
        let r = try CLI.run(["render", card, "--data", try products(4), "--width", "375", "--output", dir + "/x.png"] + extra)
        #expect(r.status != 0)
        #expect(r.err.contains(expected), "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
