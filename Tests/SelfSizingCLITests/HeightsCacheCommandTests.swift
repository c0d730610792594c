import Foundation
import Testing

/// `heights --cache FILE`: unchanged rows take their saved heights, changed ones are measured, and
/// the file is always whole.
@Suite struct HeightsCacheCommandTests {
    struct Output: Decodable { let heights: [Double] }

    /// The saved cache, as much of it as the tests change.
    struct Saved: Codable {
        struct Group: Codable {
            var template, context: String
            var keys, hashes: [String]
            var widths, heights: [Double]
        }
        var format: String
        var version: Int
        var groups: [Group]
    }

    let sentences = ["Chapter I", "A sentence long enough to wrap onto a second line at this width, surely, and then a third one too.",
                     "Short.", "Another sentence, of middling length, for the fourth row."]

    /// A directory with the example spec and the rows; the paths of the spec, data and cache.
    func files(_ rows: [String]) throws -> (dir: URL, spec: String, data: String, cache: String) {
        let data = try CLI.temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: rows), as: UTF8.self), "rows.json")
        let dir = URL(fileURLWithPath: data).deletingLastPathComponent()
        let spec = dir.appendingPathComponent("cell.yaml")
        try FileManager.default.copyItem(at: CLI.examples.appendingPathComponent("uyl-text-cell.yaml"), to: spec)
        return (dir, spec.path, data, dir.appendingPathComponent("heights.cache.json").path)
    }

    func heights(_ spec: String, _ data: String, cache: String?, _ extra: [String] = []) throws -> (heights: [Double], err: String) {
        let r = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--format", "json"] + extra
                            + (cache.map { ["--cache", $0] } ?? []))
        #expect(r.status == 0, "\(r.err)")
        return (try JSONDecoder().decode(Output.self, from: Data(r.out.utf8)).heights, r.err)
    }

    /// Rewrites every saved height to 1000 points: a row that shows 1000 took its saved height.
    func poison(_ cache: String) throws {
        var saved = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: cache)))
        for g in saved.groups.indices { saved.groups[g].heights = saved.groups[g].heights.map { _ in 1000 } }
        try JSONEncoder().encode(saved).write(to: URL(fileURLWithPath: cache))
    }

    @Test func aSecondRunTakesTheSavedHeights() throws {
        let f = try files(sentences)
        let cold = try heights(f.spec, f.data, cache: f.cache)
        let saved = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: f.cache)))
        #expect(saved.format == "selfsizing.savedSizes" && saved.version == 1)
        #expect(saved.groups.count == 1 && saved.groups[0].heights == cold.heights)
        #expect(saved.groups[0].keys == ["0.0", "0.1", "0.2", "0.3"])
        #expect(try heights(f.spec, f.data, cache: f.cache).heights == cold.heights)
        try poison(f.cache)
        #expect(try heights(f.spec, f.data, cache: f.cache).heights == [1000, 1000, 1000, 1000])
        // Only the cache beside the spec and data: no temporary file left.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: f.dir.path)) == ["cell.yaml", "rows.json", "heights.cache.json"])
    }

    @Test func aChangedRowIsMeasuredAlone() throws {
        let f = try files(sentences)
        let cold = try heights(f.spec, f.data, cache: f.cache)
        try poison(f.cache)
        var changed = sentences
        changed[2] = "A changed row, now long enough to wrap onto a second line at this width, surely."
        try JSONSerialization.data(withJSONObject: changed).write(to: URL(fileURLWithPath: f.data))
        let warm = try heights(f.spec, f.data, cache: f.cache).heights
        #expect(warm[0] == 1000 && warm[1] == 1000 && warm[3] == 1000)
        #expect(warm[2] != 1000 && warm[2] > cold.heights[2])
    }

    @Test func aChangedSpecWidthCategoryOrFontMeasuresEveryRow() throws {
        let f = try files(sentences)
        let cold = try heights(f.spec, f.data, cache: f.cache)
        try poison(f.cache)
        #expect(try heights(f.spec, f.data, cache: f.cache, ["--width", "320"]).heights.allSatisfy { $0 != 1000 })
        #expect(try heights(f.spec, f.data, cache: f.cache, ["--content-size-category", "AX2"]).heights.allSatisfy { $0 != 1000 })
        let fonts = f.dir.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                        toPath: fonts.appendingPathComponent("Extra.ttf").path)
        #expect(try heights(f.spec, f.data, cache: f.cache, ["--font-dir", fonts.path]).heights == cold.heights)
        // The spec's bytes change (a comment): every row is measured again.
        try (String(contentsOfFile: f.spec, encoding: .utf8) + "\n# changed\n").write(toFile: f.spec, atomically: true, encoding: .utf8)
        #expect(try heights(f.spec, f.data, cache: f.cache).heights == cold.heights)
        // The poisoned groups stay in the file, behind the new ones; the original context still finds its own.
        let saved = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: f.cache)))
        #expect(saved.groups.count == 5)
    }

    @Test func aCorruptOrOtherVersionCacheIsAWarningAndAColdRun() throws {
        let f = try files(sentences)
        let cold = try heights(f.spec, f.data, cache: nil).heights
        try Data("{\"format\": \"selfsizing.savedSizes\", \"version\": 1, \"gro".utf8).write(to: URL(fileURLWithPath: f.cache))
        let corrupt = try heights(f.spec, f.data, cache: f.cache)
        #expect(corrupt.heights == cold)
        #expect(corrupt.err.contains("warning: \(f.cache): not a saved size cache"), "\(corrupt.err)")
        // The file was replaced by a whole one of this version.
        let saved = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: f.cache)))
        #expect(saved.version == 1 && saved.groups[0].heights == cold)
        try Data("{\"format\": \"selfsizing.savedSizes\", \"version\": 7, \"groups\": []}".utf8).write(to: URL(fileURLWithPath: f.cache))
        let other = try heights(f.spec, f.data, cache: f.cache)
        #expect(other.heights == cold && other.err.contains("version 7"), "\(other.err)")
    }

    @Test func anUnwritableCacheIsAWarning() throws {
        let f = try files(sentences)
        let r = try CLI.run(["heights", f.spec, "--data", f.data, "--width", "375", "--format", "json",
                             "--cache", f.dir.appendingPathComponent("missing/heights.json").path])
        #expect(r.status == 0)
        #expect(r.err.contains("cannot write the saved size cache"), "\(r.err)")
        #expect(try JSONDecoder().decode(Output.self, from: Data(r.out.utf8)).heights.count == sentences.count)
    }
}
