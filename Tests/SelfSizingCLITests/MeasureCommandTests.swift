import Foundation
import Testing

@Suite struct MeasureCommandTests {
    struct Item: Decodable {
        struct Result: Decodable { let width: Double; let lineCount: Int; let height: Double; let lines: [String]? }
        let results: [Result]
    }

    let base = ["measure", "--font", "DejaVu Sans", "--size", "17", "--line-height", "22"]

    @Test func measuresEachItemAtEachWidthInInputOrder() throws {
        let input = try CLI.temporaryFile("""
        ["Short.", {"id": "long", "text": "A longer sentence that has to wrap at the narrow width of this test."},
         {"id": 7, "text": "自适应单元格的高度由内容决定", "lang": "zh-Hant"}]
        """, "in.json")
        let r = try CLI.run(base + ["--width", "343", "--width", "120", input])
        #expect(r.status == 0, "\(r.err)")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
        #expect(raw.map { "\($0["id"]!)" } == ["0", "long", "7"])
        let items = try JSONDecoder().decode([Item].self, from: Data(r.out.utf8))
        #expect(items[0].results.map(\.lineCount) == [1, 1])
        let wrapped = items[1].results
        #expect(wrapped[0].width == 343 && wrapped[1].width == 120)
        #expect(wrapped[1].lineCount > wrapped[0].lineCount)
        #expect(wrapped[1].height == Double(wrapped[1].lineCount) * 22)
        #expect(wrapped[1].lines?.joined() == "A longer sentence that has to wrap at the narrow width of this test.")
        #expect(items[2].results[1].lines?.joined() == "自适应单元格的高度由内容决定")
    }

    @Test func noLinesAndStandardInput() throws {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = base + ["--width", "100", "--no-lines", "-"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data("[\"one two three four five six\"]".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let items = try JSONDecoder().decode([Item].self, from: data)
        #expect(items[0].results[0].lines == nil)
        #expect(items[0].results[0].lineCount >= 2)
    }

    @Test(arguments: [
        ("{\"not\": \"an array\"}", "expected a JSON array"),
        ("[1, 2]", "item 0 is neither a string nor an object"),
        ("[{\"id\": 1}]", "item 0 has no string \"text\""),
        ("[\"unterminated", "not valid JSON"),
    ])
    func badInputNamesTheProblem(_ json: String, _ message: String) throws {
        let input = try CLI.temporaryFile(json, "bad.json")
        let r = try CLI.run(base + ["--width", "100", input])
        #expect(r.status != 0)
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func badArgumentsAreRefused() throws {
        let r = try CLI.run(["measure", "--size", "0", "--width", "100", "-"])
        #expect(r.status != 0 && r.err.contains("--size 0 is out of range: a font size is a number of points above 0, at most 1000"))
        let noWidth = try CLI.run(["measure", "--size", "17", "-"])
        #expect(noWidth.status != 0)
    }
}
