import AutoLayout
import CellSpecs
import Foundation
import Testing

/// The spec's control kinds and geometry keys: read from YAML and JSON, refused with located
/// errors, and laid out.
@Suite struct NewViewKindsTests {
    static let kinds = """
        views:
          - {id: stack, type: stack, axis: vertical, spacing: standard, alignment: leading,
             layoutMarginsRelativeArrangement: true, layoutMargins: [4, 4, 4, 4], preservesSuperviewLayoutMargins: true}
          - {id: button, type: button, parent: stack, title: "{action}", contentInsets: [6, 0, 6, 0]}
          - {id: toggle, type: switch, parent: stack}
          - {id: segments, type: segmentedControl, parent: stack, titles: [One, Two]}
          - {id: spinner, type: activityIndicator, parent: stack, style: large}
          - {id: note, type: textView, text: "{note}", font: {size: 14}}
          - {id: progress, type: progressView}
          - {id: slider, type: slider, frame: [0, 0, 100, 31], insetsLayoutMarginsFromSafeArea: false}
          - {id: badge, frame: [250, 0, 70, 20], translatesAutoresizingMaskIntoConstraints: true,
             autoresizingMask: [flexibleLeftMargin, flexibleBottomMargin]}
          - {id: caption, type: label, text: hi, numberOfLines: 0, preferredMaxLayoutWidth: 120}
          - {id: custom, placeholderIntrinsicSize: [50, none]}
        size: [320, 200]
        constraints:
          - "H:|[stack]|"
          - "H:|[note]|"
          - "H:|[progress]|"
          - "V:|[stack][note][progress]|"
          - "H:|[slider]|"
          - "slider.top == contentView.top"
        """

    static let kindsJSON = """
        {"size": [320, 200], "views": [
          {"id": "stack", "type": "stack", "axis": "vertical", "spacing": "standard", "alignment": "leading",
           "layoutMarginsRelativeArrangement": true, "layoutMargins": [4, 4, 4, 4], "preservesSuperviewLayoutMargins": true},
          {"id": "button", "type": "button", "parent": "stack", "title": "{action}", "contentInsets": [6, 0, 6, 0]},
          {"id": "toggle", "type": "switch", "parent": "stack"},
          {"id": "segments", "type": "segmentedControl", "parent": "stack", "titles": ["One", "Two"]},
          {"id": "spinner", "type": "activityIndicator", "parent": "stack", "style": "large"},
          {"id": "note", "type": "textView", "text": "{note}", "font": {"size": 14}},
          {"id": "progress", "type": "progressView"},
          {"id": "slider", "type": "slider", "frame": [0, 0, 100, 31], "insetsLayoutMarginsFromSafeArea": false},
          {"id": "badge", "frame": [250, 0, 70, 20], "translatesAutoresizingMaskIntoConstraints": true,
           "autoresizingMask": ["flexibleLeftMargin", "flexibleBottomMargin"]},
          {"id": "caption", "type": "label", "text": "hi", "numberOfLines": 0, "preferredMaxLayoutWidth": 120},
          {"id": "custom", "placeholderIntrinsicSize": [50, "none"]}],
         "constraints": ["H:|[stack]|", "H:|[note]|", "H:|[progress]|", "V:|[stack][note][progress]|", "H:|[slider]|",
                         "slider.top == contentView.top"]}
        """

    @Test(arguments: [kinds, kindsJSON])
    func everyKeyIsRead(_ text: String) throws {
        let spec = try CellSpec(yaml: text, file: "kinds")
        let v = Dictionary(uniqueKeysWithValues: spec.views.map { ($0.id, $0) })
        let stack = try #require(v["stack"])
        #expect(stack.spacing == StackView.spacingUseSystem && stack.layoutMarginsRelativeArrangement)
        #expect(stack.preservesSuperviewLayoutMargins)
        let button = try #require(v["button"])
        #expect(button.type == .button && button.title == "{action}" && button.font == Font(size: 15))
        #expect(button.contentInsets == DirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0))
        #expect(v["toggle"]?.type == .switch)
        #expect(v["segments"]?.titles == ["One", "Two"])
        #expect(v["spinner"]?.indicatorStyle == .large)
        #expect(v["note"]?.type == .textView && v["note"]?.text == "{note}" && v["note"]?.font == Font(size: 14))
        #expect(v["progress"]?.type == .progressView)
        #expect(v["slider"]?.frame == CGRect(x: 0, y: 0, width: 100, height: 31))
        #expect(v["slider"]?.insetsLayoutMarginsFromSafeArea == false && v["slider"]?.translatesAutoresizingMaskIntoConstraints == false)
        let badge = try #require(v["badge"])
        #expect(badge.translatesAutoresizingMaskIntoConstraints && badge.autoresizingMask == [.flexibleLeftMargin, .flexibleBottomMargin])
        #expect(v["caption"]?.preferredMaxLayoutWidth == 120)
        #expect(v["custom"]?.placeholderIntrinsicSize == CGSize(width: 50, height: CGSize.noIntrinsicMetric))
    }

    @Test func theKindsLayOut() throws {
        let cell = try CellTemplate(spec: CellSpec(yaml: Self.kinds), measurer: MonospaceTextMeasurer())
        try cell.configure(with: ["action": .string("Go"), "note": .string("aaaa bbbb cccc")], row: 1)
        // The stack: margins 4 raised to the content view's 8 (preserved), a button 32, a switch 31,
        // segments 32, a large spinner 37, 8 between (the system spacing).
        let stack = 8 + 32 + 8 + 31 + 8 + 32 + 8 + 37 + 8
        // The text view: one line of 20 inside 8 and 8 at 320 (lines 310 wide), two at 100.
        #expect(cell.fittingSize(width: 320).height == CGFloat(stack + 36 + 4))
        #expect(cell.fittingSize(width: 100).height == CGFloat(stack + 56 + 4))
        cell.layout(size: CGSize(width: 320, height: CGFloat(stack + 40)))
        let views = cell.views
        #expect(views["button"]?.frame == CGRect(x: 8, y: 8, width: 14, height: 32))
        #expect(views["toggle"]?.frame == CGRect(x: 8, y: 48, width: 51, height: 31))
        #expect(views["segments"]?.frame == CGRect(x: 8, y: 87, width: 2 * 35 + 1, height: 32))
        #expect(views["spinner"]?.frame == CGRect(x: 8, y: 127, width: 37, height: 37))
        #expect(views["note"]?.frame == CGRect(x: 0, y: CGFloat(stack), width: 320, height: 36))
        #expect(views["slider"]?.frame == CGRect(x: 0, y: 0, width: 320, height: 31))
        #expect(views["badge"]?.frame == CGRect(x: 250, y: 0, width: 70, height: 20))
        #expect(views["caption"]?.intrinsicContentSize == CGSize(width: 14, height: 20))
        #expect((views["caption"] as? Label)?.preferredMaxLayoutWidth == 120)
        // Wider: the badge keeps its right margin (its left one is flexible).
        cell.layout(size: CGSize(width: 400, height: CGFloat(stack + 40)))
        #expect(views["badge"]?.frame == CGRect(x: 330, y: 0, width: 70, height: 20))
        #expect(views["note"]?.frame.width == 400)
    }

    @Test func configurationButtons() throws {
        let spec = try CellSpec(yaml: """
            views:
              - {id: a, type: button, title: Go, configuration: true}
              - {id: b, type: button, title: Go, configuration: true, contentInsets: 2}
            """)
        #expect(spec.views[0].font == Button.configurationFont && spec.views[0].contentInsets == Button.configurationContentInsets)
        #expect(spec.views[1].font == Button.configurationFont
                && spec.views[1].contentInsets == DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))
    }

    @Test func placeholderSizesAreDesignTimeOnly() throws {
        let yaml = """
            views:
              - {id: p, placeholderIntrinsicSize: [50, 30]}
            constraints: ["H:|[p]", "V:|[p]|"]
            """
        let runtime = try CellTemplate(spec: CellSpec(yaml: yaml))
        #expect(runtime.fittingSize(width: 320).height == 0)
        let designTime = try CellTemplate(spec: CellSpec(yaml: yaml), usesPlaceholderIntrinsicSizes: true)
        #expect(designTime.fittingSize(width: 320).height == 30)
    }

    @Test func codeMadeSpecsHoldTheKinds() throws {
        var button = CellSpec.ViewSpec(id: "b", type: .button)
        button.title = "OK"
        var kept = CellSpec.ViewSpec(id: "k")
        kept.frame = CGRect(x: 10, y: 10, width: 300, height: 20)
        kept.translatesAutoresizingMaskIntoConstraints = true
        kept.autoresizingMask = [.flexibleWidth]
        let spec = CellSpec(views: [button, kept], constraints: [], size: CGSize(width: 320, height: 40))
        let cell = try CellTemplate(spec: spec, measurer: MonospaceTextMeasurer())
        #expect(cell.views["b"]?.intrinsicContentSize == CGSize(width: 14, height: 32))
        cell.layout(size: CGSize(width: 200, height: 40))
        #expect(cell.views["k"]?.frame == CGRect(x: 10, y: 10, width: 180, height: 20))
        // Without a recorded size to resize from, a flexible kept view is refused.
        do {
            _ = try CellTemplate(spec: CellSpec(views: [kept], constraints: []))
            Issue.record("accepted a flexible view without its parent's size")
        } catch {
            #expect(error.message.contains("has no recorded size"))
        }
    }

    /// Each error at the line of `at`'s first occurrence after the views key, its column there.
    @Test(arguments: [
        ("  - {id: a, type: button, titles: [x]}", "titles", "unknown key 'titles'"),
        ("  - {id: a, type: switch, title: x}", "title", "unknown key 'title'"),
        ("  - {id: a, frame: [1, 2, 3]}", "[1", "expected a frame"),
        ("  - {id: a, frame: [0, 0, -1, 4]}", "-1", "expected a size of 0 or more"),
        ("  - {id: a, translatesAutoresizingMaskIntoConstraints: true}", "true", "needs a frame"),
        ("  - {id: a, autoresizingMask: [flexibleWidth]}", "[flex", "applies only to a view kept at its frame"),
        ("  - {id: a, frame: [0, 0, 1, 1], translatesAutoresizingMaskIntoConstraints: true, autoresizingMask: [flexibleWide]}",
         "flexibleWide", "unknown autoresizing option 'flexibleWide'"),
        ("  - {id: a, frame: [0, 0, 1, 1], translatesAutoresizingMaskIntoConstraints: yes please}", "yes", "true or false"),
        ("  - {id: a, type: stack, spacing: wide}", "wide", "a spacing: a number or standard"),
        ("  - {id: a, type: stack, layoutMarginsRelativeArrangement: 3}", "3", "true or false"),
        ("  - {id: a, type: activityIndicator, style: huge}", "huge", "unknown activity indicator style 'huge'"),
        ("  - {id: a, type: segmentedControl, titles: first}", "first", "expected a list"),
        ("  - {id: a, type: segmentedControl, titles: [[x]]}", "[x", "expected a segment title"),
        ("  - {id: a, type: button, contentInsets: [1, 2]}", "[1", "expected 4 margins"),
        ("  - {id: a, type: button, font: {size: 0}}", "0", "expected a font size above 0"),
        ("  - {id: a, placeholderIntrinsicSize: [10, -2]}", "-2", "expected a size of 0 or more"),
        ("  - {id: a, placeholderIntrinsicSize: [10]}", "[10", "expected a placeholder intrinsic size"),
        ("  - {id: a, type: textView, scrollEnabled: maybe}", "maybe", "true or false"),
        ("  - {id: a, type: label, preferredMaxLayoutWidth: -5}", "-5", "expected a width of 0 or more"),
        ("  - {id: a, preservesSuperviewLayoutMargins: often}", "often", "true or false"),
        ("  - {id: a, frame: [0, 0, 10, 10], translatesAutoresizingMaskIntoConstraints: true, autoresizingMask: [flexibleWidth]}",
         "{id", "has no recorded size"),
    ])
    func errorsAreLocated(_ line: String, at marker: String, message: String) {
        let yaml = "views:\n" + line + "\n"
        let column = line.distance(from: line.startIndex, to: line.range(of: marker)!.lowerBound) + 1
        do {
            _ = try CellTemplate(spec: CellSpec(yaml: yaml, file: "bad.yaml"))
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.file == "bad.yaml")
            #expect(error.line == 2 && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func jsonErrorsAreLocatedToo() {
        let json = #"{"views": [{"id": "a", "type": "switch", "style": "large"}]}"#
        do {
            _ = try CellSpec(yaml: json, file: "bad.json")
            Issue.record("accepted a switch style")
        } catch {
            #expect(error.line == 1 && error.column == 42, "\(error)")
            #expect(error.message.contains("unknown key 'style'"))
        }
    }
}
