import Foundation
import Testing

/// Issue 17: inputs and environments that used to crash the command line or end it with exit 0
/// and a wrong or lost result now end it with a located or system error.
@Suite struct ReliabilityTests {
    /// Runs the command line through the shell, so that `redirect` can close or redirect a descriptor.
    static func shell(_ arguments: [String], redirect: String) throws -> (status: Int32, err: String) {
        let quoted = ([CLI.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", quoted.joined(separator: " ") + " " + redirect]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    static func example(_ name: String) -> String { CLI.examples.appendingPathComponent(name).path }

    /// A spec of one label with text, and the command's arguments before it.
    static func spec(_ extra: String = "", label: String = "") throws -> String {
        try CLI.temporaryFile("""
        views:
          - {id: a, type: label, text: "Some text", numberOfLines: 0\(label)}
        \(extra)constraints:
          - "H:|-[a]-|"
          - "V:|-[a]-|"
        """, "cell.yaml")
    }

    @Test func measureWithStandardInputClosedIsAnErrorExit() throws {
        let r = try Self.shell(["measure", "--font", "DejaVu Sans", "--size", "17", "--width", "100", "-"], redirect: "<&-")
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("standard input: cannot read: Bad file descriptor"), "\(r.err)")
    }

    @Test(arguments: [
        ["heights", example("uyl-text-cell.yaml"), "--data", example("sentences.json"), "--width", "375"],
        ["layout", try! spec(), "--width", "375"],
        ["cells", example("cells.storyboard")],
        ["collection", example("product-card.yaml"), "--data", example("products.json"), "--width", "375", "--columns", "2"],
    ])
    func writingToAFullDeviceIsAnErrorExit(_ arguments: [String]) throws {
        let r = try Self.shell(arguments, redirect: "> /dev/full")
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("cannot write to standard output: No space left on device"), "\(r.err)")
    }

    @Test func measureToAFullDeviceIsAnErrorExit() throws {
        let input = try CLI.temporaryFile("[\"Short.\", \"Another line of text.\"]", "in.json")
        let r = try Self.shell(["measure", "--font", "DejaVu Sans", "--size", "17", "--width", "100", input],
                               redirect: "> /dev/full")
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("cannot write to standard output: No space left on device"), "\(r.err)")
    }

    @Test(arguments: ["1e19", "9.3e18", "1e308", "12345678901234567890"])
    func aHugeFontWeightIsALocatedError(_ weight: String) throws {
        let spec = try Self.spec(label: ", font: {weight: \(weight)}")
        let r = try CLI.run(["layout", spec, "--width", "375"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("cell.yaml:2:") && r.err.contains("expected a weight from 100 to 1000"), "\(r.err)")
    }

    @Test(arguments: [
        ("  layoutMargins: 1e308\n", "", "expected margins from 0 to 100000"),
        ("", ", lineHeight: -50", "expected a line height from 0 to 100000, got -50"),
        ("", ", font: {size: 1e308}", "expected a font size above 0, at most 1000"),
    ])
    func numbersThatGaveNaNOrNegativeSizesAreLocatedErrors(_ content: String, _ label: String, _ message: String) throws {
        let spec = try Self.spec(content.isEmpty ? "" : "contentView:\n" + content, label: label)
        let r = try CLI.run(["layout", spec, "--width", "375"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
    }
}
