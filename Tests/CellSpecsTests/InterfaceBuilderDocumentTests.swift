import AutoLayout
import CellSpecs
import Foundation
import Testing

/// The project's own Interface Builder files, written by hand in Xcode's format.
enum IBFixtures {
    static let names = ["Feed.storyboard", "TextCell.xib", "ProductCard.xib", "Headers.xib", "Controls.xib"]

    static func path(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/InterfaceBuilder/\(name)").path
    }

    static func data(_ name: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: path(name)))
    }

    static func document(_ name: String) throws -> InterfaceBuilderDocument {
        try InterfaceBuilderDocument(contentsOf: path(name))
    }

    /// A small document of `kind` around `body` (the `<objects>` of a xib, the `<scenes>` of a storyboard).
    static func inline(_ body: String, storyboard: Bool = false) -> Data {
        let type = storyboard ? "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
        let wrapper = storyboard ? "scenes" : "objects"
        return Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="\(type)" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <\(wrapper)>
        \(body)
            </\(wrapper)>
        </document>
        """.utf8)
    }
}

@Suite struct InterfaceBuilderDocumentTests {
    struct Expected: Sendable, CustomStringConvertible {
        let file: String
        let name: String
        let kind: IBCell.Kind
        let size: CGSize
        let id: String
        let contentView: String?
        let outlets: [String: String]
        var description: String { "\(file) \(name)" }
    }

    static let expected: [Expected] = [
        Expected(file: "Feed.storyboard", name: "TextCell", kind: .tableViewCell, size: CGSize(width: 393, height: 64.666666666666671),
                 id: "uyl-Tc-001", contentView: "tableViewCellContentView",
                 outlets: ["lineLabel": "uyl-Ll-004", "numberLabel": "uyl-Nl-003"]),
        Expected(file: "Feed.storyboard", name: "FDFeedCell", kind: .tableViewCell, size: CGSize(width: 393, height: 236),
                 id: "fdc-Ce-001", contentView: "tableViewCellContentView",
                 outlets: ["contentImageView": "fdc-Im-005", "contentLabel": "fdc-Co-004", "timeLabel": "fdc-Tm-007",
                           "titleLabel": "fdc-Ti-003", "usernameLabel": "fdc-Un-006"]),
        Expected(file: "Feed.storyboard", name: "ProductCard", kind: .collectionViewCell, size: CGSize(width: 170, height: 252),
                 id: "pcd-Ce-001", contentView: "collectionViewCellContentView",
                 outlets: ["imageView": "pcd-Im-003", "nameLabel": "pcd-Nm-004", "priceLabel": "pcd-Pr-005"]),
        Expected(file: "Feed.storyboard", name: "SectionHeader", kind: .collectionReusableView, size: CGSize(width: 393, height: 44),
                 id: "phd-Hv-001", contentView: "collectionReusableView", outlets: ["titleLabel": "phd-Tl-002"]),
        Expected(file: "TextCell.xib", name: "QuoteCell", kind: .tableViewCell, size: CGSize(width: 414, height: 118),
                 id: "KGk-i7-Jjw", contentView: "tableViewCellContentView",
                 outlets: ["attributionLabel": "qAt-3c-cc3", "bodyLabel": "qBd-2b-bb2", "chapterLabel": "qCh-1a-aa1"]),
        Expected(file: "ProductCard.xib", name: "ProductCardCell", kind: .collectionViewCell, size: CGSize(width: 160, height: 236),
                 id: "gTV-IL-0wX", contentView: "view",
                 outlets: ["imageView": "pIm-aa-001", "nameLabel": "pNm-cc-003", "priceLabel": "pPr-dd-004", "soldOutBadge": "pSo-ee-005"]),
        Expected(file: "Headers.xib", name: "ChapterHeader", kind: .tableViewHeaderFooterView, size: CGSize(width: 393, height: 56),
                 id: "hHf-Vw-001", contentView: "view", outlets: ["titleLabel": "hHf-Tl-003"]),
        Expected(file: "Headers.xib", name: "bDg-Vw-001", kind: .view, size: CGSize(width: 240, height: 64),
                 id: "bDg-Vw-001", contentView: "view", outlets: [:]),
        Expected(file: "Headers.xib", name: "TagView", kind: .view, size: CGSize(width: 120, height: 32),
                 id: "rTg-Vw-001", contentView: "view", outlets: [:]),
        Expected(file: "Controls.xib", name: "SettingsCell", kind: .tableViewCell, size: CGSize(width: 393, height: 320.33333333333331),
                 id: "sEt-Ce-001", contentView: "tableViewCellContentView",
                 outlets: ["activityIndicator": "sEt-Ai-011", "followButton": "sEt-Bt-005", "noteTextView": "sEt-Tv-012",
                           "periodControl": "sEt-Sg-008", "progressView": "sEt-Pg-010", "reminderPicker": "sEt-Dp-013",
                           "volumeSlider": "sEt-Sl-009", "enabledSwitch": "sEt-Sw-007"]),
    ]

    @Test func eachFixtureListsItsCellsInDocumentOrder() throws {
        for file in IBFixtures.names {
            let document = try IBFixtures.document(file)
            #expect(document.cells.map(\.name) == Self.expected.filter { $0.file == file }.map(\.name), "\(file)")
            #expect(document.kind == (file.hasSuffix(".storyboard") ? .storyboard : .xib))
        }
    }

    @Test(arguments: expected)
    func cellsHaveTheirNameKindSizeAndOutlets(_ e: Expected) throws {
        let document = try IBFixtures.document(e.file)
        let cell = try document.cell(named: e.name)
        #expect(cell.kind == e.kind)
        #expect(cell.recordedSize == e.size)
        #expect(cell.id == e.id)
        #expect(cell.element.id == e.id)
        #expect(cell.contentView?.name == e.contentView)
        #expect(cell.outlets == e.outlets)
        // Every outlet names an element of the document.
        for destination in cell.outlets.values { #expect(document.elementsByID[destination] != nil) }
        // The cell is found by its IB id too.
        #expect(try document.cell(named: e.id).id == e.id)
    }

    @Test func namesComeFromTheReuseIdentifierElseTheCustomClassElseTheID() throws {
        let feed = try IBFixtures.document("Feed.storyboard")
        let text = try feed.cell(named: "TextCell")
        #expect(text.reuseIdentifier == "TextCell" && text.customClass == "UYLTextCell")
        let card = try IBFixtures.document("ProductCard.xib").cells[0]
        #expect(card.reuseIdentifier == nil && card.customClass == "ProductCardCell" && card.name == "ProductCardCell")
        let badge = try IBFixtures.document("Headers.xib").cells[1]
        #expect(badge.reuseIdentifier == nil && badge.customClass == nil && badge.name == "bDg-Vw-001")
    }

    @Test func outletCollectionsKeepTheirOrder() throws {
        let cell = try IBFixtures.document("Controls.xib").cell(named: "SettingsCell")
        #expect(cell.outletCollections == ["stateLabels": ["sEt-L1-015", "sEt-L2-016"]])
    }

    @Test func everyElementIsPlacedAtItsStartTag() throws {
        for file in IBFixtures.names {
            let lines = String(decoding: try IBFixtures.data(file), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let document = try IBFixtures.document(file)
            for element in document.root.descendantsAndSelf {
                let l = element.location
                #expect(l.file == IBFixtures.path(file))
                let line = Array(lines[l.line - 1].unicodeScalars)
                let tag = String(String.UnicodeScalarView(line[(l.column - 1)...])).prefix(element.name.count + 1)
                #expect(tag == "<\(element.name)", "\(file): \(element)")
            }
        }
    }

    @Test func crlfLineEndingsPlaceElementsOnTheSameLines() throws {
        // As a Windows checkout with core.autocrlf writes the file.
        let text = String(decoding: try IBFixtures.data("Headers.xib"), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let document = try InterfaceBuilderDocument(data: Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), file: "crlf.xib")
        #expect(document.cells.map(\.name) == ["ChapterHeader", "bDg-Vw-001", "TagView"])
        for element in document.root.descendantsAndSelf {
            let line = Array(lines[element.location.line - 1].unicodeScalars)
            let tag = String(String.UnicodeScalarView(line[(element.location.column - 1)...])).prefix(element.name.count + 1)
            #expect(tag == "<\(element.name)", "\(element)")
        }
    }

    @Test func aStartTagOverSeveralLinesIsPlacedAtItsFirst() throws {
        let data = IBFixtures.inline("""
                <view contentMode="scaleToFill"
                      id="mLt-Vw-001">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
                </view>
        """)
        let document = try InterfaceBuilderDocument(data: data, file: "multi.xib")
        let view = try #require(document.elementsByID["mLt-Vw-001"])
        #expect(view.location == SourceLocation(file: "multi.xib", line: 4, column: 9))
        #expect(view.child("rect", key: "frame")?.location.line == 6)
        #expect(document.cells.first?.recordedSize == CGSize(width: 100, height: 50))
    }

    @Test func elementsOnOneLongLineArePlacedByCharacter() throws {
        // Found in one pass however long the line (a file minified to one line must not take
        // quadratic time); columns count characters, so the `é`s take one column each.
        let count = 20_000
        let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects>"
            + String(repeating: "<label text=\"é\"/>", count: count) + "<view id=\"last\"/></objects></document>"
        let document = try InterfaceBuilderDocument(data: Data(text.utf8), file: "one-line.xib")
        let last = try #require(document.elementsByID["last"])
        #expect(last.location.line == 1)
        #expect(last.location.column == 69 + count * 17 + 1)
        #expect(document.cells.map(\.name) == ["last"])
    }

    @Test func textComesFromCharacterDataAndEntitiesAreResolved() throws {
        let quote = try IBFixtures.document("TextCell.xib")
        let body = try #require(quote.elementsByID["qBd-2b-bb2"])
        #expect(body.child("string", key: "text")?.text.hasPrefix("The widow she cried over me") == true)
        #expect(body.text == "")
        let fragments = try #require(quote.elementsByID["qAt-3c-cc3"]?.child("attributedString", key: "attributedText")?.children("fragment"))
        #expect(fragments.compactMap { $0["content"] }.joined() == "— Mark Twain & co.")
        let note = try IBFixtures.document("Controls.xib").elementsByID["sEt-Tv-012"]
        #expect(note?.child("string", key: "text")?.text == "Notifications arrive at most once a day.\nQuiet hours are respected.")
    }

    @Test func elementsKnowTheirParentsWhileACellIsKept() throws {
        func firstCell() throws -> IBCell { try IBFixtures.document("Feed.storyboard").cells[0] }
        let cell = try firstCell()
        let contentView = try #require(cell.contentView)
        #expect(contentView.parent === cell.element)
        #expect(cell.element.ancestors.map(\.name) == ["prototypes", "tableView", "tableViewController", "objects", "scene", "scenes", "document"])
        let label = try #require(contentView.child("subviews")?.children.first)
        #expect(label.parent?.parent === contentView)
    }

    @Test func helpersReadIBAttributes() throws {
        let document = try IBFixtures.document("Feed.storyboard")
        let label = try #require(document.elementsByID["uyl-Nl-003"])
        #expect(label.bool("adjustsFontForContentSizeCategory") == true)
        #expect(label.bool("adjustsFontSizeToFit") == false)
        #expect(label.bool("hidden") == nil)
        #expect(label.number("verticalCompressionResistancePriority") == 749)
        #expect(label.rect() == CGRect(x: 20, y: 11, width: 353, height: 14.333333333333334))
        #expect(label.child("fontDescription", key: "fontDescription")?["style"] == "UICTFontTextStyleCaption1")
        let layout = try #require(document.elementsByID["cFl-7i-Ee5"])
        #expect(layout.size(key: "itemSize") == CGSize(width: 170, height: 252))
        #expect(layout.description.hasPrefix("<collectionViewFlowLayout id=\"cFl-7i-Ee5\"> at "))
    }

    @Test func prototypesWithoutAFrameTakeTheTableWidthAndRowHeight() throws {
        // As Xcode 6 wrote FDTemplateLayoutCell's demo: no <rect> on the prototype.
        let data = IBFixtures.inline("""
                <scene sceneID="sCn-01-aaa">
                    <objects>
                        <tableViewController id="tVc-01-aaa" sceneMemberID="viewController">
                            <tableView key="view" dataMode="prototypes" style="plain" rowHeight="60" id="tBv-01-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                                <prototypes>
                                    <tableViewCell reuseIdentifier="Tall" rowHeight="188" id="cEl-01-aaa">
                                        <tableViewCellContentView key="contentView" tableViewCell="cEl-01-aaa" id="cEl-02-aaa"/>
                                    </tableViewCell>
                                    <tableViewCell reuseIdentifier="TableHeight" id="cEl-03-aaa"/>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                        <viewController id="vCt-01-aaa" sceneMemberID="viewController">
                            <view key="view" id="vCt-02-aaa">
                                <subviews>
                                    <tableView dataMode="prototypes" rowHeight="-1" id="tBv-02-aaa">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                                        <prototypes>
                                            <tableViewCell reuseIdentifier="Automatic" rowHeight="-1" id="cEl-04-aaa"/>
                                        </prototypes>
                                    </tableView>
                                    <collectionView dataMode="prototypes" id="cVw-01-aaa">
                                        <collectionViewFlowLayout key="collectionViewLayout" id="cFl-01-aaa">
                                            <size key="itemSize" width="128" height="96"/>
                                        </collectionViewFlowLayout>
                                        <cells>
                                            <collectionViewCell reuseIdentifier="Tile" id="cEl-05-aaa"/>
                                        </cells>
                                    </collectionView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
        """, storyboard: true)
        let document = try InterfaceBuilderDocument(data: data, file: "old.storyboard")
        #expect(document.cells.map(\.name) == ["Tall", "TableHeight", "Automatic", "Tile"])
        #expect(document.cells.map(\.recordedSize) == [
            CGSize(width: 320, height: 188), CGSize(width: 320, height: 60), CGSize(width: 375, height: 44), CGSize(width: 128, height: 96),
        ])
    }

    @Test func imageResourcesGiveTheirSizes() throws {
        #expect(try IBFixtures.document("Feed.storyboard").imageSizes == [
            "breakfast": CGSize(width: 240, height: 230), "product": CGSize(width: 512, height: 512),
        ])
        #expect(try IBFixtures.document("Headers.xib").imageSizes == ["star.fill": CGSize(width: 128, height: 116)])
        #expect(try IBFixtures.document("TextCell.xib").imageSizes.isEmpty)
    }

    @Test func xibsSkipPlaceholdersAndObjectsThatAreNotCells() throws {
        let data = IBFixtures.inline("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <tapGestureRecognizer id="tAp-01-aaa"/>
                <label text="loose" id="lBl-01-aaa"/>
                <collectionReusableView reuseIdentifier="Footer" id="fTr-01-aaa">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="30"/>
                </collectionReusableView>
        """)
        let document = try InterfaceBuilderDocument(data: data, file: "mixed.xib")
        #expect(document.cells.map(\.name) == ["Footer"])
        #expect(document.cells[0].contentView === document.cells[0].element)
        #expect(document.elementsByID["-1"]?.name == "placeholder")
    }
}
