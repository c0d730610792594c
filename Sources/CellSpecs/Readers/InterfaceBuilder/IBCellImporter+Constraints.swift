import AutoLayout
import Foundation

/// How the import reads constraints, as Xcode writes them. The rules, in order:
/// 1. Every `<constraint>` of a `<constraints>` of the cell, its content view or a view it read is
///    read, in document order, holder by holder.
/// 2. `placeholder="YES"` constraints are skipped (UIKit removes them at build time).
/// 3. Size classes: a constraint is installed unless the `default` variation of its holder
///    excludes it; then the variations whose traits an iPhone in portrait has (`widthClass=compact`,
///    `heightClass=regular`, or both) include or exclude it; every other variation is skipped with
///    a warning.
/// 4. `firstItem` omitted is the holder; no `secondItem` relates to a constant. An item that is
///    the cell or its content view is `contentView`; a `safeArea` guide is its view (a cell has no
///    safe area insets); a `layoutMarginsGuide` is its view's margins guide. An id no element has
///    is an error naming both; an element the import did not read (inside an unknown element)
///    skips the constraint with a warning.
/// 5. `multiplier` is a decimal or a ratio `a:b`; `relation`, `constant` (`symbolic="YES"` changes
///    nothing: IB writes the standard spacing's value), `priority` (1000 when absent); `baseline`
///    is the last baseline.
/// 6. A constraint equal to one read before (items, attributes, relation, multiplier, constant and
///    priority) is dropped: UIKit would install both, to the same effect.
/// 7. As recorded only: a xib's top-level plain view that IB simulated as a whole screen of a
///    device without a notch (`<device>` `retina3_5`, `retina4_0`, `retina4_7` or `retina5_5` in
///    portrait, the view that screen's size, no freeform size, no status bar switched off) had a
///    status bar above it, so its `safeArea` guide's top was 20 points down: a constraint on that
///    top keeps the 20 points. At run time, inside a list, the guide is the view's edges (rule 4).
extension IBCellImporter {
    /// Reads the constraints of every holder by the rules above.
    mutating func readConstraints() throws(SpecError) {
        var seen: Set<CellSpec.ConstraintSpec> = []
        for (holder, holderID) in holders {
            guard let list = holder.child("constraints") else { continue }
            let installed = applyVariations(of: holder)
            for e in list.children("constraint") {
                if e.bool("placeholder") == true { continue }
                if let id = e.id, installed[id] == false { continue }
                guard var c = try readConstraint(e, holderID: holderID) else { continue }
                let location = c.location
                c.location = nil
                guard seen.insert(c).inserted else { continue }
                c.location = location
                constraints.append(c)
            }
        }
    }

    /// Rule 3: constraint id -> installed, for the ids a variation names.
    private mutating func applyVariations(of holder: IBElement) -> [String: Bool] {
        var installed: [String: Bool] = [:]
        let variations = holder.children("variation")
        func apply(_ variation: IBElement) {
            for mask in variation.children("mask") where mask["key"] == "constraints" {
                for change in mask.children {
                    guard let id = change["reference"] else { continue }
                    if change.name == "exclude" { installed[id] = false }
                    if change.name == "include" { installed[id] = true }
                }
            }
        }
        for v in variations where v["key"] == "default" { apply(v) }
        let portrait: Set<String> = ["widthClass=compact", "heightClass=regular"]
        let applying = variations.filter { v in
            guard let key = v["key"], key != "default" else { return false }
            let traits = Set(key.split(separator: "-").map(String.init))
            if traits.isSubset(of: portrait) { return true }
            warn("the size-class variation \"\(key)\" is not applied: the import lays cells out for compact width and regular height (an iPhone in portrait)", at: v)
            return false
        }
        // Less specific first, as UIKit resolves traits.
        for v in applying.sorted(by: { ($0["key"] ?? "").split(separator: "-").count < ($1["key"] ?? "").split(separator: "-").count }) { apply(v) }
        return installed
    }

    private mutating func readConstraint(_ e: IBElement, holderID: String) throws(SpecError) -> CellSpec.ConstraintSpec? {
        let location = e.location
        func fail(_ message: String) -> SpecError {
            SpecError(file: document.file, line: location.line, column: location.column, message: message)
        }
        let what = e.id.map { "<constraint id=\"\($0)\">" } ?? "<constraint>"
        guard let firstName = e["firstAttribute"] else { throw fail("\(what) has no firstAttribute") }
        guard let firstAttribute = Self.attribute(firstName) else { throw fail("\(what) has an unknown firstAttribute \"\(firstName)\"") }
        let first: CellSpec.ConstraintItem
        if let id = e["firstItem"] {
            guard let item = try item(id, e, "firstItem") else { return nil }
            first = item
        } else {
            first = .view(holderID)
        }
        var second: CellSpec.ConstraintItem?
        var secondAttribute = LayoutAttribute.notAnAttribute
        if let id = e["secondItem"] {
            guard let item = try item(id, e, "secondItem") else { return nil }
            second = item
            let name = e["secondAttribute"] ?? ""
            guard let a = Self.attribute(name) else { throw fail("\(what) has an unknown secondAttribute \"\(name)\"") }
            secondAttribute = a
        }
        let relation: LayoutRelation
        switch e["relation"] {
        case nil, "equal": relation = .equal
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case let other?: throw fail("\(what) has an unknown relation \"\(other)\"")
        }
        var multiplier: CGFloat = 1
        if let text = e["multiplier"] {
            guard let m = Self.multiplier(text) else { throw fail("\(what) has a multiplier that is not a number or a ratio a:b: \"\(text)\"") }
            multiplier = m
        }
        var constant = e.number("constant") ?? 0
        // Rule 7: IB's simulated status bar above a full-screen top-level view, as recorded.
        if let inset = simulatedSafeAreaTop, inset > 0 {
            if let id = e["firstItem"], guides[id] != nil, document.elementsByID[id]?["key"] == "safeArea", firstAttribute == .top { constant -= inset }
            if let id = e["secondItem"], guides[id] != nil, document.elementsByID[id]?["key"] == "safeArea", secondAttribute == .top { constant += multiplier * inset }
        }
        let priority = LayoutPriority(min(max(e.number("priority") ?? 1000, 1), 1000))
        return CellSpec.ConstraintSpec(first, firstAttribute, relation, second, secondAttribute, multiplier: multiplier,
                                       constant: constant, priority: priority, location: location)
    }

    /// Rule 4: the item an id names; nil (with a warning) for an element the import did not read.
    private mutating func item(_ id: String, _ e: IBElement, _ attribute: String) throws(SpecError) -> CellSpec.ConstraintItem? {
        if let specID = specIDs[id] { return .view(specID) }
        if let guide = guides[id] { return guide }
        let element = try document.element(withID: id, referencedBy: e, attribute: attribute)
        warn("a constraint names <\(element.name) id=\"\(id)\">, which is not a view of the cell the import read: the constraint is skipped", at: e)
        return nil
    }

    /// A multiplier: a decimal (`0.3053`) or a ratio (`24:23`, `4/3`), finite and not 0.
    static func multiplier(_ text: String) -> CGFloat? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == "/" }).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let value: Double?
        switch parts.count {
        case 1: value = parts[0]
        case 2: value = parts[0].flatMap { a in parts[1].flatMap { b in b == 0 ? nil : a / b } }
        default: value = nil
        }
        guard let value, value.isFinite, value != 0 else { return nil }
        return CGFloat(value)
    }

    /// An attribute by IB's name (`baseline` is the last baseline).
    static func attribute(_ name: String) -> LayoutAttribute? {
        switch name {
        case "left": .left
        case "right": .right
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        case "trailing": .trailing
        case "width": .width
        case "height": .height
        case "centerX": .centerX
        case "centerY": .centerY
        case "baseline", "lastBaseline": .lastBaseline
        case "firstBaseline": .firstBaseline
        case "leftMargin": .leftMargin
        case "rightMargin": .rightMargin
        case "topMargin": .topMargin
        case "bottomMargin": .bottomMargin
        case "leadingMargin": .leadingMargin
        case "trailingMargin": .trailingMargin
        case "centerXWithinMargins": .centerXWithinMargins
        case "centerYWithinMargins": .centerYWithinMargins
        default: nil
        }
    }
}

extension IBCellImporter {
    /// The screens of devices without a notch, by IB's `<device id>`: a status bar 20 points high.
    static let classicScreens: [String: CGSize] = [
        "retina3_5": CGSize(width: 320, height: 480), "retina4_0": CGSize(width: 320, height: 568),
        "retina4_7": CGSize(width: 375, height: 667), "retina5_5": CGSize(width: 414, height: 736),
    ]

    /// Rule 7: the top inset IB gave a top-level view's safe area, when imported as recorded.
    var simulatedSafeAreaTop: CGFloat? {
        guard options.asRecorded, cell.kind == .view, document.kind == .xib,
              cell.element.child("freeformSimulatedSizeMetrics", key: "simulatedDestinationMetrics") == nil,
              !cell.element.children("nil").contains(where: { $0["key"] == "simulatedStatusBarMetrics" }),
              let device = document.root.child("device"), device["orientation"] != "landscape",
              let screen = device["id"].flatMap({ Self.classicScreens[$0] }),
              cell.element.rect()?.size == screen else { return nil }
        return 20
    }
}
