import AutoLayout
import CellSpecs
import Foundation
import Testing

/// The top-level `size` key: a template's recorded size, as a nib has one.
@Suite struct SpecSizeTests {
    static let views = "views:\n  - {id: a, type: label, text: hi}\n"

    @Test(arguments: [
        "size: [320, 125]\n" + views,
        "size: {width: 320, height: 125}\n" + views,
        "size: {height: 125, width: 320.0}\n" + views,
        #"{"size": [320, 125], "views": [{"id": "a", "type": "label", "text": "hi"}]}"#,
        #"{"size": {"width": 320, "height": 125}, "views": []}"#,
    ])
    func theSizeIsRead(_ text: String) throws {
        let spec = try CellSpec(yaml: text, file: "card.yaml")
        #expect(spec.size == CGSize(width: 320, height: 125))
    }

    @Test func noSizeIsNil() throws {
        #expect(try CellSpec(yaml: Self.views).size == nil)
    }

    @Test func codeMadeSpecsTakeASize() {
        let spec = CellSpec(views: [], constraints: [], size: CGSize(width: 10, height: 20))
        #expect(spec.size == CGSize(width: 10, height: 20))
    }

    @Test(arguments: [
        ("size: [-320, 125]\n", 1, 8, "expected a width above 0"),
        ("size: [320, 0]\n", 1, 13, "expected a height above 0"),
        ("size: [.nan, 125]\n", 1, 8, "a number for the width"),
        ("size: [320, .inf]\n", 1, 13, "a number for the height"),
        ("size: [320]\n", 1, 7, "got a list of 1"),
        ("size: [320, 125, 4]\n", 1, 7, "got a list of 3"),
        ("size: 320\n", 1, 7, "expected a size"),
        ("size: {width: 320}\n", 1, 7, "both are needed"),
        ("size: {width: 320, height: 125, depth: 3}\n", 1, 33, "unknown key 'depth'"),
        ("size: {width: wide, height: 125}\n", 1, 15, "a number for the width"),
        ("views: []\nsize:\n  width: 320\n  height: -1\n", 4, 11, "expected a height above 0"),
        (#"{"views": [], "size": [320, "tall"]}"#, 1, 29, "a number for the height"),
        (#"{"views": [], "size": {"width": -5, "height": 1}}"#, 1, 33, "expected a width above 0"),
    ])
    func errorsNameTheLineAndColumn(_ text: String, line: Int, column: Int, message: String) {
        do {
            _ = try CellSpec(yaml: text, file: "bad.yaml")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.file == "bad.yaml")
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }
}
