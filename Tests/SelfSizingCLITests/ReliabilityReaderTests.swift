import Foundation
import Testing

/// Issue 17, the readers' part, end to end: every spec number that gave a NaN or negative size is
/// refused with a located error, data values follow one rule whatever file they come from, and
/// malformed specs and data files say what is wrong and where.
@Suite struct ReliabilityReaderTests {
    /// A spec of one view (`view`), with `content` before its views.
    static func spec(_ view: String, content: String = "") throws -> String {
        try CLI.temporaryFile("\(content)views:\n  - \(view)\nconstraints:\n  - \"H:|-[a]-|\"\n  - \"V:|-[a]-|\"\n", "cell.yaml")
    }

    @Test(arguments: [
        ("{id: a, type: label, text: Hi}", "contentView: {layoutMargins: 1e308}\n", "cell.yaml:1:30: expected margins from 0 to 100000, got 1e+308"),
        ("{id: a, type: label, text: Hi}", "contentView: {layoutMargins: -50}\n", "cell.yaml:1:30: expected margins from 0 to 100000, got -50"),
        ("{id: a, type: stack, axis: vertical, spacing: 1e308}", "", "cell.yaml:2:51: expected a spacing from -100000 to 100000"),
        ("{id: a, type: image, size: [-1e308, 24]}", "", "cell.yaml:2:33: expected a width from 0 to 100000, got -1e+308"),
        ("{id: a, type: image, size: [-50, -50]}", "", "cell.yaml:2:33: expected a width from 0 to 100000, got -50"),
        ("{id: a, type: label, text: Hi, lineHeight: -50}", "", "cell.yaml:2:48: expected a line height from 0 to 100000, got -50"),
        ("{id: a, type: label, text: Hi, lineHeight: {multiple: -3}}", "", "cell.yaml:2:59: expected a line height multiple from 0 to 100, got -3"),
        ("{id: a, type: label, text: Hi, font: {size: 1e308}}", "", "cell.yaml:2:49: expected a font size above 0, at most 1000, got 1e+308"),
    ])
    func specNumbersThatGaveNaNOrNegativeSizesAreLocatedErrors(_ view: String, _ content: String, _ message: String) throws {
        let r = try CLI.run(["layout", try Self.spec(view, content: content), "--width", "375"])
        #expect(r.status == 1 && r.out.isEmpty, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    static let bound = """
        views:
          - {id: a, type: label, text: "{text}", numberOfLines: 0}
          - {id: i, type: image, size: ["{w}", 24]}
          - {id: h, type: label, text: x, hidden: "{hid}"}
        constraints: ["H:|-[a]-[i]-|", "V:|-[a]-|", "V:|-[i]-|", "H:|[h]|", "V:[h]|"]
        """

    @Test(arguments: [
        (#"[{"text": "a", "w": true, "hid": false}]"#, "d.json", "row 1: view 'i': expected a number from 0 to 100000, got true, in '{w}'"),
        ("text,w,hid\na,true,false\n", "d.csv", "row 1: view 'i': expected a number from 0 to 100000, got \"true\", in '{w}'"),
        (#"[{"text": "a", "w": 3, "hid": "maybe"}]"#, "d.json", "row 1: view 'h': expected true or false (or 1, 0, null), got \"maybe\""),
        ("text,w,hid\na,3,maybe\n", "d.csv", "row 1: view 'h': expected true or false (or 1, 0, null), got \"maybe\""),
        (#"[{"text": "a", "w": 3, "hid": 2}]"#, "d.json", "row 1: view 'h': expected true or false (or 1, 0, null), got 2"),
        ("text,w,hid\na,3,2\n", "d.csv", "row 1: view 'h': expected true or false (or 1, 0, null), got \"2\""),
        ("text,w,hid\na\u{0},3,false\n", "d.csv", "d.csv:2: a NUL byte at byte offset 12"),
        ("[{\"text\": \"a\", \"w\": 3, \"hid\": false},\n null]", "d.json", "d.json:2:2 (row 2): row 2 is null"),
        ("[{\"text\": \"a\", \"w\": 3, \"hid\": false},\n {\"text\" 1}]", "d.json", "d.json:2:10: not valid JSON: Invalid value"),
    ])
    func dataValuesFollowOneRuleAndErrorsArePlaced(_ data: String, _ name: String, _ message: String) throws {
        let spec = try CLI.temporaryFile(Self.bound, "cell.yaml")
        let r = try CLI.run(["heights", spec, "--data", try CLI.temporaryFile(data, name), "--width", "375"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func invalidUTF8InACSVIsAnEncodingError() throws {
        let path = try CLI.temporaryFile("", "d.csv")
        try Data([UInt8]("text,w,hid\nb".utf8) + [0xFF] + [UInt8](",3,false\n".utf8)).write(to: URL(fileURLWithPath: path))
        let r = try CLI.run(["heights", try CLI.temporaryFile(Self.bound, "cell.yaml"), "--data", path, "--width", "375"])
        #expect(r.status == 1)
        #expect(r.err.contains("d.csv:2: not UTF-8 text: the field starting at byte offset 11"), "\(r.err)")
    }

    @Test func specEncodingAndRepeatedKeysArePlaced() throws {
        let path = try CLI.temporaryFile("", "cell.yaml")
        try Data([UInt8]("views:\n  - {id: a, type: label, text: \"h".utf8) + [0xFF] + [UInt8]("i\"}\n".utf8))
            .write(to: URL(fileURLWithPath: path))
        let r = try CLI.run(["layout", path, "--width", "300"])
        #expect(r.err.contains("cell.yaml:2:34: not UTF-8 text: the byte 0xFF at byte offset 40"), "\(r.err)")
        let dup = try CLI.temporaryFile("views:\n  - {id: a, type: label, text: hi, id: b}\nconstraints: []\n", "cell.yaml")
        let d = try CLI.run(["layout", dup, "--width", "300"])
        #expect(d.err.contains("cell.yaml:2:6: the key 'id' appears more than once in this mapping"), "\(d.err)")
    }

    @Test func layoutDataAndMeasureInputGiveTheJSONPosition() throws {
        let item = try CLI.temporaryFile("{\"text\": \"a\",\n \"w\": tru}", "item.json")
        let r = try CLI.run(["layout", try CLI.temporaryFile(Self.bound, "cell.yaml"), "--data", item, "--width", "300"])
        #expect(r.status == 1 && r.err.contains("item.json:2:11: not valid JSON: Unexpected end of file"), "\(r.err)")
        let input = try CLI.temporaryFile("[\"a\",\n 01]", "in.json")
        let m = try CLI.run(["measure", "--font", "DejaVu Sans", "--size", "17", "--width", "100", input])
        #expect(m.status == 1 && m.err.contains("in.json:2:3: not valid JSON: Number with leading zero"), "\(m.err)")
    }

    @Test func aNegatedAttributeInAnEquationLaysOut() throws {
        let spec = try CLI.temporaryFile("""
            views:
              - {id: a}
              - {id: b}
            constraints:
              - "b.left == contentView.left + 30"
              - "a.left == -b.left + 100"
              - "V:|[a(10)]|"
              - "V:|[b(10)]"
              - "a.width == 10"
              - "b.width == 10"
            """, "cell.yaml")
        let r = try CLI.run(["layout", spec, "--width", "300"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(#""a": {"x": 70, "y": 0, "width": 10, "height": 10}"#), "\(r.out)")
    }
}
