import AutoLayout
import CellSpecs
import Foundation
import Testing

/// `CellTemplate.report(width:)`: what `selfsizing layout` prints, without the command line.
@Suite struct ReportTests {
    @Test func framesAreInContentViewCoordinatesAndProblemsAreNamed() throws {
        let spec = try CellSpec(yaml: """
            views:
              - {id: box, type: view}
              - {id: title, type: label, parent: box, text: "{text}", numberOfLines: 0}
              - {id: loose, type: view}
            contentView: {layoutMargins: 10}
            constraints:
              - "H:|-[box]-|"
              - "V:|-[box]-|"
              - "H:|-4-[title]-4-|"
              - "V:|-6-[title]-6-|"
              - "loose.width == 20"
            """, file: "report.yaml")
        let cell = try CellTemplate(spec: spec, measurer: FixedAdvanceMeasurer())
        try cell.configure(with: ["text": .string("a few words that wrap")], row: 1)
        let report = cell.report(width: 100)
        #expect(report.frames.map(\.id) == ["contentView", "box", "title", "loose"])
        let title = try #require(report.frames.first { $0.id == "title" }?.frame)
        // The title sits 4 and 6 points inside the box, which sits at the content view's margins.
        #expect(title.origin == CGPoint(x: 14, y: 16))
        #expect(report.size.width == 100 && report.size.height == title.height + 32)
        // `loose` has a width and nothing else.
        let ambiguous = report.diagnostics.compactMap { d -> [LayoutAttribute]? in
            if case let .ambiguous(id, attributes) = d, id == "loose" { return attributes }
            return nil
        }
        #expect(ambiguous.first?.contains(.height) == true)
        #expect(report.diagnostics.contains { $0.description.hasPrefix("loose has an ambiguous layout") })
    }
}
