import Foundation
import Testing

@Suite struct HeightsCommandTests {
    struct Output: Decodable {
        let rows: Int
        let contentHeight: Double
        let seconds: Double
        let heights: [Double]
    }

    struct Layout: Decodable {
        struct Size: Decodable { let height: Double }
        let size: Size
    }

    let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
    let sentences = ["Chapter I", "A sentence long enough to wrap onto a second line at this width, surely, and then a third one too.",
                     "Short."]

    func dataFile() throws -> String {
        let json = try JSONSerialization.data(withJSONObject: sentences)
        return try CLI.temporaryFile(String(decoding: json, as: UTF8.self), "rows.json")
    }

    @Test func heightsAgreeWithLayingEachRowOut() throws {
        let r = try CLI.run(["heights", spec, "--data", dataFile(), "--width", "375", "--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(Output.self, from: Data(r.out.utf8))
        #expect(out.rows == 3 && out.heights.count == 3)
        #expect(abs(out.contentHeight - out.heights.reduce(0, +)) < 1e-9)
        for (i, text) in sentences.enumerated() {
            let item = try CLI.temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self), "item.json")
            let l = try CLI.run(["layout", spec, "--width", "375", "--data", item, "--row", "\(i + 1)"])
            let cell = try JSONDecoder().decode(Layout.self, from: Data(l.out.utf8))
            // The row is the fitted cell plus the separator: one pixel at scale 3.
            #expect(abs(out.heights[i] - (cell.size.height + 1.0 / 3)) < 1e-9, "row \(i + 1)")
        }
        #expect(out.heights[1] > out.heights[0])
    }

    @Test func csvAndTextFormatsAndTheCategory() throws {
        let data = try dataFile()
        let csv = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--format", "csv", "--separator", "none"])
        #expect(csv.status == 0)
        let lines = csv.out.split(separator: "\n")
        #expect(lines.first == "row,height" && lines.count == 4)
        let text = try CLI.run(["heights", spec, "--data", data, "--width", "375"])
        #expect(text.out.contains("3 rows, content height"))
        let large = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--format", "json"])
        let huge = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--format", "json", "--content-size-category", "AX3"])
        let a = try JSONDecoder().decode(Output.self, from: Data(large.out.utf8))
        let b = try JSONDecoder().decode(Output.self, from: Data(huge.out.utf8))
        #expect(zip(a.heights, b.heights).allSatisfy { $0 < $1 })
    }

    @Test func aRowThatFailsIsNamedAndNothingIsWritten() throws {
        let feed = CLI.examples.appendingPathComponent("feed-cell.yaml").path
        let data = try CLI.temporaryFile(#"[{"title": "a", "content": "b", "username": "c", "time": "d"}, {"title": "a"}]"#, "feed.json")
        let r = try CLI.run(["heights", feed, "--data", data, "--width", "375", "--format", "json"])
        #expect(r.status != 0)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("row 2") && r.err.contains("content"), "\(r.err)")
    }

    @Test(arguments: [
        (["--width", "0"], "--width"),
        (["--width", "375", "--content-size-category", "huge"], "AX5"),
        (["--width", "375", "--scale", "nan"], "--scale"),
    ])
    func badArgumentsAreClear(extra: [String], expected: String) throws {
        let r = try CLI.run(["heights", spec, "--data", dataFile()] + extra)
        #expect(r.status != 0 && r.out.isEmpty)
        #expect(r.err.contains(expected), "\(r.err)")
    }

    @Test func unreadableDataIsAnError() throws {
        let r = try CLI.run(["heights", spec, "--data", "/nonexistent/rows.csv", "--width", "375"])
        #expect(r.status != 0 && r.err.contains("/nonexistent/rows.csv: cannot read the file"))
    }

    @Test func theFeedExampleLaysOut() throws {
        let feed = CLI.examples.appendingPathComponent("feed-cell.yaml").path
        let data = CLI.examples.appendingPathComponent("feed.json").path
        let r = try CLI.run(["heights", feed, "--data", data, "--width", "375", "--format", "json"])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let out = try JSONDecoder().decode(Output.self, from: Data(r.out.utf8))
        #expect(out.rows == 12 && out.heights.allSatisfy { $0 > 44.5 })
    }
}
