import AutoLayout
import CellSpecs
import Foundation
import Testing

@Suite struct InterfaceBuilderErrorTests {
    func error(_ text: String, file: String = "bad.xib") -> SpecError? {
        do {
            _ = try InterfaceBuilderDocument(data: Data(text.utf8), file: file)
            return nil
        } catch { return error }
    }

    @Test(arguments: [
        // An end tag that closes the wrong element: placed where XMLParser stops, naming the open one.
        ("""
         <?xml version="1.0" encoding="UTF-8"?>
         <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">
             <objects>
                 <view id="a">
             </objects>
         </document>
         """, 5, "the end tag does not match <view> (line 4, column 9)"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <objects>\n    <view id=\"a\" x=\"1\" x=\"2\"/>\n",
         3, "an attribute is written twice"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view id=\"a\">\n<label>\n",
         2, "the file ends inside <label> (line 2, column 1)"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<view text=\"a < b\"/></document>", 2, "'<' inside an attribute value"),
        ("views:\n  - id: title\n", 1, "does not start with an XML element"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>\n<document/>", 2, "content after the root element"),
    ])
    func malformedXMLIsLocated(_ text: String, _ line: Int, _ message: String) throws {
        let e = try #require(error(text))
        #expect(e.file == "bad.xib")
        #expect(e.line == line, "\(e)")
        #expect(e.column >= 1)
        #expect(e.message.hasPrefix("not well-formed XML: "))
        #expect(e.message.contains(message), "\(e)")
    }

    @Test(arguments: [
        ("", "bad.xib", "the file is empty"),
        ("<plist version=\"1.0\"><dict/></plist>", "bad.xib", "not an Interface Builder document: the root element is <plist>"),
        ("<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\"/>", "bad.xib", "an AppKit (macOS) document"),
        ("<document type=\"com.apple.InterfaceBuilder.WatchKit.Storyboard\"/>", "bad.storyboard", "a watchOS document"),
        ("<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"7.10\"/>", "old.xib", "Xcode 4 or older"),
        ("<document/>", "bad.plist", "<document> has no type"),
    ])
    func filesThatAreNeitherSaySo(_ text: String, _ file: String, _ message: String) throws {
        let e = try #require(error(text, file: file))
        #expect(e.file == file)
        #expect(e.message.contains(message), "\(e)")
    }

    @Test func aDocumentWithoutATypeIsReadByItsExtension() throws {
        let xib = try InterfaceBuilderDocument(data: Data("<document><objects><view id=\"a\"/></objects></document>".utf8), file: "t.xib")
        #expect(xib.kind == .xib && xib.cells.map(\.name) == ["a"])
        let storyboard = try InterfaceBuilderDocument(data: Data("<document><scenes/></document>".utf8), file: "t.storyboard")
        #expect(storyboard.kind == .storyboard && storyboard.cells.isEmpty)
    }

    @Test func missingFilesAndDirectories() {
        #expect(throws: SpecError(file: "/nonexistent/a.xib", line: 0, column: 0, message: "no such file")) {
            try InterfaceBuilderDocument(contentsOf: "/nonexistent/a.xib")
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: SpecError(file: directory, line: 0, column: 0, message: "cannot read the file")) {
            try InterfaceBuilderDocument(contentsOf: directory)
        }
    }

    @Test func aDocumentWithoutCellsSaysWhereCellsWereLookedFor() throws {
        let xib = try InterfaceBuilderDocument(data: IBFixtures.inline("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        """), file: "empty.xib")
        #expect(xib.cells.isEmpty)
        #expect(throws: SpecError(file: "empty.xib", line: 0, column: 0, message: "no cells: its top-level objects hold no tableViewCell, collectionViewCell, tableViewHeaderFooterView, collectionReusableView or view")) {
            try xib.nonEmptyCells()
        }
        let storyboard = try InterfaceBuilderDocument(data: IBFixtures.inline("<scene sceneID=\"a\"><objects/></scene>", storyboard: true), file: "empty.storyboard")
        let e = try #require(throws: SpecError.self) { try storyboard.cell(named: "Any") }
        #expect(e.message == "no cells: no table or collection view of any scene has prototype or static cells")
    }

    @Test func anUnknownNameListsTheCells() throws {
        let feed = try IBFixtures.document("Feed.storyboard")
        let e = try #require(throws: SpecError.self) { try feed.cell(named: "FeedCell") }
        #expect(e.file == IBFixtures.path("Feed.storyboard"))
        #expect(e.message == "no cell named \"FeedCell\"; the cells are: TextCell, FDFeedCell, ProductCard, SectionHeader")
    }

    @Test func anAmbiguousNameAsksForAnID() throws {
        let data = IBFixtures.inline("""
                <view customClass="Tag" id="tAg-01-aaa"/>
                <view customClass="Tag" id="tAg-02-aaa"/>
        """)
        let document = try InterfaceBuilderDocument(data: data, file: "tags.xib")
        let e = try #require(throws: SpecError.self) { try document.cell(named: "Tag") }
        #expect(e.message == "2 cells are named \"Tag\"; name one by its IB id: tAg-01-aaa, tAg-02-aaa")
        #expect(try document.cell(named: "tAg-02-aaa").id == "tAg-02-aaa")
    }

    @Test func anUnknownIDNamesTheReferrerAndTheID() throws {
        let document = try IBFixtures.document("Feed.storyboard")
        let constraint = try #require(document.elementsByID["uyl-c1-101"])
        #expect(try document.element(withID: "uyl-Cv-002", referencedBy: constraint, attribute: "secondItem").name == "tableViewCellContentView")
        let e = try #require(throws: SpecError.self) {
            try document.element(withID: "zzz-zz-zzz", referencedBy: constraint, attribute: "secondItem")
        }
        #expect(e.line == constraint.location.line && e.column == constraint.location.column)
        #expect(e.message == "<constraint id=\"uyl-c1-101\"> names secondItem=\"zzz-zz-zzz\", but no element of the document has that id")
    }

    @Test func entityDeclarationsAreRefusedBeforeParsing() throws {
        // "Billion laughs": refused outright, not expanded.
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE d [\n <!ENTITY a \"aaaaaaaaaa\">\n"
        for i in 1...9 { text += " <!ENTITY a\(i) \"" + String(repeating: "&a\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n" }
        text += "]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">&a9;</document>"
        let e = try #require(error(text))
        #expect(e.line == 3 && e.column == 2)
        #expect(e.message.contains("entity declaration"))
    }

    @Test func deepNestingIsRefused() throws {
        let depth = 300
        let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">"
            + String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth) + "</document>"
        let e = try #require(error(text))
        #expect(e.message.contains("nest") || e.message.hasPrefix("not well-formed XML"), "\(e)")
    }
}

/// Truncated and mutated fixtures: each read either succeeds or throws a located ``SpecError``;
/// none crashes or hangs.
@Suite struct InterfaceBuilderFuzzTests {
    /// SplitMix64: a seeded generator, so a failure replays.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func read(_ bytes: [UInt8], _ file: String) {
        do {
            let document = try InterfaceBuilderDocument(data: Data(bytes), file: file)
            for cell in document.cells { _ = try? document.cell(named: cell.name) }
        } catch {
            #expect(error.file == file)
            #expect(error.line >= 0 && error.column >= 0)
            #expect(!error.message.isEmpty)
        }
    }

    @Test(arguments: IBFixtures.names)
    func truncatedFixtures(_ name: String) throws {
        let bytes = [UInt8](try IBFixtures.data(name))
        var cut = 0
        var failures = 0
        while cut < bytes.count {
            let prefix = Array(bytes[..<cut])
            do { _ = try InterfaceBuilderDocument(data: Data(prefix), file: name) } catch {
                failures += 1
                #expect(error.file == name && !error.message.isEmpty)
            }
            cut += 211
        }
        #expect(failures == (bytes.count + 210) / 211, "every proper prefix is malformed")
    }

    @Test(arguments: IBFixtures.names)
    func mutatedFixtures(_ name: String) throws {
        let original = [UInt8](try IBFixtures.data(name))
        var random = Generator(state: UInt64(name.utf8.count) &* 7919)
        let alphabet = Array("<>/\"'=&;!?- \n\té".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<60 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let i = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[i] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: i)
                case 2: bytes.insert(alphabet.randomElement(using: &random)!, at: i)
                default:
                    let j = min(bytes.count, i + Int.random(in: 1...400, using: &random))
                    bytes.insert(contentsOf: bytes[i..<j], at: j)
                }
                if bytes.isEmpty { break }
            }
            read(bytes, name)
        }
    }

    @Test func otherEncodingsAndBinaryDataDoNotCrash() throws {
        let text = String(decoding: try IBFixtures.data("TextCell.xib"), as: UTF8.self)
        let latin1 = text.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1").unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
        read(latin1, "latin1.xib")
        let utf16 = Array(text.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        read(utf16, "utf16be.xib")
        read([0xFE, 0xFF] + utf16, "utf16bom.xib")
        var random = Generator(state: 42)
        read((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }, "noise.xib")
        read([0xEF, 0xBB, 0xBF], "bom.xib")
    }

    @Test func documentsAreReadConcurrently() async throws {
        let paths = IBFixtures.names.map(IBFixtures.path)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<40 {
                let path = paths[i % paths.count]
                group.addTask { try InterfaceBuilderDocument(contentsOf: path).cells.count }
            }
            return try await group.reduce(0, +)
        }
        #expect(counts == 8 * 10)
    }
}
