import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Issue 17: one rule for a data value whatever file it arrives in (a size is a number, `hidden`
/// a flag, text is UTF-8 without NUL), and every JSON, CSV and property list error placed.
@Suite struct DataValueRuleTests {
    static let spec = """
        views:
          - {id: image, type: image, size: ["{w}", 24]}
          - {id: note, type: label, text: "x", hidden: "{hide}"}
        constraints:
          - "H:|[image]|"
          - "V:|[image]|"
          - "H:|[note]|"
          - "V:[note]|"
        """

    func bind(_ item: DataItem) throws(BindingError) {
        let cell = try! CellTemplate(spec: CellSpec(yaml: Self.spec, file: "rule.yaml"), measurer: MonospaceTextMeasurer())
        try cell.configure(with: item, row: 1)
    }

    @Test(arguments: [
        (DataValue.bool(true), DataValue.bool(false), "expected a number from 0 to 100000, got true"),
        (.string("true"), .bool(false), "expected a number from 0 to 100000, got \"true\""),
        (.number(3), .string("maybe"), "expected true or false (or 1, 0, null), got \"maybe\""),
        (.number(3), .number(2), "expected true or false (or 1, 0, null), got 2"),
    ])
    func valuesOutsideTheRuleAreRefusedFromAnyFile(_ w: DataValue, _ hide: DataValue, _ message: String) {
        let error = #expect(throws: BindingError.self) { try bind(["w": w, "hide": hide]) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func csvTextAndJSONValuesFollowTheSameRule() throws {
        // CSV's values are text: "3" is the number 3, "1" and "false" are flags, as JSON's 3, true, false.
        try bind(["w": .string("3"), "hide": .string("1")])
        try bind(["w": .number(3), "hide": .bool(true)])
        try bind(["w": .string(" 12 "), "hide": .string("false")])
        try bind(["w": .null, "hide": .null])
        #expect(DataValue.string("").flag == false && DataValue.number(1).flag == true && DataValue.string("yes").flag == nil)
    }

    @Test(arguments: [
        ([UInt8]("text\nok\nb\u{00}d\n".utf8), ".csv:3: a NUL byte at byte offset 9"),
        ([UInt8]("text\nok\n".utf8) + [0x62, 0xFF, 0x0A], ".csv:3: not UTF-8 text: the field starting at byte offset 8"),
        ([UInt8](#"[{"text": "a\u0000b"}]"#.utf8), ".json:1:2 (row 1): the field 'text' contains a NUL character"),
        ([UInt8]("[{\"a\": 1},\n null]".utf8), ".json:2:2 (row 2): row 2 is null; expected an object or a string"),
        ([UInt8]("[{\"a\": 1},\n {\"b\" 2}]".utf8), ".json:2:7: not valid JSON: Invalid value"),
        ([UInt8]("[{\"a\": 1},\n {\"b\": ".utf8), ".json:2:8: not valid JSON: Unexpected end of file"),
        ([UInt8]("[{\"a\": 1e999}]".utf8), ".json:1:8: not valid JSON: Number 1e999 is not representable"),
        ([UInt8]("[true]".utf8), ".json:1:2 (row 1): expected an object or a string, found a boolean"),
        ([UInt8]("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array>\n<strin>a</string>\n</array></plist>".utf8),
         ".plist:4: not a valid property list: Encountered unknown tag strin"),
    ])
    func badDataFilesSayWhere(_ bytes: [UInt8], _ expected: String) throws {
        let ext = String(expected.dropFirst().prefix { $0 != ":" })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString).\(ext)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DataFileError.self) { try DataFile.read(path) }
        #expect(error.description.hasPrefix(String(path.dropLast(ext.count + 1)) + expected), "\(error)")
    }
}
