import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Patterns met in real Xcode files (probed on open-source apps' xibs and storyboards), each
/// reproduced by a small fixture of the project's own: static table cells, built-in cell styles,
/// and a plain string item for a cell whose only label is single-line.
@Suite struct InterfaceBuilderRealFileTests {
    /// A static table's cells are found section by section; one without a frame (as Xcode writes
    /// a static cell of automatic height) is the table's width by UIKit's default row height.
    @Test func staticTableCellsAreFound() throws {
        let document = try IBFixtures.document("StaticTable.storyboard")
        #expect(document.cells.map(\.name) == ["stt-Ce-004", "NoteCell"])
        #expect(document.cells.map(\.recordedSize) == [CGSize(width: 350, height: 55.5), CGSize(width: 390, height: 44)])
        let note = try IBImports.imported("StaticTable.storyboard", "NoteCell")
        #expect(note.warnings.isEmpty)
        let template = try note.makeTemplate(measurer: ScaledMeasurer())
        // The margins, 11 above and below, around one 17-point line (20.4 with the measurer,
        // rounded up as UILabel's intrinsic height is).
        #expect(abs(template.fittingSize(width: 390).height - (11 + 21 + 11)) < 0.001)
    }

    /// A cell of a built-in style: its labels are outlets by UIKit's names, keep their recorded
    /// frames, and the row keeps its recorded height, with a warning saying why.
    @Test func builtInStyleCellKeepsItsRecordedLayout() throws {
        let imported = try IBImports.imported("StaticTable.storyboard", "stt-Ce-004")
        #expect(imported.outlets == ["textLabel": "stt_Tl_006", "detailTextLabel": "stt_Dl_007"])
        #expect(imported.warnings.map(\.message) == [
            "the cell has the built-in style Subtitle: UITableViewCell places its textLabel, detailTextLabel and imageView itself; they keep their recorded frames and the row its recorded height",
        ])
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        _ = try OutletBinding(imported).apply(["textLabel": .string("Signed in"), "detailTextLabel": .string("someone@example.org")], to: template)
        #expect(template.fittingSize(width: 350).height == 55.5)
        #expect(template.contentView.layoutDiagnostics.isEmpty)
        template.contentView.frame = CGRect(x: 0, y: 0, width: 320.5, height: 55.5)
        template.contentView.layoutIfNeeded()
        let detail = try #require(template.views["stt_Dl_007"])
        #expect(detail.frame.origin == CGPoint(x: 20, y: 31.5))
    }

    /// A plain string item binds to the only label when the cell has no multi-line label.
    @Test func plainStringBindsToTheOnlyLabel() throws {
        let imported = try IBImports.imported("StaticTable.storyboard", "NoteCell")
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        let unknown = try OutletBinding(imported).apply(["text": .string("Version 2.0")], to: template)
        #expect(unknown.isEmpty)
        #expect((template.views["stt_Nl_011"] as? Label)?.text == "Version 2.0")
    }

    /// With several labels and none multi-line, a plain string item is still an error that says so.
    @Test func plainStringWithSeveralSingleLineLabelsIsAnError() throws {
        let imported = try IBImports.imported("StaticTable.storyboard", "stt-Ce-004")
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        #expect(throws: BindingError.self) {
            _ = try OutletBinding(imported).apply(["text": .string("x")], to: template)
        }
    }
}

/// A xib's top-level view saved as a whole iPhone 8 screen: IB laid it out under a simulated
/// status bar, so its safe area's top was 20 points down.
@Suite struct InterfaceBuilderSimulatedScreenTests {
    func labelTop(asRecorded: Bool) throws -> CGFloat {
        let imported = try IBImports.imported("ScreenView.xib", "BannerRowView", asRecorded: asRecorded)
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        template.contentView.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        template.contentView.layoutIfNeeded()
        return try #require(template.views["scr_Lb_002"]).frame.minY
    }

    @Test func asRecordedKeepsTheStatusBar() throws {
        #expect(try labelTop(asRecorded: true) == 26)
    }

    @Test func atRunTimeTheSafeAreaIsTheViewsEdges() throws {
        #expect(try labelTop(asRecorded: false) == 6)
    }
}

/// Xcode writes a label's text typed in the inspector's multi-line field as `<mutableString>`.
@Suite struct InterfaceBuilderMutableStringTests {
    @Test func mutableStringTextIsRead() throws {
        let imported = try IBImports.imported("Synopsis.xib", "SynopsisCell")
        let label = try #require(imported.spec.views.first { $0.id == "syn_Lb_002" })
        #expect(label.text == "A synopsis typed in the inspector's text field, long enough to take several lines in a narrow cell.")
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        #expect(template.fittingSize(width: 320).height > 12 + 14.4 + 12, "several lines, not none")
    }
}

/// Xcode 6 and older wrote prototypes without frames; their content view was the row height less
/// a 1-point separator, which the recorded frames inside show.
@Suite struct InterfaceBuilderFramelessPrototypeTests {
    @Test func contentSizeIsTheRowLessTheSeparator() throws {
        let document = try IBFixtures.document("Xcode6Prototype.storyboard")
        let cell = try document.cell(named: "NoteCell")
        #expect(cell.recordedSize == CGSize(width: 600, height: 60))
        #expect(cell.recordedContentSize == CGSize(width: 600, height: 59))
        let imported = try InterfaceBuilderImport(cell: cell, in: document, options: .init(asRecorded: true))
        let template = try imported.makeTemplate(measurer: ScaledMeasurer())
        template.layout(size: try #require(cell.recordedContentSize))
        #expect(try #require(template.views["x6p_Lb_005"]).frame == CGRect(x: 16, y: 10, width: 568, height: 41))
    }

    @Test func framedCellsKeepTheirContentViewsFrame() throws {
        let cell = try IBFixtures.document("StaticTable.storyboard").cell(named: "stt-Ce-004")
        #expect(cell.recordedContentSize == CGSize(width: 320.5, height: 55.5))
    }
}
