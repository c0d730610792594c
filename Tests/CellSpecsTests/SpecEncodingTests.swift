import CellSpecs
import Foundation
import Testing

/// Issue 17: a spec that is not UTF-8, holds a control character or repeats a key says what and
/// where, at a line and column.
@Suite struct SpecEncodingTests {
    func read(_ bytes: [UInt8]) throws -> SpecError {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("enc-\(UUID().uuidString).yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try #require(throws: SpecError.self) { try CellSpec(contentsOf: path) }
    }

    @Test func aSpecThatIsNotUTF8NamesTheByteAndItsPlace() throws {
        let error = try read([UInt8]("views:\n  - {id: a, type: label, text: \"h".utf8) + [0xFF] + [UInt8]("i\"}\n".utf8))
        #expect(error.line == 2 && error.column == 34, "\(error)")
        #expect(error.message == "not UTF-8 text: the byte 0xFF at byte offset 40 does not begin a valid UTF-8 sequence; save the spec as UTF-8")
        let utf16 = try read([0xFF, 0xFE] + [UInt8]("v\0".utf8))
        #expect(utf16.message.contains("UTF-16 byte order mark"))
    }

    @Test func aControlCharacterIsPlacedFirst() throws {
        let error = try #require(throws: SpecError.self) {
            try CellSpec(yaml: "views:\n  - {id: a, type: label, text: \"\u{01}hi\"}\n", file: "cc.yaml")
        }
        #expect(error.description == #"cc.yaml:2:33: a control character (U+0001) is not allowed in a spec; write it as an escape in a double-quoted string ("\u0001")"#)
    }

    @Test(arguments: [
        ("views:\n  - {id: a, type: label}\n  - {id: b, type: label, text: x, id: c}\n", 3, 6, "'id'"),
        ("views: []\nconstraints: []\nviews: []\n", 1, 1, "'views'"),
    ])
    func aRepeatedKeyIsPlaced(_ text: String, _ line: Int, _ column: Int, _ key: String) throws {
        let error = try #require(throws: SpecError.self) { try CellSpec(yaml: text, file: "dup.yaml") }
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message == "the key \(key) appears more than once in this mapping (this is its first place)")
    }
}
