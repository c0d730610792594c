import Foundation
import Testing

/// Issue 17: every numeric option goes through one check (finite, in its quantity's range, the
/// same range wherever the quantity arrives), and a font given on the command line is a font.
@Suite struct ReliabilityArgumentTests {
    static let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
    static let data = CLI.examples.appendingPathComponent("sentences.json").path
    static let list = [spec, "--data", data]

    static func text(_ name: String = "in.json") throws -> String {
        try CLI.temporaryFile("[\"Short.\", \"Another line of text.\"]", name)
    }

    @Test(arguments: [
        // A negative number after a space is the option's value, not an unknown option.
        (["heights"] + list + ["--width", "-1"], "--width -1 is negative: a width is a number of points above 0, at most 100000"),
        (["heights"] + list + ["--width", "1000000"], "--width 1000000 is out of range: a width is a number of points above 0, at most 100000"),
        (["heights"] + list + ["--width", "375", "--scale", "1e-9"],
         "--scale 1e-09 is out of range: a scale is a number of pixels per point from 1 to 10"),
        (["layout", spec, "--width", "375", "--scale", "1e-9"], "a scale is a number of pixels per point from 1 to 10"),
        (["render"] + list + ["--width", "375", "--scale", "1e-9", "--output", "/tmp/x.png"],
         "a scale is a number of pixels per point from 1 to 10"),
        (["render"] + list + ["--width", "375", "--scale", "nan", "--output", "/tmp/x.png"], "--scale nan is not a finite number"),
        (["render"] + list + ["--width", "375", "--offset", "-5", "--output", "/tmp/x.png"],
         "--offset -5 is negative: an offset is a number of points from 0 to 1000000000000"),
        (["render"] + list + ["--width", "375", "--height", "1e400", "--output", "/tmp/x.png"], "--height inf is not a finite number"),
        (["layout", spec, "--width", "0"], "--width 0 is out of range: a width is a number of points above 0, at most 100000"),
        (["layout", spec, "--width", "375", "--row", "-2"], "--row -2 is negative: a row number is a whole number from 1 to"),
        (["heights"] + list + ["--width", "375", "--format", "jsonl", "--row-offset", "-3"], "--row-offset -3 is negative"),
        (["heights"] + list + ["--width", "375", "--format", "jsonl", "--batch-size", "0"],
         "--batch-size 0 is out of range: a batch size is a whole number from 1 to 1048576"),
        (["collection"] + list + ["--width", "375", "--flow", "--item-spacing", "-1"],
         "--item-spacing -1 is negative: a spacing or inset is a number of points from 0 to 100000"),
        (["collection"] + list + ["--width", "375", "--columns", "-2"], "--columns -2 is negative: a number of columns is a whole number from 1 to 1000"),
        (["collection"] + list + ["--width", "375", "--item-width", "-20"], "--item-width -20 is negative: a width is a number of points above 0"),
        (["demo", "--width", "-375"], "--width -375 is negative: the demo's width is a number of points from 200 to 2000"),
    ])
    func aNumberOutOfItsRangeNamesTheOptionAndTheRange(_ arguments: [String], _ message: String) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 64, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test(arguments: [
        (["--size", "-17", "--width", "100"], "--size -17 is negative: a font size is a number of points above 0, at most 1000"),
        (["--size", "17", "--width", "-100"], "--width -100 is negative: a width is a number of points above 0, at most 100000"),
        (["--size", "17", "--width", "100", "--weight", "50"], "--weight 50 is out of range: a font weight is a whole number from 100 to 1000"),
        (["--size", "17", "--width", "100", "--line-height", "inf"], "--line-height inf is not a finite number"),
        (["--size", "17", "--width", "100", "--lines", "-1"], "--lines -1 is negative"),
    ])
    func measuresNumbersAreCheckedAlike(_ options: [String], _ message: String) throws {
        let r = try CLI.run(["measure", "--font", "DejaVu Sans"] + options + [try Self.text()])
        #expect(r.status == 64, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func aScaleInRangeSnapsFramesToItsPixels() throws {
        let item = try CLI.temporaryFile("{\"text\": \"A sentence long enough to wrap onto a second line at this width.\"}", "item.json")
        let r = try CLI.run(["layout", Self.spec, "--width", "375", "--scale", "3", "--data", item])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(LayoutCommandTests.Output.self, from: Data(r.out.utf8))
        #expect(out.size.height > 0)
        for (id, f) in out.frames {
            for v in [f.x, f.y, f.width, f.height] {
                #expect(v.isFinite && v >= 0 && abs((v * 3).rounded() - v * 3) < 1e-6, "\(id): \(f)")
            }
        }
    }

    @Test func aFontFileThatIsNoFontIsAnErrorNamingIt() throws {
        let empty = try CLI.temporaryFile("", "empty.ttf")
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let truncated = try CLI.temporaryFile("", "truncated.ttf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: dejaVu)).prefix(10_000)).write(to: URL(fileURLWithPath: truncated))
        for (file, problem) in [("/etc/passwd", "not a font file (no OpenType, TrueType or collection header)"),
                                (empty, "the file is empty"), (truncated, "no glyphs (truncated or damaged)"),
                                ("/nonexistent/font.ttf", "cannot read the file")] {
            let r = try CLI.run(["measure", "--font-file", file, "--size", "17", "--width", "100", try Self.text()])
            #expect(r.status == 1, "\(file): \(r.err)")
            #expect(r.err.contains("\(file): \(problem); --font-file takes a TrueType or OpenType font"), "\(r.err)")
            #expect(r.out.isEmpty, "\(r.out)")
        }
        let good = try CLI.run(["measure", "--font-file", dejaVu, "--size", "17", "--width", "100", try Self.text()])
        #expect(good.status == 0 && good.out.contains("\"height\": 19.7"), "\(good.err)")
    }

    @Test func aFamilyFontconfigDoesNotHaveIsAWarningNamingTheStandIn() throws {
        let r = try CLI.run(["measure", "--font", "NoSuchFamily", "--size", "17", "--width", "100", try Self.text()])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning: --font: font \"NoSuchFamily\" not found; using "), "\(r.err)")
        let known = try CLI.run(["measure", "--font", "DejaVu Sans", "--size", "17", "--width", "100", try Self.text()])
        #expect(known.status == 0 && known.err.isEmpty, "\(known.err)")
    }
}
