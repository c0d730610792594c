import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Constraints held as their parts: what the YAML reader makes of equations and visual format
/// strings, specs made in code, and the source locations the built constraints carry.
@Suite struct StructuredConstraintTests {
    typealias C = CellSpec.ConstraintSpec

    /// A spec's constraints without their locations, to compare with ones made in code.
    func parts(_ spec: CellSpec) -> [C] {
        spec.constraints.map { var c = $0; c.location = nil; return c }
    }

    @Test func equationsBecomeTheirParts() throws {
        let spec = try CellSpec(yaml: """
        views:
          - {id: box}
          - {id: body, parent: box}
        metrics: {gap: 6}
        constraints:
          - "body.width <= 0.5 * superview.width - 8 @high"
          - "body.top == box.topMargin + gap @ 300"
          - "box.height >= 44"
          - "box.leading == contentView.leading"
        """)
        #expect(parts(spec) == [
            C(.view("body"), .width, .lessThanOrEqual, .view("box"), .width, multiplier: 0.5, constant: -8, priority: .defaultHigh),
            C(.view("body"), .top, .equal, .view("box"), .topMargin, constant: 6, priority: LayoutPriority(300)),
            C(.view("box"), .height, .greaterThanOrEqual, constant: 44),
            C(.view("box"), .leading, .equal, .view("contentView"), .leading),
        ])
        #expect(spec.constraints[0].description == "body.width <= 0.5 * box.width - 8 @high")
    }

    @Test func visualFormatsBecomeTheirParts() throws {
        let spec = try CellSpec(yaml: """
        views:
          - {id: a}
          - {id: b}
          - {id: box}
          - {id: inner, parent: box}
        metrics: {gap: 12}
        constraints:
          - "H:|-20-[a(40)]-[b(>=100@750)]-(>=gap)-|"
          - {visualFormat: "V:|-[a]-0-[b]", options: [alignAllCenterX]}
          - "H:|[inner(==box)]|"
        """)
        #expect(parts(spec) == [
            C(.view("a"), .width, .equal, constant: 40),
            C(.view("a"), .leading, .equal, .view("contentView"), .leading, constant: 20),
            C(.view("b"), .width, .greaterThanOrEqual, constant: 100, priority: LayoutPriority(750)),
            C(.view("b"), .leading, .equal, .view("a"), .trailing, constant: 8),
            C(.view("contentView"), .trailing, .greaterThanOrEqual, .view("b"), .trailing, constant: 12),
            C(.view("a"), .top, .equal, .view("contentView"), .topMargin),
            C(.view("b"), .top, .equal, .view("a"), .bottom),
            C(.view("b"), .centerX, .equal, .view("a"), .centerX),
            C(.view("inner"), .width, .equal, .view("box"), .width),
            C(.view("inner"), .leading, .equal, .view("box"), .leading),
            C(.view("box"), .trailing, .equal, .view("inner"), .trailing),
        ])
    }

    /// The text cell of ``CellSpecTests/uyl``, made in code with structured constraints only
    /// (the vertical ones on the content view's margins guide).
    static func textCellInCode() -> CellSpec {
        var number = CellSpec.ViewSpec(id: "numberLabel", type: .label)
        number.text = "Line {row}"
        number.font.textStyle = .caption1
        number.hugging = (LayoutPriority(251), LayoutPriority(252))
        number.compressionResistance = (nil, LayoutPriority(749))
        var line = CellSpec.ViewSpec(id: "lineLabel", type: .label)
        line.text = "{text}"
        line.font.textStyle = .body
        line.numberOfLines = 0
        let content = C.Item.view("contentView"), margins = C.Item.layoutMargins(of: "contentView")
        var constraints: [C] = []
        for id in ["numberLabel", "lineLabel"] {
            constraints.append(C(.view(id), .leading, .equal, content, .leadingMargin))
            constraints.append(C(content, .trailingMargin, .equal, .view(id), .trailing))
        }
        constraints.append(C(.view("numberLabel"), .top, .equal, margins, .top))
        constraints.append(C(.view("lineLabel"), .top, .equal, .view("numberLabel"), .bottom, constant: 8))
        constraints.append(C(margins, .bottom, .equal, .view("lineLabel"), .bottom))
        return CellSpec(file: "code", views: [number, line], constraints: constraints,
                        contentViewMargins: DirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))
    }

    @Test(arguments: [375.0, 200])
    func aSpecMadeInCodeLaysOutAsTheSameSpecWritten(width: Double) throws {
        let written = try CellTemplate(spec: CellSpec(yaml: CellSpecTests.uyl), measurer: FixedAdvanceMeasurer())
        let coded = try CellTemplate(spec: Self.textCellInCode(), measurer: FixedAdvanceMeasurer())
        for (row, text) in ["one", "one two three four five six seven", String(repeating: "wordy ", count: 40)].enumerated() {
            try written.configure(with: ["text": .string(text)], row: row + 1)
            try coded.configure(with: ["text": .string(text)], row: row + 1)
            let a = written.fittingSize(width: CGFloat(width)), b = coded.fittingSize(width: CGFloat(width))
            #expect(a == b, "\(text)")
            written.layout(size: a)
            coded.layout(size: b)
            for id in ["numberLabel", "lineLabel"] { #expect(written.views[id]!.frame == coded.views[id]!.frame, "\(id)") }
        }
        #expect(coded.contentView.layoutDiagnostics.isEmpty)
    }

    @Test func everyBuiltConstraintKeepsItsSpecLocation() throws {
        let yaml = """
        views:
          - {id: a}
          - {id: b}
        constraints:
          - "H:|-[a]-[b]-|"
          - "V:|[a(20)]|"
          -   '  b.height == a.height'
          - {visualFormat: "V:|[b]", options: []}
        """
        let spec = try CellSpec(yaml: yaml, file: "where.yaml")
        let cell = try CellTemplate(spec: spec)
        #expect(cell.constraints.count == spec.constraints.count)
        let locations = cell.constraints.map { $0.sourceLocation.map { "\($0)" } ?? "-" }
        #expect(locations == Array(repeating: "where.yaml:5:6", count: 3) + Array(repeating: "where.yaml:6:6", count: 3)
            + ["where.yaml:7:10", "where.yaml:8:21"])
        for (built, written) in zip(cell.constraints, spec.constraints) {
            #expect(built.sourceLocation == written.location)
        }
        // Made in code, constraints have none.
        #expect(try CellTemplate(spec: Self.textCellInCode()).constraints.allSatisfy { $0.sourceLocation == nil })
    }

    @Test func aConflictingConstraintIsDiagnosedWhereItWasWritten() throws {
        let yaml = """
        views:
          - {id: a}
        constraints:
          - "H:|-10-[a(100)]"
          - "V:|[a(20)]|"
          - "a.width == 150"
        """
        let cell = try CellTemplate(spec: CellSpec(yaml: yaml, file: "conflict.yaml"))
        _ = cell.fittingSize(width: 320)
        let broken = cell.contentView.layoutDiagnostics.compactMap { d -> LayoutConstraint? in
            if case let .unsatisfiable(c, _) = d { return c } else { return nil }
        }
        #expect(broken.count == 1)
        #expect(broken.first?.sourceLocation == SourceLocation(file: "conflict.yaml", line: 6, column: 6))
    }

    @Test func codeSpecsWithUnknownNamesAreErrors() {
        let spec = CellSpec(file: "code", views: [CellSpec.ViewSpec(id: "a")],
                            constraints: [C(.view("a"), .top, .equal, .view("ghost"), .top,
                                            location: SourceLocation(file: "code", line: 3, column: 4))])
        #expect(throws: SpecError(file: "code", line: 3, column: 4, message: "Unknown view 'ghost'")) {
            try CellTemplate(spec: spec)
        }
        let margins = CellSpec(file: "code", views: [CellSpec.ViewSpec(id: "a")],
                               constraints: [C(.layoutMargins(of: "a"), .width, .equal, constant: 3)])
        #expect(throws: SpecError(file: "code", line: 0, column: 0, message: "a layout margins guide has no attribute width")) {
            try CellTemplate(spec: margins)
        }
        #expect(throws: SpecError.self) { try CellTemplate(spec: CellSpec(views: [CellSpec.ViewSpec(id: "a", parent: "b")], constraints: [])) }
    }
}
