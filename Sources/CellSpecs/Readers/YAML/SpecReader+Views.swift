import AutoLayout
import Foundation
import Yams

extension SpecReader {
    static let commonKeys: Set<String> = Set(["id", "type", "parent", "hugging", "compressionResistance", "layoutMargins", "hidden",
                                              "backgroundColor", "semanticContentAttribute"]).union(geometryKeys)
    static let keysByType: [CellSpec.ViewType: Set<String>] = [
        .view: [],
        .label: ["text", "font", "numberOfLines", "lineBreakMode", "textAlignment", "lineHeight", "language", "textColor",
                 "preferredMaxLayoutWidth"],
        .image: ["size", "path"],
        .stack: ["axis", "spacing", "alignment", "distribution", "layoutMarginsRelativeArrangement"],
    ].merging(controlKeys) { a, _ in a }
    /// The keys a view of each type may have.
    static let allowedKeys: [CellSpec.ViewType: Set<String>] = keysByType.mapValues { commonKeys.union($0) }

    /// A colour: "#RRGGBB" or "#RRGGBBAA".
    func color(_ node: Node) throws(SpecError) -> Color {
        let text = try string(node, "a colour")
        guard let c = Color(hexString: text) else { throw error(node, "expected a colour as \"#RRGGBB\" or \"#RRGGBBAA\", got '\(text)'") }
        return c
    }

    /// A view; `known` has the ids read so far (and `contentView`), as keys.
    func viewSpec(_ node: Node, known: [String: String]) throws(SpecError) -> CellSpec.ViewSpec {
        let m = try mapping(node, "a view")
        guard let idNode = m["id"] else { throw error(node, "a view needs an 'id'") }
        let id = try string(idNode, "a view id")
        guard SpecReader.isIdentifier(id) else {
            throw error(idNode, "a view id is letters, digits and '_', starting with a letter; got '\(id)'")
        }
        guard id != "contentView", id != "superview", known[id] == nil else {
            throw error(idNode, "the view id '\(id)' is taken")
        }
        var type = CellSpec.ViewType.view
        if let t = m["type"] {
            type = try choice(t, SpecReader.viewTypes, "view type")
        }
        try allowOnly(SpecReader.allowedKeys[type]!, in: m)
        var parent = "contentView"
        if let p = m["parent"] {
            parent = try string(p, "a parent view id")
            guard known[parent] != nil else { throw error(p, "unknown parent '\(parent)'; a parent comes before its children") }
        }
        var v = CellSpec.ViewSpec(id: id, type: type, parent: parent, location: location(node))
        if let n = m["hugging"] { v.hugging = try axisPriorities(n, "hugging") }
        if let n = m["compressionResistance"] { v.compressionResistance = try axisPriorities(n, "compressionResistance") }
        if let n = m["layoutMargins"] { v.layoutMargins = try margins(n) }
        if let n = m["backgroundColor"] { v.backgroundColor = try color(n) }
        if let n = m["semanticContentAttribute"] { v.semanticContentAttribute = try semanticContentAttribute(n) }
        try readGeometry(m, into: &v)
        if let n = m["hidden"] {
            if let b = n.bool { v.hidden = b ? "true" : "false" } else {
                let s = try string(n, "true, false or a {field} binding")
                guard BindingTemplate(s).soleField != nil else { throw error(n, "expected true, false or a {field} binding") }
                v.hidden = s
            }
        }
        switch type {
        case .view:
            break
        case .label:
            if let n = m["text"] { v.text = try string(n, "the label's text") }
            if let n = m["font"] { v.font = try font(n) }
            if let n = m["textColor"] { v.textColor = try color(n) }
            if let n = m["numberOfLines"] { v.numberOfLines = try integer(n, "a number of lines (0 for no limit)") }
            if let n = m["lineBreakMode"] {
                v.lineBreakMode = try choice(n, ["byWordWrapping": .byWordWrapping, "byCharWrapping": .byCharWrapping,
                                                 "byClipping": .byClipping, "byTruncatingHead": .byTruncatingHead,
                                                 "byTruncatingTail": .byTruncatingTail, "byTruncatingMiddle": .byTruncatingMiddle],
                                             "line break mode")
            }
            if let n = m["textAlignment"] {
                v.textAlignment = try choice(n, ["natural": .natural, "left": .left, "center": .center, "right": .right,
                                                 "justified": .justified], "text alignment")
            }
            if let n = m["lineHeight"] { v.lineHeight = try lineHeight(n) }
            if let n = m["language"] { v.language = try string(n, "a BCP-47 language tag") }
            if let n = m["preferredMaxLayoutWidth"] {
                let width = try number(n, "a preferred maximum layout width (0: layout decides)")
                guard width >= 0 else { throw error(n, "expected a width of 0 or more") }
                v.preferredMaxLayoutWidth = try check(width, n, "a preferred maximum layout width", in: SpecLimits.length)
            }
        case .image:
            if let n = m["size"] {
                if let s = n.sequence {
                    guard s.count == 2 else { throw error(n, "expected [width, height]") }
                    v.imageWidth = try numberOrBinding(s[s.startIndex], "a width", in: SpecLimits.length)
                    v.imageHeight = try numberOrBinding(s[s.index(after: s.startIndex)], "a height", in: SpecLimits.length)
                } else {
                    let sm = try mapping(n, "size: [width, height] or {width, height}")
                    try allowOnly(["width", "height"], in: sm)
                    guard let w = sm["width"], let h = sm["height"] else { throw error(n, "expected both width and height") }
                    v.imageWidth = try numberOrBinding(w, "a width", in: SpecLimits.length)
                    v.imageHeight = try numberOrBinding(h, "a height", in: SpecLimits.length)
                }
            }
            if let n = m["path"] { v.imagePath = try string(n, "an image path") }
        case .stack:
            if let n = m["axis"] { v.axis = try choice(n, ["horizontal": .horizontal, "vertical": .vertical], "axis") }
            if let n = m["spacing"] {
                v.spacing = n.string == "standard" ? StackView.spacingUseSystem : try check(try number(n, "a spacing: a number or standard"), n, "a spacing", in: SpecLimits.spacing)
            }
            if let n = m["layoutMarginsRelativeArrangement"] { v.layoutMarginsRelativeArrangement = try bool(n, "true or false") }
            if let n = m["alignment"] {
                v.alignment = try choice(n, ["fill": .fill, "leading": .leading, "top": .leading, "center": .center,
                                             "trailing": .trailing, "bottom": .trailing, "firstBaseline": .firstBaseline,
                                             "lastBaseline": .lastBaseline], "stack alignment")
            }
            if let n = m["distribution"] {
                v.distribution = try choice(n, ["fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
                                                "equalSpacing": .equalSpacing, "equalCentering": .equalCentering],
                                            "stack distribution")
            }
        case .button, .switch, .activityIndicator, .segmentedControl, .slider, .progressView, .textView:
            try readControl(m, into: &v)
        }
        return v
    }
}
