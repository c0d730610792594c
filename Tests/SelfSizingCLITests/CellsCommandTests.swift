import Foundation
import Testing

@Suite struct CellsCommandTests {
    struct Cell: Decodable, Equatable {
        let name: String
        let kind: String
        let width: Double?
        let height: Double?
        let id: String
        let reuseIdentifier: String?
        let customClass: String?
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CellSpecsTests/Fixtures/InterfaceBuilder/\(name)").path
    }

    @Test func listsAStoryboardsPrototypesAsJSON() throws {
        let r = try CLI.run(["cells", Self.fixture("Feed.storyboard")])
        #expect(r.status == 0, "\(r.err)")
        let cells = try JSONDecoder().decode([Cell].self, from: Data(r.out.utf8))
        #expect(cells == [
            Cell(name: "TextCell", kind: "tableViewCell", width: 393, height: 64.666666666666671, id: "uyl-Tc-001",
                 reuseIdentifier: "TextCell", customClass: "UYLTextCell"),
            Cell(name: "FDFeedCell", kind: "tableViewCell", width: 393, height: 236, id: "fdc-Ce-001",
                 reuseIdentifier: "FDFeedCell", customClass: "FDFeedCell"),
            Cell(name: "ProductCard", kind: "collectionViewCell", width: 170, height: 252, id: "pcd-Ce-001",
                 reuseIdentifier: "ProductCard", customClass: "ProductCardCell"),
            Cell(name: "SectionHeader", kind: "collectionReusableView", width: 393, height: 44, id: "phd-Hv-001",
                 reuseIdentifier: "SectionHeader", customClass: nil),
        ])
    }

    @Test func listsAXibsCellsAsText() throws {
        let r = try CLI.run(["cells", Self.fixture("Headers.xib"), "--format", "text"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == """
        ChapterHeader  tableViewHeaderFooterView  393x56
        bDg-Vw-001     view                       240x64
        TagView        view                       120x32

        """)
    }

    @Test func aCellWithoutARecordedSizeHasNullDimensions() throws {
        let file = try CLI.temporaryFile("""
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
            <collectionViewCell reuseIdentifier="Bare" id="bAr-01-aaa"/>
        </objects></document>
        """, "bare.xib")
        let r = try CLI.run(["cells", file])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("\"width\": null, \"height\": null"))
        let text = try CLI.run(["cells", file, "--format", "text"])
        #expect(text.out == "Bare  collectionViewCell  -\n")
    }

    @Test(arguments: [
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <objects>\n    <view id=\"a\">\n  </objects>\n</document>\n",
         "bad.xib:4:", "not well-formed XML: the end tag does not match <view> (line 3, column 5)"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects/></document>", "bad.xib", "no cells"),
        ("{\"views\": []}", "bad.xib:1:1", "does not start with an XML element"),
    ])
    func errorsNameTheFileAndWhere(_ contents: String, _ place: String, _ message: String) throws {
        let file = try CLI.temporaryFile(contents, "bad.xib")
        let r = try CLI.run(["cells", file])
        #expect(r.status != 0)
        #expect(r.out.isEmpty)
        #expect(r.err.contains(place) && r.err.contains(message), "\(r.err)")
    }

    @Test func aMissingFileIsAnError() throws {
        let r = try CLI.run(["cells", "/nonexistent/Main.storyboard"])
        #expect(r.status != 0)
        #expect(r.err.contains("/nonexistent/Main.storyboard: no such file"), "\(r.err)")
    }
}
