import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Issue 17: the report's ambiguity check is bounded: past ``CellTemplate/ambiguityCheckLimit``
/// views it is skipped, and the report says so instead of running for minutes.
@Suite struct ReportScaleTests {
    func report(views n: Int) throws -> CellTemplate.Report {
        var yaml = "views:\n"
        for i in 0..<n { yaml += "  - {id: v\(i)}\n" }
        yaml += "constraints:\n  - \"V:|-[v0(10)]-|\"\n  - \"H:|-[v0]-|\"\n"
        return try CellTemplate(spec: CellSpec(yaml: yaml, file: "many.yaml"), measurer: MonospaceTextMeasurer()).report(width: 100)
    }

    @Test func pastTheLimitTheCheckIsSkippedAndSaid() throws {
        let n = CellTemplate.ambiguityCheckLimit + 1
        let r = try report(views: n)
        #expect(r.diagnostics.map(\.description) == ["ambiguity not checked: the cell has \(n) views, more than \(n - 1) "
            + "(the check's cost grows faster than the number of views)"])
        #expect(r.frames.count == n + 1)
    }

    @Test func upToTheLimitEveryViewIsChecked() throws {
        // v1 and v2 have no constraints: every attribute free; v0 is determined but for its width
        // (the content view's width is not set between layouts).
        let r = try report(views: 3)
        #expect(r.diagnostics.map(\.description) == ["v0 has an ambiguous layout: width not determined",
                                                      "v1 has an ambiguous layout: left, top, width, height not determined",
                                                      "v2 has an ambiguous layout: left, top, width, height not determined"])
    }
}
