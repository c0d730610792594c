import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Issue 17: every number of a spec is finite and inside its quantity's range (``SpecLimits``), or
/// a located error naming the range; a bound value follows the same rule as the literal.
@Suite struct SpecNumberLimitsTests {
    static func label(_ keys: String) -> String {
        "views:\n  - {id: a, type: label, text: hi\(keys)}\n"
    }

    @Test(arguments: [
        // Weights that trapped converting Double to Int.
        (label(", font: {weight: 1e19}"), 2, at: "1e19", "expected a weight from 100 to 1000, got 1e+19"),
        (label(", font: {weight: 9.3e18}"), 2, at: "9.3e18", "expected a weight from 100 to 1000"),
        (label(", font: {weight: 1e308}"), 2, at: "1e308", "expected a weight from 100 to 1000"),
        (label(", font: {weight: 12345678901234567890}"), 2, at: "12345678901234567890", "expected a weight from 100 to 1000"),
        (label(", font: {weight: -1}"), 2, at: "-1", "expected a weight from 100 to 1000, got -1"),
        (label(", font: {weight: boldest}"), 2, at: "boldest", "or ultraLight, thin"),
        (label(", font: {size: 1e308}"), 2, at: "1e308", "expected a font size above 0, at most 1000"),
        (label(", font: {size: 0}"), 2, at: "0}", "expected a font size above 0"),
        (label(", lineHeight: -50"), 2, at: "-50", "expected a line height from 0 to 100000, got -50"),
        (label(", lineHeight: {multiple: -3}"), 2, at: "-3", "expected a line height multiple from 0 to 100, got -3"),
        (label(", lineHeight: {minimum: 1e308}"), 2, at: "1e308", "expected a line height from 0 to 100000"),
        (label(", layoutMargins: 1e308"), 2, at: "1e308", "expected margins from 0 to 100000, got 1e+308"),
        (label(", layoutMargins: -50"), 2, at: "-50", "expected margins from 0 to 100000, got -50"),
        (label(", layoutMargins: [1, 2, -3, 4]"), 2, at: "-3", "expected a margin from 0 to 100000, got -3"),
        (label(", layoutMargins: {top: .inf}"), 2, at: ".inf", "a margin (a number from 0 to 100000)"),
        ("views:\n  - {id: s, type: stack, spacing: 1e308}\n", 2, at: "1e308", "expected a spacing from -100000 to 100000, got 1e+308"),
        ("views:\n  - {id: i, type: image, size: [-1e308, 24]}\n", 2, at: "-1e308", "expected a width from 0 to 100000, got -1e+308"),
        ("views:\n  - {id: i, type: image, size: [-50, -50]}\n", 2, at: "-50", "expected a width from 0 to 100000, got -50"),
        ("views:\n  - {id: i, type: image, size: {width: 5, height: 1e6}}\n", 2, at: "1e6", "expected a height from 0 to 100000"),
        ("views:\n  - {id: i, type: image, size: [wide, 5]}\n", 2, at: "wide", "a width: a number from 0 to 100000 or a {field} binding"),
        ("contentView: {layoutMargins: -1}\nviews: []\n", 1, at: "-1}", "expected margins from 0 to 100000"),
        ("size: [1e9, 44]\nviews: []\n", 1, at: "1e9", "expected a width above 0, at most 100000"),
        ("views:\n  - {id: a, type: view, frame: [1e200, 0, 10, 10]}\n", 2, at: "1e200", "expected a position from -100000 to 100000"),
        ("views:\n  - {id: a, type: view, frame: [0, 0, 10, 1e200]}\n", 2, at: "1e200", "expected a size from 0 to 100000"),
        ("metrics: {gap: 1e308}\nviews: []\n", 1, at: "1e308", "expected the metric 'gap' from -100000 to 100000, got 1e+308"),
        ("views:\n  - {id: a, type: view, placeholderIntrinsicSize: [none, 1e300]}\n", 2, at: "1e300", "expected a size from 0 to 100000"),
    ])
    func outOfRangeNumbersAreLocatedErrors(_ text: String, line: Int, at value: String, message: String) {
        // The error stands at the value: its column is where `value` is on the line.
        let row = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let column = row.distance(from: row.startIndex, to: row.range(of: value)!.lowerBound) + 1
        do {
            _ = try CellSpec(yaml: text, file: "bad.yaml")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func inRangeNumbersAreRead() throws {
        let spec = try CellSpec(yaml: """
        views:
          - {id: a, type: label, text: hi, font: {size: 1000, weight: 1000}, lineHeight: {multiple: 1.2}, layoutMargins: 0}
          - {id: s, type: stack, spacing: -8}
          - {id: i, type: image, size: [0, 100000]}
        """)
        #expect(spec.views.count == 3)
    }

    @Test(arguments: [-50.0, 1e300, 100_001])
    func aBoundImageSizeFollowsTheSameRule(_ value: Double) throws {
        let spec = try CellSpec(yaml: "views:\n  - {id: i, type: image, size: [\"{w}\", 24]}\n")
        let template = try CellTemplate(spec: spec)
        #expect(throws: BindingError.self) { try template.configure(with: ["w": .number(value)], row: 0) }
        do {
            try template.configure(with: ["w": .number(value)], row: 0)
        } catch {
            #expect(error.description.contains("expected a number from 0 to 100000"), "\(error)")
        }
        try template.configure(with: ["w": .number(100_000)], row: 0)
    }
}
