import Foundation
import Testing

/// Runs the built `selfsizing` binary, as a user would.
struct CLI {
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = here.appendingPathComponent("selfsizing")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/selfsizing")
    }

    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    /// The exit status, standard output and standard error of a run.
    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    static func temporaryFile(_ contents: String, _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("selfsizing-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

@Suite struct LayoutCommandTests {
    struct Output: Decodable {
        struct Size: Decodable { let width, height: Double }
        struct Frame: Decodable { let x, y, width, height: Double }
        let size: Size
        let frames: [String: Frame]
        let diagnostics: [String]
    }

    @Test func laysTheTextCellOutAsJSON() throws {
        let item = try CLI.temporaryFile("{\"text\": \"A sentence long enough to wrap onto a second line at this width, surely.\"}", "item.json")
        let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let r = try CLI.run(["layout", spec, "--width", "375", "--data", item])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(Output.self, from: Data(r.out.utf8))
        #expect(out.size.width == 375)
        #expect(out.frames["contentView"]?.height == out.size.height)
        let number = try #require(out.frames["numberLabel"]), line = try #require(out.frames["lineLabel"])
        #expect(number.x == 20 && number.y == 20 && number.width == 335)
        #expect(line.y == number.y + number.height + 8)
        #expect(out.size.height == line.y + line.height + 20)
        #expect(line.height > number.height * 2)
        #expect(out.diagnostics.isEmpty)
    }

    @Test func snapsToPixelsAndPrintsText() throws {
        let spec = try CLI.temporaryFile("""
        views:
          - {id: box, type: view}
        constraints: ["box.leading == contentView.leading + 10.3", "box.width == 33.33", "V:|-(7.77)-[box(20)]-(5)-|"]
        """, "box.yaml")
        let r = try CLI.run(["layout", spec, "--width", "100", "--scale", "2"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(Output.self, from: Data(r.out.utf8))
        let box = try #require(out.frames["box"])
        #expect(box.x == 10.5 && box.width == 33 && box.y == 8)
        let t = try CLI.run(["layout", spec, "--width", "100", "--format", "text"])
        #expect(t.status == 0 && t.out.hasPrefix("contentView 100 x 32.77") && t.out.contains("box  (10.3, 7.77)"), "\(t.out)")
    }

    @Test func reportsTheMissingEdgeOfACellThatDoesNotSelfSize() throws {
        let spec = try CLI.temporaryFile("""
        views:
          - {id: box, type: view}
        constraints: ["H:|-[box(20)]", "V:|-[box(20)]"]
        """, "open.yaml")
        let r = try CLI.run(["layout", spec, "--width", "100"])
        #expect(r.status == 0)
        #expect(r.out.contains("the bottom edge is missing"), "\(r.out)")
    }

    @Test(arguments: [
        (["layout", "/nonexistent/spec.yaml", "--width", "100"], "/nonexistent/spec.yaml: cannot read the file"),
        (["layout", "SPEC", "--width", "0"], "--width 0 is out of range: a width is a number of points above 0"),
        (["layout", "SPEC", "--width", "100", "--data", "/nonexistent/item.json"], "/nonexistent/item.json: cannot read the file"),
        (["layout", "SPEC", "--width", "100", "--format", "xml"], "format"),
    ])
    func badInputIsAClearError(_ arguments: [String], _ message: String) throws {
        let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let r = try CLI.run(arguments.map { $0 == "SPEC" ? spec : $0 })
        #expect(r.status != 0)
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func specErrorsNameTheLine() throws {
        let spec = try CLI.temporaryFile("views:\n  - {id: a}\nconstraints:\n  - \"a.top == ghost.top\"\n", "bad.yaml")
        let r = try CLI.run(["layout", spec, "--width", "100"])
        #expect(r.status != 0)
        #expect(r.err.contains("bad.yaml:4:"), "\(r.err)")
        #expect(r.err.contains("Unknown view 'ghost'"))
    }

    @Test func missingFieldsNameTheField() throws {
        let item = try CLI.temporaryFile("{\"title\": \"x\"}", "item.json")
        let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let r = try CLI.run(["layout", spec, "--width", "320", "--data", item])
        #expect(r.status != 0)
        #expect(r.err.contains("'{text}'"), "\(r.err)")
    }
}
