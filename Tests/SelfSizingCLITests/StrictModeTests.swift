import Foundation
import Testing

/// Issue 17: `--strict` fails a run (exit 3) on an unsatisfiable constraint, an ambiguous view or
/// a missing edge, with the diagnostics on standard error; without it, the layout goes on (exit 0).
@Suite struct StrictModeTests {
    /// A cell of one label: its constraints after the label's horizontal edges.
    static func spec(_ constraints: [String], extraView: String = "") throws -> String {
        try CLI.temporaryFile("""
        views:
          - {id: a, type: label, text: "{text}", numberOfLines: 0}
        \(extraView)constraints:
          - "H:|-[a]-|"
        \(constraints.map { "  - \"\($0)\"" }.joined(separator: "\n"))
        """, "cell.yaml")
    }

    static func data() throws -> String {
        try CLI.temporaryFile("[{\"text\": \"One\"}, {\"text\": \"Two words\"}]", "rows.json")
    }

    /// The three kinds of problem, and what `--strict` prints of each.
    static let broken: [(constraints: [String], extraView: String, message: String)] = [
        (["V:|-[a]-|", "a.width == 5000"], "", "unable to simultaneously satisfy constraints"),
        (["V:|-[a]"], "", "the bottom edge is missing"),
        (["V:|-[a]-|", "loose.width == 20"], "  - {id: loose, type: view}\n", "loose has an ambiguous layout"),
    ]

    @Test(arguments: 0..<3)
    func layoutFailsOnEachKindOfProblemOnlyWhenStrict(_ k: Int) throws {
        let b = Self.broken[k]
        let spec = try Self.spec(b.constraints, extraView: b.extraView)
        let item = try CLI.temporaryFile("{\"text\": \"Some text\"}", "item.json")
        let lenient = try CLI.run(["layout", spec, "--width", "375", "--data", item])
        #expect(lenient.status == 0, "\(lenient.err)")
        let strict = try CLI.run(["layout", spec, "--width", "375", "--data", item, "--strict"])
        #expect(strict.status == 3, "\(strict.err)")
        #expect(strict.err.lowercased().contains(b.message) && strict.err.contains("error: --strict:"), "\(strict.err)")
        // The output is still written, with the diagnostics in it.
        #expect(strict.out == lenient.out)
    }

    @Test(arguments: ["heights", "collection", "render"])
    func listCommandsFailOnABrokenCellOnlyWhenStrict(_ command: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var extra: [String] = []
        if command == "collection" { extra = ["--columns", "2"] }
        if command == "render" { extra = ["--output", dir + "/list.png"] }
        for b in Self.broken.prefix(2) {
            let arguments = [command, try Self.spec(b.constraints), "--data", try Self.data(), "--width", "375"] + extra
            let lenient = try CLI.run(arguments)
            #expect(lenient.status == 0, "\(lenient.err)")
            let strict = try CLI.run(arguments + ["--strict"])
            #expect(strict.status == 3, "\(command) \(b.constraints): \(strict.err)")
            #expect(strict.err.lowercased().contains(b.message), "\(strict.err)")
        }
    }

    @Test func aSoundCellPassesStrict() throws {
        let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
        let data = CLI.examples.appendingPathComponent("sentences.json").path
        let r = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--strict", "--format", "csv"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("error"), "\(r.err)")
    }
}
