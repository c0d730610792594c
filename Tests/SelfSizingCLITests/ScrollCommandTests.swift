import Foundation
import Testing

/// `selfsizing scroll` end to end: the built binary over the UYL text cell and a data file the
/// test writes.
@Suite struct ScrollCommandTests {
    struct Report: Decodable {
        let rows: Int
        let steps: Int
        let maxVisibleJump: Double
        let rowsMeasured: Int
        let maxIndicatorError: Double?
        let landedOnRow: Int?
        let landingError: Double?
    }

    let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path

    /// 120 sentences of 2 to 60 words: rows of one to several lines, none of them 44 points.
    func dataFile() throws -> String {
        let pool = ["the", "river", "raft", "night", "Jim", "said", "and", "we", "drifted", "along", "quiet", "down"]
        let sentences = (0..<120).map { i in
            (0..<(2 + i * 37 % 59)).map { pool[($0 * 5 + i) % pool.count] }.joined(separator: " ")
        }
        let json = try JSONSerialization.data(withJSONObject: sentences)
        return try CLI.temporaryFile(String(decoding: json, as: UTF8.self), "sentences.json")
    }

    func scroll(_ extra: [String], data: String) throws -> Report {
        let r = try CLI.run(["scroll", spec, "--data", data, "--width", "375", "--viewport", "500"] + extra)
        #expect(r.status == 0, "\(r.err)")
        return try JSONDecoder().decode(Report.self, from: Data(r.out.utf8))
    }

    @Test func aFlingWithAnchoringNeverJumpsAndEndsWithEveryRowMeasured() throws {
        let data = try dataFile()
        let report = try scroll([], data: data)
        #expect(report.rows == 120)
        #expect(report.maxVisibleJump == 0)
        #expect(report.rowsMeasured == 120)
        #expect((report.maxIndicatorError ?? 0) > 0)
        #expect(report.landedOnRow == nil && report.landingError == nil)
        // Down and back up at 4000 pt/s: more frames than the content has viewports' worth of 66.67 pt.
        #expect(report.steps > 2 * 500 / 67)
        let automatic = try scroll(["--estimated-row-height", "automatic"], data: data)
        #expect(automatic.maxVisibleJump == 0)
        #expect(automatic.maxIndicatorError! < report.maxIndicatorError!)
    }

    @Test func aJumpLandsExactlyWithAnchoringAndUIKitsWayJumps() throws {
        let data = try dataFile()
        let top = try scroll(["--to-row", "90"], data: data)
        #expect(top.landedOnRow == 90 && top.landingError == 0 && top.maxVisibleJump == 0)
        let none = try scroll(["--to-row", "90", "--anchoring", "none"], data: data)
        #expect(none.maxVisibleJump > 0)
        #expect(none.landingError! > 0)
        let end = try scroll(["--to-row", "90", "--anchoring", "end"], data: data)
        #expect(end.maxVisibleJump == 0 && end.landedOnRow == 90)
    }

    @Test func textFormat() throws {
        let r = try CLI.run(["scroll", spec, "--data", try dataFile(), "--width", "320", "--format", "text", "--to-row", "3"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("120 rows,"))
        #expect(r.out.contains("max visible jump 0 pt"))
        #expect(r.out.contains("landed on row 3, 0 pt off"))
    }

    @Test(arguments: [
        (["--to-row", "0"], "--to-row 0 is out of range: a row number is a whole number from 1"),
        (["--to-row", "121"], "has 120 rows"),
        (["--viewport", "-5"], "--viewport -5 is negative: a height is a number of points above 0"),
        (["--viewport", "1e9"], "--viewport 1000000000 is out of range"),
        (["--estimated-row-height", "tall"], "--estimated-row-height 'tall' is not a number"),
        (["--estimated-row-height", "0"], "--estimated-row-height 0 is out of range: a height is a number of points above 0, at most 100000, or 'automatic'"),
        (["--anchoring", "sideways"], "'top', 'end' or 'none'"),
        (["--velocity", "0"], "--velocity 0 is out of range: a velocity is a number of points per second from 60"),
        (["--velocity", "nan"], "--velocity nan is not a finite number"),
    ])
    func badArgumentsAreNamed(arguments: [String], message: String) throws {
        let data = try dataFile()
        let r = try CLI.run(["scroll", spec, "--data", data, "--width", "375"] + arguments)
        #expect(r.status != 0)
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.out.isEmpty)
    }
}
