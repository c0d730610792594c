import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Issue 17: a cell whose required constraints ask for a negative size reports no negative size
/// and no silently broken constraint: a size of 0 and a diagnostic naming what broke.
@Suite struct NegativeSizeReportTests {
    func report(_ constraints: String) throws -> CellTemplate.Report {
        let spec = try CellSpec(yaml: "views:\n  - {id: v}\nconstraints:\n\(constraints)", file: "negative.yaml")
        return try CellTemplate(spec: spec, measurer: MonospaceTextMeasurer()).report(width: 100)
    }

    @Test func aNegativeCompressedHeightIsZeroAndTheBrokenConstraintIsNamed() throws {
        let r = try report("""
              - "H:|-8-[v]-8-|"
              - "v.top == contentView.top + 10"
              - "contentView.bottom == v.bottom - 30"
              - "v.height == 5"
            """)
        #expect(r.size == CGSize(width: 100, height: 0))
        // Laid out at 0, the content view's height constraint is what breaks, and the report says so.
        let named = r.diagnostics.map(\.description).filter { $0.contains("contentView.height == 0 conflicts with") }
        #expect(named.count == 1, "\(r.diagnostics)")
    }

    @Test func aNegativeWidthIsReportedAsZeroAndSaid() throws {
        let r = try report("""
              - "v.leading == contentView.leading + 50"
              - "v.trailing == contentView.leading + 20"
              - "V:|-10-[v(5)]-10-|"
            """)
        let frame = try #require(r.frames.first { $0.id == "v" }?.frame)
        #expect(frame.size == CGSize(width: 0, height: 5) && frame.origin.x == 50)
        #expect(r.diagnostics.map(\.description)
            == ["the required constraints make the width of v -30; reported as 0, which breaks them (a frame has no negative size)"])
    }
}
