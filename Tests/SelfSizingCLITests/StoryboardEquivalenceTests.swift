import Foundation
import Testing

/// The seeds' UYL text cell, as a storyboard prototype (examples/cells.storyboard) and as a spec
/// (examples/uyl-text-cell.yaml), gives the same heights over the Huckleberry Finn sentences,
/// real text: the import maps the cell's views, constraints, margins and Dynamic Type fonts as
/// the spec writes them.
@Suite struct StoryboardEquivalenceTests {
    static let huckleberry = CLI.examples.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/huckleberry-finn.plist").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: huckleberry),
                   "../shared/data/huckleberry-finn.plist is not beside the project"),
          arguments: ["375", "320"])
    func storyboardAndSpecGiveTheSameHeights(width: String) throws {
        let spec = try CLI.run(["heights", CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path,
                                "--data", Self.huckleberry, "--width", width, "--format", "csv"])
        let storyboard = try CLI.run(["heights", CLI.examples.appendingPathComponent("cells.storyboard").path, "--cell", "TextCell",
                                      "--data", Self.huckleberry, "--width", width, "--format", "csv"])
        #expect(spec.status == 0 && storyboard.status == 0, "\(spec.err)\(storyboard.err)")
        let a = spec.out.split(separator: "\n"), b = storyboard.out.split(separator: "\n")
        #expect(a.count == 1998 && a == b, "\(zip(a, b).filter { $0 != $1 }.prefix(3))")
    }
}
