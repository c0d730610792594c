import CellSpecs
import Foundation
import Testing

/// The fixtures hold what issue 14 asks the import to read, written as Xcode writes it: these
/// tests keep them covering it as they change, and say where each form is for the tests that
/// map them to cell specs.
@Suite struct InterfaceBuilderFixtureTests {
    static func allElements() throws -> [IBElement] {
        try IBFixtures.names.flatMap { try IBFixtures.document($0).root.descendantsAndSelf }
    }

    @Test func viewsOfEveryKindAndOneTheReaderDoesNotKnow() throws {
        let names = Set(try Self.allElements().map(\.name))
        for kind in ["view", "label", "imageView", "button", "stackView", "textView", "switch", "activityIndicatorView",
                     "segmentedControl", "slider", "progressView", "datePicker"] {
            #expect(names.contains(kind), "no <\(kind)>")
        }
    }

    @Test func constraintsInEveryFormXcodeWrites() throws {
        let constraints = try Self.allElements().filter { $0.name == "constraint" }
        func some(_ what: String, _ test: (IBElement) -> Bool) {
            let found = constraints.contains(where: test)
            #expect(found, "no constraint with \(what)")
        }
        some("firstItem omitted") { $0["firstItem"] == nil && $0["secondItem"] != nil }
        some("no secondItem (a constant)") { $0["secondItem"] == nil && $0["constant"] != nil }
        some("a ratio multiplier") { $0["multiplier"] == "24:23" }
        some("a decimal multiplier") { $0["multiplier"]?.contains(".") == true }
        some("a symbolic constant") { $0.bool("symbolic") == true }
        some("a priority") { $0["priority"] != nil }
        some("relation ≥") { $0["relation"] == "greaterThanOrEqual" }
        some("relation ≤") { $0["relation"] == "lessThanOrEqual" }
        some("a negative constant") { ($0.number("constant") ?? 0) < 0 }
        some("placeholder") { $0.bool("placeholder") == true }
        for attribute in ["leadingMargin", "trailingMargin", "topMargin", "bottomMargin", "baseline", "firstBaseline", "centerX", "centerY", "width", "height"] {
            some(attribute) { $0["firstAttribute"] == attribute || $0["secondAttribute"] == attribute }
        }
        // Exact duplicates (same items, attributes, relation and constant; ids differ).
        let keys = constraints.map { c in ["firstItem", "firstAttribute", "relation", "secondItem", "secondAttribute", "constant", "multiplier"].map { c[$0] ?? "" } }
        #expect(Set(keys).count < keys.count)
    }

    @Test func constraintsNamingTheCellLayoutGuidesAndVariations() throws {
        let card = try IBFixtures.document("ProductCard.xib").cells[0]
        let cellConstraints = card.element.child("constraints")?.children("constraint") ?? []
        #expect(cellConstraints.contains { $0["secondItem"] == card.id }, "a collection view cell's constraints name the cell")
        #expect(card.contentView?.id == nil, "older xibs write the content view without an id")
        let badge = try IBFixtures.document("Headers.xib")
        #expect(badge.elementsByID["bDg-Sa-005"]?["key"] == "safeArea")
        #expect(badge.elementsByID["bDg-Lm-006"]?["key"] == "layoutMarginsGuide")
        let feed = try IBFixtures.document("Feed.storyboard")
        let variations = try #require(feed.cell(named: "FDFeedCell").contentView?.children("variation"))
        #expect(variations.map { $0["key"] } == ["default", "heightClass=compact-widthClass=regular"])
        #expect(variations[0].child("mask", key: "constraints")?.children("exclude").first?["reference"] == "fdc-e4-122")
        #expect(feed.root.child("inferredMetricsTieBreakers")?.children("segue").first?["reference"] == "sPr-4r-1Aa")
    }

    @Test func geometryFontsAndResources() throws {
        let elements = try Self.allElements()
        func some(_ what: String, _ test: (IBElement) -> Bool) {
            let found = elements.contains(where: test)
            #expect(found, "nothing with \(what)")
        }
        some("autoresizing (no translatesAutoresizingMaskIntoConstraints)") { $0["translatesAutoresizingMaskIntoConstraints"] == nil && $0.child("subviews") == nil && $0.name == "view" && $0.parent?.name == "subviews" }
        some("layoutMargins") { $0.name == "edgeInsets" && $0["key"] == "layoutMargins" }
        some("directionalLayoutMargins") { $0.name == "directionalEdgeInsets" && $0["key"] == "directionalLayoutMargins" }
        some("preservesSuperviewLayoutMargins") { $0.bool("preservesSuperviewLayoutMargins") == true }
        some("insetsLayoutMarginsFromSafeArea") { $0.bool("insetsLayoutMarginsFromSafeArea") == false }
        some("spacingType=standard") { $0.name == "stackView" && $0["spacingType"] == "standard" }
        some("layoutMarginsRelativeArrangement") { $0.bool("layoutMarginsRelativeArrangement") == true }
        some("stack distribution and alignment") { $0.name == "stackView" && $0["distribution"] != nil && $0["alignment"] != nil }
        some("a hidden view") { $0.bool("hidden") == true }
        some("hugging") { $0["horizontalHuggingPriority"] != nil }
        some("compression resistance") { $0["verticalCompressionResistancePriority"] != nil }
        some("numberOfLines=0") { $0["numberOfLines"] == "0" }
        some("numberOfLines=2") { $0["numberOfLines"] == "2" }
        some("preferredMaxLayoutWidth") { $0["preferredMaxLayoutWidth"] != nil }
        some("textAlignment") { $0["textAlignment"] == "center" }
        some("lineBreakMode") { $0["lineBreakMode"] == "wordWrap" }
        some("placeholder intrinsic size") { $0["placeholderIntrinsicWidth"] != nil && $0["placeholderIntrinsicHeight"] != nil }
        some("a text style") { $0.name == "fontDescription" && $0["style"] == "UICTFontTextStyleBody" }
        for type in ["system", "boldSystem", "italicSystem"] {
            some("fontDescription type \(type)") { $0.name == "fontDescription" && $0["type"] == type }
        }
        some("a font weight") { $0.name == "fontDescription" && $0["weight"] != nil }
        some("a custom font") { $0.name == "fontDescription" && $0["name"] != nil && $0["family"] != nil }
        some("an attributed string") { $0.name == "attributedString" }
        some("a <string key=\"text\">") { $0.name == "string" && $0["key"] == "text" }
        some("an image resource") { $0.name == "image" && $0.parent?.name == "resources" && $0["width"] != nil }
    }
}
