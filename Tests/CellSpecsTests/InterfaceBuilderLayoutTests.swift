import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Imported cells laid out: as recorded they reproduce IB's frames, and a cell written as YAML
/// and as a xib lays out the same.
@Suite struct InterfaceBuilderLayoutTests {
    /// Each view's frame in content-view coordinates after laying the template out at a size.
    static func frames(_ template: CellTemplate, size: CGSize) -> [String: CGRect] {
        template.layout(size: size)
        var out: [String: CGRect] = [:]
        for (id, view) in template.views {
            out[id] = view.convert(CGRect(origin: .zero, size: view.frame.size), to: template.contentView)
        }
        return out
    }

    /// The largest difference of any side between two rectangles.
    static func difference(_ a: CGRect, _ b: CGRect) -> CGFloat {
        max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
    }

    /// Views whose recorded frames this model cannot reproduce, and why: a label taller than its
    /// text (UIKit centres the text, moving its baseline; AutoLayout's label keeps it at the top),
    /// a slider's frame (IB records it 2 points wider on each side than its alignment rectangle),
    /// a segmented control's width (its titles measured, not recorded) and a hidden arranged view
    /// (where a hidden view sits is nobody's business).
    static let inconsistent: Set<String> = ["fdc-Tm-007", "sEt-Sl-009", "sEt-Sg-008", "sEt-L2-016"]

    @Test func asRecordedReproducesTheRecordedFrames() throws {
        for (document, cell) in try IBImports.allCells() {
            let imported = try InterfaceBuilderImport(cell: cell, in: document, options: .init(asRecorded: true))
            let size = try #require(imported.spec.size)
            let frames = Self.frames(try imported.makeTemplate(measurer: ScaledMeasurer()), size: size)
            for (id, recorded) in imported.recordedFrames where !Self.inconsistent.contains(imported.ibIDs[id] ?? "") {
                let frame = try #require(frames[id])
                #expect(Self.difference(frame, recorded) <= 0.5, "\(cell.name) \(imported.ibIDs[id] ?? id): \(frame) vs recorded \(recorded)")
            }
        }
    }

    @Test func aCellAsYAMLAndAsXibLaysOutAlike() throws {
        let yaml = """
        views:
          - {id: number, type: label, text: "Line 1", font: {style: caption1},
             hugging: {horizontal: 251, vertical: 252}, compressionResistance: {vertical: 749}}
          - {id: line, type: label, text: "You don't know about me without you have read a book by the name of The Adventures of Tom Sawyer; but that ain't no matter.",
             font: {style: body}, numberOfLines: 0, lineBreakMode: byWordWrapping, hugging: {horizontal: 251, vertical: 251}}
        contentView: {layoutMargins: [11, 20, 11, 20]}
        constraints:
          - "H:|-[number]-|"
          - "H:|-[line]-|"
          - "V:|-[number]-8-[line]-|"
        """
        let twin = try CellTemplate(spec: try CellSpec(yaml: yaml, file: "uyl.yaml"), measurer: ScaledMeasurer())
        let imported = try IBImports.imported("Feed.storyboard", "TextCell")
        let cell = try imported.makeTemplate(measurer: ScaledMeasurer())
        let ids = ["number": try IBImports.id(imported, "uyl-Nl-003"), "line": try IBImports.id(imported, "uyl-Ll-004")]
        for width: CGFloat in [320, 393, 768] {
            let a = twin.report(width: width), b = cell.report(width: width)
            #expect(a.size == b.size)
            let framesA = Dictionary(uniqueKeysWithValues: a.frames.map { ($0.id, $0.frame) })
            let framesB = Dictionary(uniqueKeysWithValues: b.frames.map { ($0.id, $0.frame) })
            for (yamlID, ibID) in ids { #expect(framesA[yamlID] == framesB[ibID], "\(yamlID) at \(width)") }
            #expect(a.diagnostics.isEmpty && b.diagnostics.isEmpty)
        }
    }
}
