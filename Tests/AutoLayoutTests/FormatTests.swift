import AutoLayout
import Foundation
import Testing

@Suite struct EquationTests {
    @Test func fullForm() throws {
        let e = try ConstraintEquation("body.width <= 0.5 * superview.width - 8 @high")
        #expect(e.firstItem == "body" && e.firstAttribute == .width && e.relation == .lessThanOrEqual)
        #expect(e.secondItem == "superview" && e.secondAttribute == .width)
        #expect(e.multiplier == 0.5 && e.constant == -8 && e.priority == .defaultHigh)
    }

    @Test func shortForms() throws {
        let a = try ConstraintEquation("avatar.width == 40")
        #expect(a.secondItem == nil && a.constant == 40 && a.priority == .required)
        let b = try ConstraintEquation("title.leading==contentView.leading+20@750")
        #expect(b.secondItem == "contentView" && b.constant == 20 && b.priority == LayoutPriority(750))
        let c = try ConstraintEquation("time.firstBaseline == title.baseline", metrics: [:])
        #expect(c.secondAttribute == .lastBaseline)
        let d = try ConstraintEquation("icon.height == side @ fittingSize", metrics: ["side": 24])
        #expect(d.constant == 24 && d.priority == .fittingSizeLevel)
        let e = try ConstraintEquation("a.width >= -4")
        #expect(e.constant == -4)
    }

    @Test(arguments: [
        ("title.leading == ", 18, "Expected"),
        ("title.leadin == contentView.leading", 7, "Unknown attribute 'leadin'"),
        ("title leading == x.left", 6, "Expected '.'"),
        ("title.leading = contentView.leading", 15, "Expected '==', '<=' or '>='"),
        ("title.leading == contentView.leading + ", 40, "Expected a number"),
        ("title.leading == contentView.leading @ 2000", 40, "A priority is a number from 1 to 1000"),
        ("title.leading == contentView.leading + gap", 40, "Unknown metric 'gap'"),
        ("title.leading == contentView.leading 20", 38, "Expected '+', '-', '@' or the end"),
        ("title.width == 4 é", 18, "Expected '@' or the end"),
        ("títle.width == 4", 2, "Expected '.' and an attribute after 't'"),
    ])
    func malformedEquationsPointAtTheColumn(_ text: String, column: Int, message: String) {
        do {
            _ = try ConstraintEquation(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    @Test func resolvingAgainstViews() throws {
        let content = View(identifier: "contentView")
        let title = View(identifier: "title")
        content.addSubview(title)
        let c = try ConstraintEquation("title.leading == superview.leading + 20").constraint(views: ["title": title])
        #expect(c.secondItem === content)
        #expect(c.description == "title.leading == contentView.leading + 20")
        #expect(throws: FormatError.self) { try ConstraintEquation("ghost.top == title.top").constraint(views: ["title": title]) }
        do {
            _ = try ConstraintEquation("title.top == title.left").constraint(views: ["title": title])
            Issue.record("related top to left")
        } catch {
            #expect(error.message.contains("cannot relate top to left"))
        }
    }
}

@Suite struct VisualFormatTests {
    func views() -> (View, [String: View]) {
        let root = container(width: 320, height: 200)
        var map: [String: View] = [:]
        for name in ["a", "b", "c"] {
            let v = constrained(name, in: root)
            map[name] = v
        }
        return (root, map)
    }

    @Test func horizontalChainWithSuperviewEdges() throws {
        let (root, v) = views()
        let cs = try LayoutConstraint.constraints(withVisualFormat: "H:|-20-[a(50)]-[b(==a)]-(>=10)-[c]-20-|",
                                                  views: v)
        LayoutConstraint.activate(cs)
        LayoutConstraint.activate(try LayoutConstraint.constraints(withVisualFormat: "V:|[a(10)]", options: [], views: v))
        LayoutConstraint.activate(try LayoutConstraint.constraints(withVisualFormat: "V:|[b(10)]", views: v))
        LayoutConstraint.activate(try LayoutConstraint.constraints(withVisualFormat: "V:|[c(10)]", views: v))
        root.layoutIfNeeded()
        #expect(v["a"]!.frame.minX == 20 && v["a"]!.frame.width == 50)
        #expect(v["b"]!.frame.minX == 78 && v["b"]!.frame.width == 50)
        #expect(v["c"]!.frame.maxX == 300)
        #expect(v["c"]!.frame.minX >= 138)
        #expect(cs.map(\.description).contains("b.leading == a.trailing + 8"))
    }

    @Test func verticalFlushAndAlignAll() throws {
        let (root, v) = views()
        let cs = try LayoutConstraint.constraints(withVisualFormat: "V:|-(top)-[a(20)][b(30@750)]", options: [.alignAllLeading],
                                                  metrics: ["top": 12], views: v)
        LayoutConstraint.activate(cs + [v["a"]!.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
                                        v["a"]!.widthAnchor.constraint(equalToConstant: 10),
                                        v["b"]!.widthAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(v["a"]!.frame.minY == 12 && v["b"]!.frame.minY == 32 && v["b"]!.frame.height == 30)
        #expect(v["b"]!.frame.minX == 5)
        #expect(cs.contains { $0.priority == LayoutPriority(750) })
    }

    @Test func predicatesWithRelationsAndPriorities() throws {
        let (_, v) = views()
        let cs = try LayoutConstraint.constraints(withVisualFormat: "[a(>=50@750,<=100)]-(>=8,<=20@500)-[b]", views: v)
        #expect(cs.count == 4)
        #expect(cs[0].description == "a.width >= 50 @750")
        #expect(cs[1].description == "a.width <= 100")
        #expect(cs.contains { $0.description == "b.leading <= a.trailing + 20 @500" })
    }

    @Test(arguments: [
        ("H:|-20-[]", 9, "Expected a view name"),
        ("H:|-20-[a", 10, "Expected ']' to close the view"),
        ("H:|-[x]", 6, "Unknown view 'x'"),
        ("H:[a]-(>=gap)-[b]", 10, "Unknown metric 'gap'"),
        ("H:[a]-20[b]", 9, "Expected '-' after the spacing"),
        ("H:[a(>=10@0)]", 11, "A priority is a number from 1 to 1000"),
        ("H:[a]-", 7, "Expected a number, a metric name or '('"),
        ("H:|", 4, "Expected a view"),
        ("H:[a]]", 6, "Expected '[', '-' or '|'"),
        ("H:[a]-é", 7, "Expected a number, a metric name or '('"),
    ])
    func malformedFormatsPointAtTheColumn(_ format: String, column: Int, message: String) {
        let (_, v) = views()
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, views: v)
            Issue.record("parsed \(format)")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    @Test func alignmentMustCrossTheAxis() {
        let (_, v) = views()
        #expect(throws: FormatError.self) {
            try LayoutConstraint.constraints(withVisualFormat: "H:[a][b]", options: .alignAllLeading, views: v)
        }
    }
}
