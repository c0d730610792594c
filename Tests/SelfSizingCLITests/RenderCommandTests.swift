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
}
