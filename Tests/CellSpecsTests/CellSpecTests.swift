import AutoLayout
import CellSpecs
import Foundation
import Testing

@Suite struct CellSpecTests {
    /// The seeds' text cell: "Line N" over a wrapping sentence, 20-point margins, 8 between.
    static let uyl = """
    views:
      - id: numberLabel
        type: label
        text: "Line {row}"
        font: {style: caption1}
        hugging: {horizontal: 251, vertical: 252}
        compressionResistance: {vertical: 749}
      - id: lineLabel
        type: label
        text: "{text}"
        font: {style: body}
        numberOfLines: 0
    contentView:
      layoutMargins: [20, 20, 20, 20]
    metrics: {gap: 8}
    constraints:
      - "H:|-[numberLabel]-|"
      - "H:|-[lineLabel]-|"
      - "V:|-[numberLabel]-gap-[lineLabel]-|"
    """

    @Test func theTextCellFitsItsSentence() throws {
        let spec = try CellSpec(yaml: Self.uyl, file: "uyl.yaml")
        #expect(spec.views.map(\.id) == ["numberLabel", "lineLabel"])
        let cell = try CellTemplate(spec: spec, measurer: FixedAdvanceMeasurer())
        try cell.configure(with: ["text": .string("one two three")], row: 7)
        #expect((cell.views["numberLabel"] as? Label)?.text == "Line 7")
        let size = cell.fittingSize(width: 375)
        let expected: CGFloat = 88
        #expect(approx(size.height, expected))
        // A long sentence wraps at 335 points: 48 words of "wordy" (35) + spaces -> 8 per line.
        try cell.configure(with: ["text": .string(Array(repeating: "wordy", count: 48).joined(separator: " "))], row: 8)
        let tall: CGFloat = 188   // 20 + 20 + 8 + 6 * 20 + 20
        #expect(approx(cell.fittingSize(width: 375).height, tall))
        cell.layout(size: CGSize(width: 375, height: 188))
        #expect(cell.views["lineLabel"]!.frame == CGRect(x: 20, y: 48, width: 335, height: 120))
    }

    @Test func jsonSpecsWork() throws {
        let json = """
        {"views": [{"id": "photo", "type": "image", "size": ["{w}", "{h}"]}],
         "constraints": ["photo.top == contentView.top + 10", "photo.leading == contentView.leading", "photo.height >= 0",
                         "contentView.bottom == photo.bottom + 10"]}
        """
        let cell = try CellTemplate(spec: CellSpec(yaml: json, file: "feed.json"))
        try cell.configure(with: ["w": .number(120), "h": .number(80)], row: 1)
        #expect(approx(cell.fittingSize(width: 300).height, 100))
        try cell.configure(with: ["w": .number(0), "h": .number(0)], row: 2)
        #expect(approx(cell.fittingSize(width: 300).height, 20))
    }

    @Test func stacksAndHiddenBindings() throws {
        let yaml = """
        views:
          - {id: buttons, type: stack, axis: horizontal, spacing: 8, distribution: fillEqually}
          - {id: like, type: image, parent: buttons, size: [30, 30]}
          - {id: share, type: image, parent: buttons, size: [30, 30], hidden: "{noShare}"}
        constraints:
          - "H:|-[buttons]-|"
          - "V:|-[buttons]-|"
        """
        let cell = try CellTemplate(spec: CellSpec(yaml: yaml))
        try cell.configure(with: ["noShare": .bool(true)], row: 1)
        cell.layout(size: CGSize(width: 216, height: 46))
        #expect(cell.views["like"]!.frame.width == 200)
        try cell.configure(with: ["noShare": .bool(false)], row: 2)
        cell.layout(size: CGSize(width: 216, height: 46))
        #expect(cell.views["like"]!.frame.width == 96)
    }

    @Test(arguments: [
        ("views:\n  - {id: a, type: label, colour: red}\n", 2, 26, "unknown key 'colour'"),
        ("views:\n  - {id: a, type: webView}\n", 2, 19, "unknown view type 'webView'"),
        ("views:\n  - {id: a, parent: b}\n", 2, 21, "unknown parent 'b'"),
        ("views:\n  - {id: a}\n  - {id: a}\n", 3, 10, "the view id 'a' is taken"),
        ("views:\n  - {id: a, type: label, numberOfLines: many}\n", 2, 41, "expected a number of lines"),
        ("views:\n  - {id: a}\nconstraints:\n  - \"a.top == b.top\"\n", 4, 15, "Unknown view 'b'"),
        ("views:\n  - {id: a}\nconstraints:\n  - \"a.top == contentView.left\"\n", 4, 6, "a constraint cannot relate top to left"),
        ("views:\n  - {id: a}\nconstraints:\n  - \"H:|-[a\"\n", 4, 12, "Expected ']'"),
        ("views: [\n", 2, 1, "not valid YAML or JSON"),
        ("views:\n  - {id: a, hugging: {horizontal: 2000}}\n", 2, 35, "expected a priority from 1 to 1000"),
    ])
    func errorsNameTheLineAndColumn(_ yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try CellTemplate(spec: CellSpec(yaml: yaml, file: "bad.yaml"))
            Issue.record("accepted \(yaml)")
        } catch {
            #expect(error.file == "bad.yaml")
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func missingFieldsAreBindingErrors() throws {
        let cell = try CellTemplate(spec: CellSpec(yaml: Self.uyl), measurer: FixedAdvanceMeasurer())
        do {
            try cell.configure(with: ["title": .string("x")], row: 1)
            Issue.record("bound a missing field")
        } catch {
            #expect(error.field == "text" && error.viewID == "lineLabel")
        }
    }

    @Test func unreadableFileIsAnError() {
        #expect(throws: SpecError.self) { try CellSpec(contentsOf: "/nonexistent/spec.yaml") }
    }
}

/// A template configured row after row must give what a fresh template gives for each row.
@Suite struct TemplateReuseTests {
    /// The post cell of examples/post-cell.yaml.
    static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/post-cell.yaml").path

    func item(_ i: Int) -> DataItem {
        let words = ["layout", "cell", "height", "auto", "constraint", "text", "row", "image"]
        let body = (0..<(3 + (i * 37) % 50)).map { words[($0 * 3 + i) % words.count] }.joined(separator: " ")
        return ["title": .string(words[i % 8] + " " + words[(i + 3) % 8]), "time": .string("\(i % 12)h"),
                "content": .string(body), "imageWidth": .number(i % 3 == 0 ? 0 : Double(100 + i * 7 % 150)),
                "imageHeight": .number(i % 4 == 0 ? 0 : Double(60 + i * 11 % 90)), "noShare": .bool(i % 5 == 0)]
    }

    @Test(arguments: [375.0, 320])
    func reusedTemplateMatchesFreshTemplates(width: Double) throws {
        let spec = try CellSpec(contentsOf: Self.specPath)
        let reused = try CellTemplate(spec: spec, measurer: MonospaceTextMeasurer())
        for i in 0..<60 {
            try reused.configure(with: item(i), row: i + 1)
            let fresh = try CellTemplate(spec: spec, measurer: MonospaceTextMeasurer())
            try fresh.configure(with: item(i), row: i + 1)
            let a = reused.fittingSize(width: CGFloat(width)).height, b = fresh.fittingSize(width: CGFloat(width)).height
            #expect(abs(a - b) < 1e-6, "row \(i): reused \(a), fresh \(b)")
            #expect(fresh.contentView.selfSizingProblem(width: CGFloat(width)) == nil)
        }
    }
}
