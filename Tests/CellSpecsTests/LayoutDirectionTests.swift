import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Cell specs that say a direction: `semanticContentAttribute` on views and the content view and
/// the cell's `layoutDirection`, read, and applied by `CellTemplate` so that leading and trailing
/// flip (text measured 7 points a character, 20 a line).
@Suite struct LayoutDirectionTests {
    /// A label at the leading margin, a 24-point square at the trailing margin, and a horizontal
    /// stack of two labels, with margins that differ at the sides (leading 20, trailing 12).
    static func spec(direction: String? = nil, stack: String? = nil, content: String? = nil) -> String {
        """
        \(direction.map { "layoutDirection: \($0)\n" } ?? "")views:
          - {id: title, type: label, text: "Title"}
          - {id: icon, type: view}
          - {id: row, type: stack, spacing: 10\(stack.map { ", semanticContentAttribute: \($0)" } ?? "")}
          - {id: first, type: label, text: "ab", parent: row}
          - {id: second, type: label, text: "cdef", parent: row}
        contentView: {layoutMargins: {top: 10, leading: 20, bottom: 10, trailing: 12}\(content.map { ", semanticContentAttribute: \($0)" } ?? "")}
        constraints:
          - "title.leading == contentView.leadingMargin"
          - "title.top == contentView.topMargin"
          - "icon.trailing == contentView.trailingMargin"
          - "icon.width == 24"
          - "icon.height == 24"
          - "icon.top == contentView.topMargin"
          - "row.leading == contentView.leadingMargin"
          - "row.top == title.bottom + 8"
          - "row.bottom == contentView.bottomMargin"
        """
    }

    /// The frames (in content-view coordinates) of a spec laid out at `width`.
    static func laidOut(_ yaml: String, width: CGFloat = 300, appDirection: LayoutDirection? = nil) throws -> (CellTemplate, [String: CGRect]) {
        var spec = try CellSpec(yaml: yaml, file: "direction.yaml")
        if let appDirection { spec.layoutDirection = appDirection }
        let cell = try CellTemplate(spec: spec, measurer: FixedAdvanceMeasurer())
        cell.layout(size: cell.fittingSize(width: width))
        var frames: [String: CGRect] = [:]
        for (id, view) in cell.views { frames[id] = view.convert(view.bounds, to: cell.contentView) }
        return (cell, frames)
    }

    @Test func readsEveryValue() throws {
        for attribute in CellSpec.SemanticContentAttribute.allCases {
            let spec = try CellSpec(yaml: Self.spec(direction: "rightToLeft", stack: attribute.rawValue, content: attribute.rawValue))
            #expect(spec.views[2].semanticContentAttribute == attribute)
            #expect(spec.views[0].semanticContentAttribute == .unspecified)
            #expect(spec.contentViewSemanticContentAttribute == attribute)
            #expect(spec.layoutDirection == .rightToLeft)
        }
        #expect(try CellSpec(yaml: Self.spec()).layoutDirection == .leftToRight)
        #expect(try CellSpec(yaml: Self.spec(direction: "leftToRight")).layoutDirection == .leftToRight)
        let json = try CellSpec(yaml: #"{"layoutDirection": "rightToLeft", "views": [{"id": "a", "semanticContentAttribute": "forceLeftToRight"}], "contentView": {"semanticContentAttribute": "spatial"}}"#)
        #expect(json.layoutDirection == .rightToLeft && json.views[0].semanticContentAttribute == .forceLeftToRight)
        #expect(json.contentViewSemanticContentAttribute == .spatial)
        let forced = CellSpec.SemanticContentAttribute.allCases.map(\.forcedDirection)
        #expect(forced == [nil, nil, nil, .leftToRight, .rightToLeft])
    }

    @Test(arguments: [
        ("layoutDirection: rtl\nviews: []\n", 1, 18, "unknown layout direction 'rtl'; expected one of leftToRight, rightToLeft"),
        ("views:\n  - {id: a, semanticContentAttribute: forceRTL}\n", 2, 39,
         "unknown semantic content attribute 'forceRTL'; expected one of forceLeftToRight, forceRightToLeft, playback, spatial, unspecified"),
        ("views: []\ncontentView:\n  semanticContentAttribute: [forceRightToLeft]\n", 3, 29, "expected semantic content attribute"),
        ("views: []\ncontentView: {layoutDirection: rightToLeft}\n", 2, 15, "unknown key 'layoutDirection'"),
    ])
    func badValuesAreLocatedErrors(_ yaml: String, _ line: Int, _ column: Int, _ message: String) {
        #expect {
            _ = try CellSpec(yaml: yaml, file: "bad.yaml")
        } throws: { error in
            guard let e = error as? SpecError else { return false }
            return e.file == "bad.yaml" && e.line == line && e.column == column && e.message.hasPrefix(message)
        }
    }

    @Test func leftToRightByDefault() throws {
        let (_, f) = try Self.laidOut(Self.spec())
        #expect(approx(f["title"]!.minX, 20) && approx(f["title"]!.width, 35))
        #expect(approx(f["icon"]!.minX, 300 - 12 - 24))
        #expect(approx(f["first"]!.minX, 20) && approx(f["second"]!.minX, 20 + 14 + 10))
    }

    @Test func rightToLeftFlipsLeadingAndTrailing() throws {
        let (cell, f) = try Self.laidOut(Self.spec(direction: "rightToLeft"))
        // Leading is the right edge and the leading margin is on the right: x = width - margin - width.
        #expect(approx(f["title"]!.minX, 300 - 20 - 35) && approx(f["title"]!.minY, 10))
        #expect(approx(f["icon"]!.minX, 12))
        // The stack's arrangement runs from its leading (right) edge: first, 10, second.
        let row = f["row"]!
        #expect(approx(row.maxX, 300 - 20) && approx(row.width, 14 + 10 + 28))
        #expect(approx(f["first"]!.maxX, row.maxX) && approx(f["second"]!.minX, row.minX))
        // Natural alignment falls back to the label's direction (text without a strong character).
        let title = try #require(cell.views["title"] as? Label)
        #expect(title.effectiveLayoutDirection == .rightToLeft)
        #expect(title.lineAlignment(paragraphDirection: title.effectiveLayoutDirection, endsParagraph: true) == .right)
        #expect(approx(cell.fittingSize(width: 300).height, 10 + 20 + 8 + 20 + 10))
    }

    @Test func theAppDirectionOverridesTheSpecs() throws {
        let (_, rtl) = try Self.laidOut(Self.spec(), appDirection: .rightToLeft)
        #expect(approx(rtl["title"]!.minX, 300 - 20 - 35))
        let (_, ltr) = try Self.laidOut(Self.spec(direction: "rightToLeft"), appDirection: .leftToRight)
        #expect(approx(ltr["title"]!.minX, 20))
    }

    @Test func aForcedAttributeWinsOverTheAppDirection() throws {
        // The content view forced left to right in a right-to-left app: nothing flips.
        let (_, ltr) = try Self.laidOut(Self.spec(direction: "rightToLeft", content: "forceLeftToRight"))
        #expect(approx(ltr["title"]!.minX, 20) && approx(ltr["icon"]!.minX, 300 - 12 - 24))
        // Forced right to left in a left-to-right app: everything does.
        let (_, rtl) = try Self.laidOut(Self.spec(content: "forceRightToLeft"))
        #expect(approx(rtl["title"]!.minX, 300 - 20 - 35) && approx(rtl["icon"]!.minX, 12))
        // playback and spatial resolve with the app's direction, as unspecified.
        for attribute in ["playback", "spatial", "unspecified"] {
            let (_, f) = try Self.laidOut(Self.spec(direction: "rightToLeft", content: attribute))
            #expect(approx(f["title"]!.minX, 300 - 20 - 35), "\(attribute)")
        }
    }

    @Test func aForcedStackKeepsItsOrderInARightToLeftCell() throws {
        let (cell, f) = try Self.laidOut(Self.spec(direction: "rightToLeft", stack: "forceLeftToRight"))
        // The stack is placed by a constraint whose first item (the stack) is left to right, so its
        // leading is its left edge; inside, first comes before second from the left.
        let row = f["row"]!
        #expect(approx(row.minX, 20))
        #expect(approx(f["first"]!.minX, 20) && approx(f["second"]!.minX, 20 + 14 + 10))
        #expect(cell.views["first"]!.effectiveLayoutDirection == .leftToRight)
        #expect(cell.views["title"]!.effectiveLayoutDirection == .rightToLeft)
    }
}
