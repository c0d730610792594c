import AutoLayout
import CellSpecs
import Foundation
import Testing

@Suite struct DataFileTests {
    func write(_ text: String, _ ext: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString).\(ext)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func jsonArraysOfObjectsAndStrings() throws {
        let path = try write(#"[{"title": "A", "n": 2, "ok": true, "none": null}, "plain"]"#, "json")
        let items = try DataFile.read(path)
        #expect(items == [["title": .string("A"), "n": .number(2), "ok": .bool(true), "none": .null], ["text": .string("plain")]])
    }

    /// An object of scalars inside a row binds as dotted fields (an imported cell's `photo.width`);
    /// deeper nesting and arrays stay errors.
    @Test func nestedObjectsBindAsDottedFields() throws {
        let path = try write(#"[{"title": "A", "photo": {"width": 80, "height": 60}, "badge": {"hidden": true}}]"#, "json")
        #expect(try DataFile.read(path) == [["title": .string("A"), "photo.width": .number(80), "photo.height": .number(60),
                                             "badge.hidden": .bool(true)]])
        let deeper = try write(#"[{"photo": {"size": {"width": 1}}}]"#, "json")
        #expect(throws: DataFileError.self) { try DataFile.read(deeper) }
        let array = try write(#"[{"photo": [1, 2]}]"#, "json")
        #expect(throws: DataFileError.self) { try DataFile.read(array) }
    }

    @Test func jsonLinesSkipBlankLines() throws {
        let path = try write("{\"a\": 1}\n\n\"two\"\n{\"a\": 3}\n", "jsonl")
        #expect(try DataFile.read(path) == [["a": .number(1)], ["text": .string("two")], ["a": .number(3)]])
    }

    @Test func csvWithQuotesAndLineBreaks() throws {
        let path = try write("title,text\r\nOne,\"Hello, \"\"world\"\"\"\nTwo,\"two\nlines\"\n", "csv")
        #expect(try DataFile.read(path) == [["title": .string("One"), "text": .string("Hello, \"world\"")],
                                            ["title": .string("Two"), "text": .string("two\nlines")]])
    }

    @Test func propertyListArrays() throws {
        let path = try write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array><string>Chapter I</string><dict><key>n</key><integer>4</integer></dict></array></plist>
        """, "plist")
        #expect(try DataFile.read(path) == [["text": .string("Chapter I")], ["n": .number(4)]])
    }

    @Test(arguments: [
        ("[1, 2", "json", "not valid JSON"),
        (#"[{"a": [1]}]"#, "json", "row 1"),
        (#"{"a": 1}"#, "json", "expected a JSON array"),
        ("{\"a\": 1}\n{oops}\n", "jsonl", ":2"),
        ("a,b\n1,2\n3\n", "csv", ":3 (row 2): expected 2 fields"),
        ("a,b\n\"open,2\n", "csv", "not closed"),
        ("a,a\n1,2\n", "csv", "twice"),
        ("<plist><dict></dict></plist>", "plist", "expected a property list array"),
    ])
    func badDataNamesWhere(text: String, ext: String, expected: String) throws {
        let path = try write(text, ext)
        let error = try #require(throws: DataFileError.self) { try DataFile.read(path) }
        #expect(error.description.hasPrefix(path))
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test func unreadableFile() {
        #expect(throws: DataFileError(file: "/nonexistent/x.json", message: "cannot read the file")) {
            try DataFile.read("/nonexistent/x.json")
        }
    }

    @Test func oneItemIsAnObjectOrAString() throws {
        #expect(try DataFile.readItem(write(#"{"title": "A", "n": 2, "ok": false, "none": null}"#, "json"))
            == ["title": .string("A"), "n": .number(2), "ok": .bool(false), "none": .null])
        #expect(try DataFile.readItem(write(#""plain""#, "json")) == ["text": .string("plain")])
    }

    @Test(arguments: [
        ("{\"a\": ", ":1:7: not valid JSON: Unexpected end of file"),
        ("{\"a\": [1]}", ": the field 'a' is an array; expected a string, number, boolean or null"),
        ("[{\"a\": 1}]", "expected a JSON object of strings, numbers, booleans and nulls (the data item), or a string"),
    ])
    func badItemsNameTheFile(text: String, expected: String) throws {
        let path = try write(text, "json")
        let error = try #require(throws: DataFileError.self) { try DataFile.readItem(path) }
        #expect(error.description.hasPrefix(path) && error.description.contains(expected), "\(error)")
        #expect(throws: DataFileError(file: "/nonexistent/item.json", message: "cannot read the file")) {
            try DataFile.readItem("/nonexistent/item.json")
        }
    }
}
