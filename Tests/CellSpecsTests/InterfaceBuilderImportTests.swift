import AutoLayout
import CellSpecs
import Foundation
import Testing

/// The mapping of Interface Builder cells to cell specs: every fixture cell, each constraint form,
/// the geometry options and the warnings.
@Suite struct InterfaceBuilderImportTests {
    @Test func everyFixtureCellImportsAndBuilds() throws {
        let cells = try IBImports.allCells()
        #expect(cells.count == 10)
        for (document, cell) in cells {
            for asRecorded in [false, true] {
                let imported = try InterfaceBuilderImport(cell: cell, in: document, options: .init(asRecorded: asRecorded))
                let template = try imported.makeTemplate(measurer: ScaledMeasurer())
                // The section header is centred only: it takes no height from its content.
                #expect(template.fittingSize(width: 393).height > 0 || cell.name == "SectionHeader", "\(cell.name)")
                #expect(template.contentView.layoutDiagnostics.isEmpty, "\(cell.name): \(template.contentView.layoutDiagnostics)")
                #expect(imported.spec.size == cell.recordedSize)
                #expect(Set(imported.recordedFrames.keys) == Set(imported.spec.views.map(\.id) + ["contentView"]))
            }
        }
    }

    @Test func specIDsAreMadeFromIBIDs() throws {
        let imported = try IBImports.imported("Feed.storyboard", "TextCell")
        #expect(imported.spec.views.map(\.id) == ["uyl_Nl_003", "uyl_Ll_004"])
        #expect(imported.ibIDs == ["contentView": "uyl-Cv-002", "uyl_Nl_003": "uyl-Nl-003", "uyl_Ll_004": "uyl-Ll-004"])
        #expect(imported.outlets == ["lineLabel": "uyl_Ll_004", "numberLabel": "uyl_Nl_003"])
        let recorded = try #require(imported.recordedFrames["uyl_Ll_004"])
        #expect(approx(recorded.minY, 33.333333333333336))
        #expect(recorded.width == 353)
        // Every id a spec reader accepts, also in a cell whose content view has no id.
        let card = try IBImports.imported("ProductCard.xib", "ProductCardCell")
        #expect(card.ibIDs["contentView"] == "gTV-IL-0wX")
        #expect(card.spec.views.map(\.id) == ["pIm_aa_001", "pNm_cc_003", "pPr_dd_004", "pSo_ee_005"])
    }

    @Test func constraintFormsMapAsWritten() throws {
        let feed = try IBImports.imported("Feed.storyboard", "FDFeedCell")
        func c(_ id: String) throws -> CellSpec.ConstraintSpec { try IBImports.constraint(feed, ibID: id) }
        // firstItem omitted: the holder (the content view).
        let trailing = try c("fdc-c5-105")
        #expect(trailing.firstItem == .view("contentView") && trailing.firstAttribute == .trailing)
        #expect(trailing.secondItem == .view("fdc_Ti_003") && trailing.constant == 10)
        // A ratio multiplier, on the view that holds it.
        let ratio = try c("fdc-c1-101")
        #expect(ratio.firstItem == .view("fdc_Im_005") && ratio.firstAttribute == .width && ratio.secondAttribute == .height)
        #expect(abs(ratio.multiplier - 24 / 23) < 1e-9)
        // A constant, ≤.
        let cap = try c("fdc-c2-102")
        #expect(cap.secondItem == nil && cap.relation == .lessThanOrEqual && cap.constant == 240)
        // A decimal multiplier with a priority.
        let share = try c("fdc-d3-112")
        #expect(approx(share.multiplier, 0.30534351145038169))
        #expect(share.priority == LayoutPriority(900))
        // A margin attribute with a negative constant; ≥.
        let margin = try c("fdc-c8-108")
        #expect(margin.firstAttribute == .trailingMargin && margin.constant == -10)
        #expect(try c("fdc-d2-111").relation == .greaterThanOrEqual)
        // Baselines: `baseline` is the last.
        #expect(try c("fdc-d7-116").firstAttribute == .lastBaseline)
        let first = try c("fdc-d8-117")
        #expect(first.firstAttribute == .firstBaseline && first.priority == LayoutPriority(250))
        #expect(try c("fdc-d6-115").priority == LayoutPriority(999))
        // A symbolic constant keeps its value.
        #expect(try c("fdc-c9-109").constant == 8)
        // Locations are the elements'.
        let document = try IBFixtures.document("Feed.storyboard")
        #expect(try c("fdc-c3-103").location == document.elementsByID["fdc-c3-103"]?.location)
    }

    @Test func placeholdersVariationsAndDuplicatesAreSkipped() throws {
        let feed = try IBImports.imported("Feed.storyboard", "FDFeedCell")
        let document = try IBFixtures.document("Feed.storyboard")
        func has(_ id: String) -> Bool {
            let location = document.elementsByID[id]?.location
            return feed.spec.constraints.contains { $0.location == location }
        }
        #expect(!has("fdc-e3-121"), "a placeholder constraint")
        #expect(!has("fdc-e4-122"), "excluded by the default variation, included only in compact height")
        #expect(has("fdc-d1-110"), "excluded only in compact height")
        #expect(has("fdc-e1-119") && !has("fdc-e2-120"), "an exact duplicate")
        #expect(feed.warnings.map(\.message).contains { $0.contains("heightClass=compact-widthClass=regular") })
    }

    @Test func theCellAndLayoutGuidesStandForTheirViews() throws {
        let card = try IBImports.imported("Feed.storyboard", "ProductCard")
        let top = try IBImports.constraint(card, ibID: "pcd-c2-102")
        #expect(top.secondItem == .view("contentView"), "a collection view cell stands for its content view")
        let badge = try IBImports.imported("Headers.xib", "bDg-Vw-001")
        #expect(try IBImports.constraint(badge, ibID: "bc3-cc-103").secondItem == .layoutMargins(of: "contentView"))
        #expect(try IBImports.constraint(badge, ibID: "bc6-ff-106").firstItem == .layoutMargins(of: "contentView"))
        #expect(try IBImports.constraint(badge, ibID: "bc7-gg-107").secondItem == .view("contentView"), "a cell's safe area is its edges")
        let quote = try IBImports.imported("TextCell.xib", "QuoteCell")
        #expect(quote.spec.constraints.count == 10)
    }

    @Test func contentViewMargins() throws {
        let wide = try IBImports.imported("TextCell.xib", "QuoteCell")
        #expect(wide.spec.contentViewMargins == DirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20))
        let iPhone15 = try IBImports.imported("Feed.storyboard", "TextCell")
        #expect(iPhone15.spec.contentViewMargins == DirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20))
        #expect(try IBImports.imported("Headers.xib", "ChapterHeader").spec.contentViewMargins?.leading == 20)
        #expect(try IBImports.imported("Headers.xib", "TagView").spec.contentViewMargins
                    == DirectionalEdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10))
        #expect(try IBImports.imported("Headers.xib", "bDg-Vw-001").spec.contentViewMargins
                    == DirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12))
        #expect(try IBImports.imported("ProductCard.xib", "ProductCardCell").spec.contentViewMargins == nil, "UIView's 8")
        // A narrow cell, and a file from before Xcode 9.
        for (tools, width, side, top) in [("22505", 375, 16, 11), ("11762", 375, 8, 8)] as [(String, Int, CGFloat, CGFloat)] {
            let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <tableViewCell id="n-1" reuseIdentifier="Narrow">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="44"/>
                        <tableViewCellContentView key="contentView" id="n-2">
                            <rect key="frame" x="0.0" y="0.0" width="\(width)" height="44"/>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
            let document = try InterfaceBuilderDocument(data: Data(xml.utf8), file: "narrow.xib")
            let imported = try InterfaceBuilderImport(cell: try document.cell(named: "Narrow"), in: document)
            #expect(imported.spec.contentViewMargins == DirectionalEdgeInsets(top: top, leading: side, bottom: top, trailing: side))
        }
    }

    @Test func viewsAndTheirProperties() throws {
        let feed = try IBImports.imported("Feed.storyboard", "FDFeedCell")
        func view(_ imported: InterfaceBuilderImport, _ ibID: String) throws -> CellSpec.ViewSpec {
            let id = try IBImports.id(imported, ibID)
            return try #require(imported.spec.views.first { $0.id == id })
        }
        let content = try view(feed, "fdc-Co-004")
        #expect(content.type == .label && content.numberOfLines == 0 && content.lineBreakMode == .byWordWrapping)
        #expect(content.preferredMaxLayoutWidth == 367 && content.font.size == 15)
        let title = try view(feed, "fdc-Ti-003")
        #expect(title.numberOfLines == 1 && title.font.weight == 700 && title.hugging.vertical == LayoutPriority(251))
        #expect(title.compressionResistance.vertical == nil)
        #expect(try view(feed, "fdc-Tm-007").textAlignment == .right && view(feed, "fdc-Tm-007").font.isItalic)
        #expect(try view(feed, "fdc-Un-006").font.weight == 500)
        let image = try view(feed, "fdc-Im-005")
        #expect(image.type == .image && image.imageWidth == "240" && image.imageHeight == "230")
        #expect(image.placeholderIntrinsicSize == CGSize(width: 120, height: 115))
        let uyl = try IBImports.imported("Feed.storyboard", "TextCell")
        #expect(try view(uyl, "uyl-Nl-003").font.textStyle == .caption1)
        #expect(try view(uyl, "uyl-Nl-003").compressionResistance.vertical == LayoutPriority(749))

        let quote = try IBImports.imported("TextCell.xib", "QuoteCell")
        #expect(try view(quote, "qBd-2b-bb2").text?.hasPrefix("The widow she cried") == true)
        #expect(try view(quote, "qBd-2b-bb2").textAlignment == .justified)
        let attribution = try view(quote, "qAt-3c-cc3")
        #expect(attribution.text == "— Mark Twain & co." && attribution.font.family == "Georgia-Bold" && attribution.font.size == 15)
        #expect(try view(quote, "qCh-1a-aa1").font == Font(family: "Georgia-Bold", size: 18))

        let card = try IBImports.imported("ProductCard.xib", "ProductCardCell")
        #expect(try view(card, "pSo-ee-005").hidden == "true")
        #expect(try view(card, "pNm-cc-003").compressionResistance.vertical == LayoutPriority(751))

        let badge = try IBImports.imported("Headers.xib", "bDg-Vw-001")
        let hairline = try view(badge, "bDg-Ln-004")
        #expect(hairline.translatesAutoresizingMaskIntoConstraints && hairline.autoresizingMask == [.flexibleWidth, .flexibleTopMargin])
        #expect(hairline.frame == CGRect(x: 0, y: 63, width: 240, height: 1))
        #expect(try !view(badge, "bDg-Lb-003").translatesAutoresizingMaskIntoConstraints)
        #expect(try view(badge, "bDg-Im-002").imageWidth == "128", "an SF Symbol's size from <resources>")
        // The hairline follows the badge's width.
        let template = try badge.makeTemplate(measurer: ScaledMeasurer())
        template.layout(size: CGSize(width: 300, height: 64))
        #expect(template.views["bDg_Ln_004"]?.frame == CGRect(x: 0, y: 63, width: 300, height: 1))
    }

    @Test func controlsAndStacks() throws {
        let settings = try IBImports.imported("Controls.xib", "SettingsCell")
        let byIB = Dictionary(uniqueKeysWithValues: settings.spec.views.map { (settings.ibIDs[$0.id]!, $0) })
        let kinds: [String: CellSpec.ViewType] = [
            "sEt-St-003": .stack, "sEt-Bt-005": .button, "sEt-Sw-007": .switch, "sEt-Sg-008": .segmentedControl,
            "sEt-Sl-009": .slider, "sEt-Pg-010": .progressView, "sEt-Ai-011": .activityIndicator,
            "sEt-Tv-012": .textView, "sEt-Dp-013": .view, "sEt-L2-016": .label,
        ]
        for (id, kind) in kinds { #expect(byIB[id]?.type == kind, "\(id)") }
        let outer = try #require(byIB["sEt-St-003"])
        #expect(outer.axis == .vertical && outer.alignment == .leading && outer.spacing == StackView.spacingUseSystem)
        let row = try #require(byIB["sEt-Rw-004"])
        #expect(row.axis == .horizontal && row.distribution == .equalSpacing && row.alignment == .center && row.spacing == 12)
        #expect(row.parent == "sEt_St_003")
        let footer = try #require(byIB["sEt-Ft-014"])
        #expect(footer.distribution == .fillEqually && footer.layoutMarginsRelativeArrangement)
        #expect(footer.layoutMargins == DirectionalEdgeInsets(top: 8, leading: 4, bottom: 8, trailing: 4))
        #expect(byIB["sEt-L2-016"]?.hidden == "true")
        #expect(byIB["sEt-Bt-005"]?.title == "Follow" && byIB["sEt-Bl-006"]?.title == "Share")
        #expect(byIB["sEt-Sg-008"]?.titles == ["Day", "Week", "Month"])
        let text = try #require(byIB["sEt-Tv-012"])
        #expect(!text.isScrollEnabled && text.text == "Notifications arrive at most once a day.\nQuiet hours are respected.")
        // The date picker: a plain view held at its recorded size, with a warning naming it.
        let warning = try #require(settings.warnings.first { $0.message.contains("<datePicker id=\"sEt-Dp-013\">") })
        #expect(warning.location.line == 67 && warning.message.contains("94 x 34.33"))
        let picker = settings.spec.constraints.filter { $0.firstItem == .view("sEt_Dp_013") }
        #expect(picker.map(\.firstAttribute) == [.width, .height])
        #expect(approx(picker[1].constant, 34.333333333333343))
    }

    @Test func fontWarningsOncePerDistinctFont() throws {
        struct NoGeorgia: InterfaceBuilderFontResolving {
            func font(forDescription attributes: [String: String]) -> (font: Font, warning: String?) {
                if let name = attributes["name"] { return (Font(size: 17), "no font named \(name): the system font instead") }
                return BasicInterfaceBuilderFonts().font(forDescription: attributes)
            }
        }
        let quote = try IBImports.imported("TextCell.xib", "QuoteCell", fonts: NoGeorgia())
        #expect(quote.warnings.map(\.message) == ["no font named Georgia-Bold: the system font instead"])
        #expect(quote.warnings.first?.location.line == 28, "the first <fontDescription> naming it")
        // The basic resolver's forms.
        let basic = BasicInterfaceBuilderFonts()
        #expect(basic.font(forDescription: ["type": "system", "weight": "semibold", "pointSize": "13"]).font
                    == Font(family: ".AppleSystemUIFont", size: 13, weight: 600))
        #expect(basic.font(forDescription: ["style": "UICTFontTextStyleBody"]).font == Font.preferred(.body, family: ".AppleSystemUIFont"))
        #expect(basic.font(forDescription: ["style": "UICTFontTextStyleNope"]).warning != nil)
        #expect(basic.font(forDescription: ["type": "nope"]).warning != nil)
    }

    @Test func unknownIDsAreErrorsNamingBoth() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view id="v-1">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                    <subviews>
                        <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="l-1">
                            <rect key="frame" x="0.0" y="0.0" width="10" height="20"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="l-1" firstAttribute="top" secondItem="zzz-99" secondAttribute="top" id="c-1"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """
        let document = try InterfaceBuilderDocument(data: Data(xml.utf8), file: "bad.xib")
        #expect {
            _ = try InterfaceBuilderImport(cell: try document.cell(named: "v-1"), in: document)
        } throws: { error in
            let e = error as? SpecError
            return e?.line == 12 && e?.message.contains("c-1") == true && e?.message.contains("zzz-99") == true
        }
    }
}

/// Imports of fixtures with attribute values replaced by odd ones: errors or warnings, never a trap.
@Suite struct InterfaceBuilderImportFuzzTests {
    static let oddValues = ["", "nan", "-1", "0", "1e308", "-1e308", "infinite", "24:0", "0:0", "YES", "NO", "x", "999999999999999999999"]

    @Test(arguments: IBFixtures.names)
    func oddAttributeValues(_ name: String) throws {
        let text = String(decoding: try IBFixtures.data(name), as: UTF8.self)
        var generator = InterfaceBuilderFuzzTests.Generator(state: UInt64(name.utf8.count))
        let pattern = try NSRegularExpression(pattern: "=\"[^\"<>&]*\"")
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for _ in 0..<40 {
            var mutated = text
            for match in matches.reversed() where Int.random(in: 0..<8, using: &generator) == 0 {
                let range = Range(match.range, in: mutated)!
                mutated.replaceSubrange(range, with: "=\"\(Self.oddValues.randomElement(using: &generator)!)\"")
            }
            guard let document = try? InterfaceBuilderDocument(data: Data(mutated.utf8), file: name) else { continue }
            for cell in document.cells {
                do {
                    let imported = try InterfaceBuilderImport(cell: cell, in: document, options: .init(asRecorded: Bool.random(using: &generator)))
                    let template = try imported.makeTemplate(measurer: ScaledMeasurer())
                    _ = template.fittingSize(width: 320)
                    _ = try? OutletBinding(imported).apply(["text": .string("x")], to: template)
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }
}

/// Colours, for pictures of imported cells.
@Suite struct InterfaceBuilderColorTests {
    @Test func componentsGreysAndSystemColours() throws {
        let feed = try IBImports.imported("Feed.storyboard", "FDFeedCell")
        let content = try #require(feed.spec.views.first { $0.id == "fdc_Co_004" })
        #expect(abs(content.textColor.red - 0.33333333333333331) < 1e-9 && content.textColor.alpha == 1)
        let username = try #require(feed.spec.views.first { $0.id == "fdc_Un_006" })
        #expect(abs(username.textColor.alpha - 0.6) < 1e-9, "secondaryLabelColor from <resources>")
        #expect(try #require(feed.spec.views.first { $0.id == "fdc_Ti_003" }).textColor == .black, "<nil>: the default")
        let card = try IBImports.imported("Feed.storyboard", "ProductCard")
        #expect(card.spec.contentViewBackground == Color(red: 1, green: 1, blue: 1), "the cell's colour")
        let badge = try IBImports.imported("Headers.xib", "bDg-Vw-001")
        #expect(badge.spec.contentViewBackground == Color(red: 1, green: 0.80000000000000004, blue: 0))
    }
}
