import AutoLayout
import Foundation
import Testing
import TextLayout

/// Whether Debian's fonts-inter (which scripts/setup.sh installs) is here.
let interInstalled = FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")

@Suite struct InterfaceBuilderFontTests {
    @Test(arguments: [
        (["type": "system", "pointSize": "17"], InterfaceBuilderFont(kind: .system(weight: 400), pointSize: 17)),
        (["type": "system", "weight": "semibold", "pointSize": "15"], InterfaceBuilderFont(kind: .system(weight: 600), pointSize: 15)),
        (["type": "system", "weight": "ultraLight", "pointSize": "30"], InterfaceBuilderFont(kind: .system(weight: 100), pointSize: 30)),
        (["type": "system", "weight": "black", "pointSize": "12.5"], InterfaceBuilderFont(kind: .system(weight: 900), pointSize: 12.5)),
        (["type": "system", "weight": "wobbly", "pointSize": "17"], InterfaceBuilderFont(kind: .system(weight: 400), pointSize: 17)),
        (["type": "boldSystem", "pointSize": "20"], InterfaceBuilderFont(kind: .boldSystem, pointSize: 20)),
        (["type": "italicSystem", "pointSize": "14"], InterfaceBuilderFont(kind: .italicSystem, pointSize: 14)),
        (["type": "system"], InterfaceBuilderFont(kind: .system(weight: 400), pointSize: 17)),
        (["style": "UICTFontTextStyleBody"], InterfaceBuilderFont(kind: .textStyle(.body), pointSize: 17)),
        (["style": "UICTFontTextStyleTitle0"], InterfaceBuilderFont(kind: .textStyle(.largeTitle), pointSize: 34)),
        (["style": "UICTFontTextStyleSubhead"], InterfaceBuilderFont(kind: .textStyle(.subheadline), pointSize: 15)),
        (["style": "UICTFontTextStyleCaption2", "pointSize": "11"], InterfaceBuilderFont(kind: .textStyle(.caption2), pointSize: 11)),
        (["name": "HelveticaNeue-Bold", "family": "Helvetica Neue", "pointSize": "17"],
         InterfaceBuilderFont(kind: .custom(name: "HelveticaNeue-Bold", family: "Helvetica Neue"), pointSize: 17)),
        (["name": "Avenir-Book", "pointSize": "16"], InterfaceBuilderFont(kind: .custom(name: "Avenir-Book", family: nil), pointSize: 16)),
    ])
    func readsAttributes(attributes: [String: String], expected: InterfaceBuilderFont) {
        #expect(InterfaceBuilderFont(attributes: attributes) == expected)
    }

    @Test(arguments: [
        [:], ["type": "monospacedDigitSystem", "pointSize": "17"], ["style": "UICTFontTextStyleNope"],
        ["type": "system", "pointSize": "big"], ["type": "system", "pointSize": "-3"], ["type": "system", "pointSize": "nan"],
    ])
    func rejectsWhatIsNoFont(attributes: [String: String]) {
        #expect(InterfaceBuilderFont(attributes: attributes) == nil)
    }

    @Test func everyTextStyleHasItsUIKitName() {
        let names = ["UICTFontTextStyleTitle0", "UICTFontTextStyleTitle1", "UICTFontTextStyleTitle2", "UICTFontTextStyleTitle3",
                     "UICTFontTextStyleHeadline", "UICTFontTextStyleSubhead", "UICTFontTextStyleBody", "UICTFontTextStyleCallout",
                     "UICTFontTextStyleFootnote", "UICTFontTextStyleCaption1", "UICTFontTextStyleCaption2"]
        #expect(names.map(InterfaceBuilderFont.textStyle(named:)) == TextStyle.allCases)
    }

    @Test func postScriptStylesGiveWeightAndSlant() {
        #expect(InterfaceBuilderFont.style(ofPostScriptName: "Avenir-Book") == (400, false))
        #expect(InterfaceBuilderFont.style(ofPostScriptName: "Avenir-HeavyOblique") == (800, true))
        #expect(InterfaceBuilderFont.style(ofPostScriptName: "HelveticaNeue-UltraLightItalic") == (200, true))
        #expect(InterfaceBuilderFont.style(ofPostScriptName: "Montserrat-SemiBold") == (600, false))
        #expect(InterfaceBuilderFont.style(ofPostScriptName: "Inter-ExtraBold") == (800, false))
        #expect(InterfaceBuilderFont.style(ofPostScriptName: "Futura") == (400, false))
    }
}

@Suite struct FontResolutionTests {
    let measurer = TextMeasurer()
    var library: FontLibrary { measurer.library }

    /// The face a font resolves to when measured (as the measurer resolves it).
    func resolved(_ font: Font, weight: Int? = nil) throws -> FontMatch {
        try #require(library.match(family: font.family, weight: weight ?? font.weight, italic: font.isItalic))
    }

    /// A spec's `system` font is the system UI font, so that a spec and the same cell imported
    /// from Interface Builder measure alike; setting `systemFamily` changes it alone.
    @Test func systemIsTheSystemUIFontForSpecs() throws {
        let library = FontLibrary()
        #expect(library.systemFamily == library.systemUIFamily)
        let system = try #require(library.match(family: "system", weight: 400, italic: false))
        #expect(system.family == library.systemUIFamily && system.isExact)
        library.systemFamily = "DejaVu Sans"
        #expect(library.match(family: "system", weight: 400, italic: false)?.family == "DejaVu Sans")
        #expect(library.systemUIFamily != "DejaVu Sans" || !interInstalled)
    }

    @Test(.enabled(if: interInstalled)) func theSystemUIFontIsInter() throws {
        #expect(library.systemUIFamily == "Inter")
        for name in FontLibrary.systemUIFamilyNames {
            let m = try #require(library.match(family: name, weight: 400, italic: false))
            #expect(m.family == "Inter" && m.postScriptName == "Inter-Regular" && m.isExact)
        }
    }

    @Test(arguments: [
        (InterfaceBuilderFont.Kind.system(weight: 400), 400, false), (.system(weight: 600), 600, false), (.system(weight: 900), 900, false),
        (.boldSystem, 700, false), (.italicSystem, 400, true),
    ])
    func systemKindsMapToTheStandIn(kind: InterfaceBuilderFont.Kind, weight: Int, italic: Bool) throws {
        let (font, warning) = measurer.font(for: InterfaceBuilderFont(kind: kind, pointSize: 15))
        #expect(warning == nil)
        #expect(font.family == FontLibrary.systemUIFamilyName && font.size == 15 && font.weight == weight && font.isItalic == italic)
        let face = try resolved(font)
        #expect(face.family == library.systemUIFamily && face.isExact && face.weight == weight && face.isItalic == italic)
    }

    @Test func textStylesFollowTheContentSizeCategory() throws {
        let ib = try #require(InterfaceBuilderFont(attributes: ["style": "UICTFontTextStyleHeadline"]))
        let (font, warning) = measurer.font(for: ib)
        #expect(warning == nil && font.textStyle == .headline && font.family == FontLibrary.systemUIFamilyName)
        let face = try resolved(font, weight: 600)
        #expect(face.family == library.systemUIFamily && face.weight == 600)
        func measured(_ category: ContentSizeCategory) -> TextMeasurement {
            measurer.measure(TextMeasureRequest(text: "Headline", font: font, width: nil, contentSizeCategory: category))
        }
        let large = measured(.large), xxl = measured(.extraExtraLarge), ax5 = measured(.accessibilityExtraExtraExtraLarge)
        // Sizes 17, 21 and 53; leadings 22, 26 and 62 (Apple's tables).
        #expect(large.size.height == 22 && xxl.size.height == 26 && ax5.size.height == 62)
        #expect(abs(xxl.size.width / large.size.width - 21.0 / 17.0) < 1e-9)
        #expect(abs(ax5.size.width / large.size.width - 53.0 / 17.0) < 1e-9)
    }

    @Test func aPostScriptNameResolvesToItsFace() throws {
        let ib = InterfaceBuilderFont(kind: .custom(name: "DejaVuSerif-Bold", family: "DejaVu Serif"), pointSize: 13)
        let (font, warning) = measurer.font(for: ib)
        #expect(warning == nil && font.family == "DejaVuSerif-Bold" && font.size == 13 && font.weight == 700)
        let face = try resolved(font)
        #expect(face.family == "DejaVu Serif" && face.style == "Bold" && face.face.path.hasSuffix("DejaVuSerif-Bold.ttf"))
        let named = try #require(library.match(postScriptName: "dejavuserif-bold"))
        #expect(named.face === face.face)
        // Measured as the face it names, not as the default font.
        let text = "Interface Builder"
        let byName = measurer.measure(TextMeasureRequest(text: text, font: font, width: nil))
        let byFamily = measurer.measure(TextMeasureRequest(text: text, font: Font(family: "DejaVu Serif", size: 13, weight: 700), width: nil))
        #expect(byName == byFamily)
    }

    @Test func aFamilyResolvesWhenItsNameDoesNot() throws {
        let ib = InterfaceBuilderFont(kind: .custom(name: "DejaVuSerifPro-BoldItalic", family: "DejaVu Serif"), pointSize: 17)
        let (font, warning) = measurer.font(for: ib)
        #expect(warning == nil && font.family == "DejaVu Serif" && font.weight == 700 && font.isItalic)
        #expect(try resolved(font).family == "DejaVu Serif")
    }

    @Test func anUnknownFontWarnsAndFallsBackToTheSystemFont() throws {
        let ib = InterfaceBuilderFont(kind: .custom(name: "Avenir-Heavy", family: "Avenir"), pointSize: 16)
        let (font, warning) = measurer.font(for: ib)
        #expect(font.family == FontLibrary.systemUIFamilyName && font.size == 16 && font.weight == 800 && !font.isItalic)
        let used = try resolved(font)
        let w = try #require(warning)
        #expect(w == FontWarning(requested: "Avenir-Heavy", requestedFamily: "Avenir", substitute: used.family, substituteStyle: used.style))
        #expect(w.substitute == library.systemUIFamily)
        if interInstalled {
            #expect(w.description == "font \"Avenir-Heavy\" (family \"Avenir\") not found; using Inter Extra Bold")
        }
        // Unknown families are not found either, as a PostScript name or otherwise.
        #expect(library.match(postScriptName: "Avenir-Heavy") == nil)
        #expect(library.match(family: "Avenir", weight: 400, italic: false)?.isExact == false)
    }

    @Test func aMissingStandInWarns() throws {
        let library = FontLibrary()
        library.systemUIFamily = "SF Pro Text"
        let (font, warning) = library.font(for: InterfaceBuilderFont(kind: .boldSystem, pointSize: 17))
        #expect(font.family == FontLibrary.systemUIFamilyName)
        let w = try #require(warning)
        #expect(w.requested == "SF Pro Text" && w.requestedFamily == nil && w.substitute != nil && w.substitute != "SF Pro Text")
        library.resetSystemUIFamily()
        #expect(library.font(for: InterfaceBuilderFont(kind: .boldSystem, pointSize: 17)).warning == nil)
    }
}

@Suite struct FontDirectoryTests {
    /// A tree with no fonts and endless entries (`/proc`) ends the walk at its bounds.
    @Test func aHugeTreeWithoutFontsEndsTheWalk() throws {
        let library = FontLibrary(systemFonts: false)
        #expect(throws: FontDirectoryError.noFonts(path: "/proc")) { try library.addFontDirectory("/proc") }
    }

    /// A new temporary directory, removed by the caller.
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func anAddedDirectoryMakesItsFontsResolvable() throws {
        // A library without the system's fonts, so that only the copy can be found.
        let library = FontLibrary(systemFonts: false)
        #expect(library.match(family: "DejaVu Serif", weight: 400, italic: false) == nil)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // From Debian's fonts-dejavu-core.
        let copy = directory.appendingPathComponent("Copied.ttf")
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", toPath: copy.path)
        #expect(try library.addFontDirectory(directory.path) == 1)
        let byFamily = try #require(library.match(family: "DejaVu Serif", weight: 400, italic: false))
        #expect(byFamily.isExact && byFamily.family == "DejaVu Serif" && byFamily.face.path == copy.path)
        #expect(library.match(postScriptName: "DejaVuSerif")?.face === byFamily.face)
        // Measured with it, and the stand-in for the system font falls back to what there is.
        let measurer = TextMeasurer(library: library)
        let m = measurer.measure(TextMeasureRequest(text: "Copied", font: Font(family: "DejaVu Serif", size: 17), width: nil))
        #expect(m.size.width > 0 && m.lineCount == 1)
        let (_, warning) = measurer.font(for: InterfaceBuilderFont(kind: .system(weight: 400), pointSize: 17))
        #expect(warning?.substitute == "DejaVu Serif")
    }

    @Test func anAddedDirectoryJoinsTheSystemFonts() throws {
        let library = FontLibrary()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                         toPath: directory.appendingPathComponent("nested/Mono.ttf").path)
        #expect(try library.addFontDirectory(directory.path) == 1)
        #expect(library.match(family: "DejaVu Sans Mono", weight: 400, italic: false)?.isExact == true)
        #expect(library.match(family: "system", weight: 400, italic: false)?.family == library.systemUIFamily)
    }

    @Test func aDirectoryWithoutFontsIsAnError() throws {
        let library = FontLibrary(systemFonts: false)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: FontDirectoryError.noFonts(path: directory.path)) { try library.addFontDirectory(directory.path) }
        let missing = directory.appendingPathComponent("missing").path
        #expect(throws: FontDirectoryError.notADirectory(path: missing)) { try library.addFontDirectory(missing) }
        #expect(FontDirectoryError.notADirectory(path: missing).description == "font directory \(missing): no such directory")
    }
}

/// The figures of ``FontLibrary/systemUIFamily``'s documentation, measured again.
@Suite struct SystemFontStandInTests {
    /// Line height, cap height, x-height and the width of "This is a test string" at 17 pt.
    func figures(_ family: String) throws -> [Double] {
        let face = try #require(FontLibrary.shared.match(family: family, weight: 400, italic: false)).face
        let m = face.metrics(size: 17)
        return [m.lineHeight, m.capHeight, m.xHeight, face.advance(of: "This is a test string") * 17 / face.unitsPerEm]
    }

    func expectClose(_ measured: [Double], _ documented: [Double]) {
        #expect(zip(measured, documented).allSatisfy { abs($0 - $1) < 0.005 }, "\(measured) vs \(documented)")
    }

    @Test(.enabled(if: interInstalled)) func interIsCloseToSanFrancisco() throws {
        // SF Pro Text at 17 pt, as UIKit measures it.
        let sf = [20.287109375, 1443.0 * 17 / 2048, 1040.0 * 17 / 2048, 144.09326171875]
        let inter = try figures("Inter")
        expectClose(inter, [20.57, 12.36, 9.27, 152.30])
        expectClose(try figures("Inter Display"), [20.55, 12.22, 8.77, 135.60])
        expectClose(try figures("DejaVu Sans"), [19.79, 11.05, 7.89, 161.80])
        #expect(abs(inter[0] - sf[0]) < 0.3 && abs(inter[3] / sf[3] - 1) < 0.06)
        // With SF's tracking at 17 pt (-26/1000 em a character, 21 characters), Inter is within 0.7%.
        let tracked = inter[3] - 21 * 0.026 * 17
        #expect(abs(tracked - 143.0) < 0.05 && abs(tracked / sf[3] - 1) < 0.008)
    }
}
