import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Data items bound to imported cells by outlet names.
@Suite struct OutletBindingTests {
    static func feed() throws -> (InterfaceBuilderImport, CellTemplate) {
        let imported = try IBImports.imported("Feed.storyboard", "FDFeedCell")
        return (imported, try imported.makeTemplate(measurer: ScaledMeasurer()))
    }

    @Test func stringsSetTextsAndUnknownKeysAreListed() throws {
        let (imported, template) = try Self.feed()
        let binding = OutletBinding(imported)
        let unknown = try binding.apply(["titleLabel": .string("Hello"), "contentLabel": .string("A longer body"),
                                         "likes": .number(3), "titleLabel.colour": .string("red")], to: template)
        #expect(unknown == ["likes", "titleLabel.colour"])
        #expect((template.views["fdc_Ti_003"] as? Label)?.text == "Hello")
        #expect((template.views["fdc_Co_004"] as? Label)?.text == "A longer body")
        #expect((template.views["fdc_Un_006"] as? Label)?.text == "Username", "an outlet the item does not name keeps its recorded text")
        // The next item names other outlets: the first item's texts go back to the recorded ones.
        _ = try binding.apply(["usernameLabel": .string("huck")], to: template)
        #expect((template.views["fdc_Ti_003"] as? Label)?.text == "Multi-line Title")
        #expect((template.views["fdc_Un_006"] as? Label)?.text == "huck")
    }

    @Test func imageSizesAndPaths() throws {
        let (imported, template) = try Self.feed()
        let binding = OutletBinding(imported)
        let image = try #require(template.views["fdc_Im_005"] as? ImageView)
        #expect(image.image?.size == CGSize(width: 240, height: 230), "the recorded image from <resources>")
        _ = try binding.apply(["contentImageView.width": .number(100), "contentImageView.height": .number(50)], to: template)
        #expect(image.image?.size == CGSize(width: 100, height: 50))
        _ = try binding.apply(["contentImageView.width": .null], to: template)
        #expect(image.image == nil, "null is no image")
        // A PNG path: its header's size.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("outlet-\(UUID().uuidString).png").path
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8]  // 300 x 200
        #expect(FileManager.default.createFile(atPath: path, contents: Data(png)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try binding.apply(["contentImageView": .string(path)], to: template)
        #expect(image.image?.size == CGSize(width: 300, height: 200) && image.image?.path == path)
        #expect(throws: BindingError.self) { _ = try binding.apply(["contentImageView": .string("/nonexistent.png")], to: template) }
        #expect(throws: BindingError.self) { _ = try binding.apply(["contentImageView.width": .number(-1)], to: template) }
    }

    @Test func hiddenFlags() throws {
        let imported = try IBImports.imported("ProductCard.xib", "ProductCardCell")
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        let binding = OutletBinding(imported)
        let badge = try #require(template.views["pSo_ee_005"])
        #expect(badge.isHidden, "recorded hidden")
        _ = try binding.apply(["soldOutBadge.hidden": .bool(false), "priceLabel.hidden": .bool(true)], to: template)
        #expect(!badge.isHidden)
        #expect(template.views["pPr_dd_004"]?.isHidden == true)
        _ = try binding.apply([:], to: template)
        #expect(badge.isHidden && template.views["pPr_dd_004"]?.isHidden == false, "back to the recorded flags")
    }

    @Test func aPlainStringBindsTheOnlyMultiLineLabel() throws {
        let imported = try IBImports.imported("Feed.storyboard", "TextCell")
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        let unknown = try OutletBinding(imported).apply(["text": .string("A plain sentence")], to: template)
        #expect(unknown.isEmpty)
        #expect((template.views["uyl_Ll_004"] as? Label)?.text == "A plain sentence")
        #expect((template.views["uyl_Nl_003"] as? Label)?.text == "Line 1")
        // A cell with two multi-line labels cannot take one.
        let quote = try IBImports.imported("TextCell.xib", "QuoteCell")
        #expect(throws: BindingError.self) {
            _ = try OutletBinding(quote).apply(["text": .string("x")], to: try quote.makeTemplate(measurer: ScaledMeasurer()))
        }
    }

    @Test func viewsWithoutOutletsKeepTheirRecordedContent() throws {
        let imported = try IBImports.imported("Controls.xib", "SettingsCell")
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        let unknown = try OutletBinding(imported).apply(["noteTextView": .string("Short."), "followButton": .string("Unfollow"),
                                                         "stateLabels": .string("x")], to: template)
        #expect(unknown == ["stateLabels"], "outlet collections are not outlets")
        #expect((template.views["sEt_Tv_012"] as? TextView)?.text == "Short.")
        #expect((template.views["sEt_Bt_005"] as? Button)?.title == "Unfollow")
        #expect((template.views["sEt_L1_015"] as? Label)?.text == "Off")
        #expect(template.views["sEt_L2_016"]?.isHidden == true)
    }
}
