import AutoLayout
import Foundation
import Yams

// The view kinds and keys beyond views, labels, images and stacks: UIKit's controls and text views,
// and the geometry of views kept at their frames (Interface Builder's cells hold both).

extension SpecReader {
    /// The view types by their names in a spec.
    static let viewTypes: [String: CellSpec.ViewType] = Dictionary(uniqueKeysWithValues: CellSpec.ViewType.allCases.map { ($0.rawValue, $0) })

    /// The keys every view may have for its geometry.
    static let geometryKeys: Set<String> = ["frame", "translatesAutoresizingMaskIntoConstraints", "autoresizingMask",
                                            "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea",
                                            "placeholderIntrinsicSize"]

    /// The keys of the controls and text views.
    static let controlKeys: [CellSpec.ViewType: Set<String>] = [
        .button: ["title", "font", "contentInsets", "configuration"],
        .switch: [],
        .activityIndicator: ["style"],
        .segmentedControl: ["titles"],
        .slider: [],
        .progressView: [],
        .textView: ["text", "font", "textColor", "textAlignment", "lineHeight", "language", "scrollEnabled"],
    ]

    /// The autoresizing mask's options by name (UIView.AutoresizingMask's).
    static let autoresizingOptions: [String: AutoresizingMask] = [
        "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth, "flexibleRightMargin": .flexibleRightMargin,
        "flexibleTopMargin": .flexibleTopMargin, "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
    ]

    /// Reads the geometry keys of a view: `frame`, `translatesAutoresizingMaskIntoConstraints`
    /// (true needs a frame), `autoresizingMask` (needs the view kept at its frame), the margin
    /// options and `placeholderIntrinsicSize`.
    func readGeometry(_ m: SpecMap, into v: inout CellSpec.ViewSpec) throws(SpecError) {
        if let n = m["frame"] { v.frame = try frame(n) }
        if let n = m["translatesAutoresizingMaskIntoConstraints"] {
            v.translatesAutoresizingMaskIntoConstraints = try bool(n, "true or false")
            if v.translatesAutoresizingMaskIntoConstraints, v.frame == nil {
                throw error(n, "a view kept at its frame (translatesAutoresizingMaskIntoConstraints: true) needs a frame: [x, y, width, height]")
            }
        }
        if let n = m["autoresizingMask"] {
            guard v.translatesAutoresizingMaskIntoConstraints else {
                throw error(n, "an autoresizingMask applies only to a view kept at its frame (translatesAutoresizingMaskIntoConstraints: true)")
            }
            var mask: AutoresizingMask = []
            for item in try sequence(n, "the autoresizing mask: a list such as [flexibleWidth, flexibleHeight]") {
                mask.insert(try choice(item, SpecReader.autoresizingOptions, "autoresizing option"))
            }
            v.autoresizingMask = mask
        }
        if let n = m["preservesSuperviewLayoutMargins"] { v.preservesSuperviewLayoutMargins = try bool(n, "true or false") }
        if let n = m["insetsLayoutMarginsFromSafeArea"] { v.insetsLayoutMarginsFromSafeArea = try bool(n, "true or false") }
        if let n = m["placeholderIntrinsicSize"] { v.placeholderIntrinsicSize = try placeholderSize(n) }
    }

    /// `[x, y, width, height]`, the sizes 0 or more.
    func frame(_ node: Node) throws(SpecError) -> CGRect {
        guard let s = node.sequence, s.count == 4 else { throw error(node, "expected a frame: [x, y, width, height]") }
        let v = try s.map { n throws(SpecError) in try number(n, "a number") }
        for (i, n) in zip(2..., s.dropFirst(2)) where v[i] < 0 { throw error(n, "expected a size of 0 or more, got \(v[i])") }
        for (i, n) in zip(0..., s) {
            _ = try check(v[i], n, i < 2 ? "a position" : "a size", in: i < 2 ? SpecLimits.offset : SpecLimits.length)
        }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `[width, height]`, each 0 or more or `none` (no intrinsic size on that axis).
    func placeholderSize(_ node: Node) throws(SpecError) -> CGSize {
        guard let s = node.sequence, s.count == 2 else { throw error(node, "expected a placeholder intrinsic size: [width, height]") }
        let sides = try s.map { n throws(SpecError) -> CGFloat in
            if n.string == "none" { return CGSize.noIntrinsicMetric }
            let v = try number(n, "a number or none")
            guard v >= 0 else { throw error(n, "expected a size of 0 or more, or none; got \(v)") }
            return try check(v, n, "a size", in: SpecLimits.length)
        }
        return CGSize(width: sides[0], height: sides[1])
    }

    /// The keys of a control or text view.
    func readControl(_ m: SpecMap, into v: inout CellSpec.ViewSpec) throws(SpecError) {
        switch v.type {
        case .button:
            if let n = m["title"] { v.title = try string(n, "the button's title") }
            // A configuration-based button's defaults (Button's rule 5); the keys below override them.
            if let n = m["configuration"], try bool(n, "true or false") {
                v.font = Button.configurationFont
                v.contentInsets = Button.configurationContentInsets
            }
            if let n = m["font"] { v.font = try font(n) }
            if let n = m["contentInsets"] { v.contentInsets = try margins(n) }
        case .activityIndicator:
            if let n = m["style"] {
                v.indicatorStyle = try choice(n, ["medium": .medium, "large": .large, "gray": .medium, "white": .medium,
                                                  "whiteLarge": .large], "activity indicator style")
            }
        case .segmentedControl:
            if let n = m["titles"] {
                v.titles = try sequence(n, "the segments' titles").map { t throws(SpecError) in try string(t, "a segment title") }
            }
        case .textView:
            if let n = m["text"] { v.text = try string(n, "the text view's text") }
            if let n = m["font"] { v.font = try font(n) }
            if let n = m["textColor"] { v.textColor = try color(n) }
            if let n = m["textAlignment"] {
                v.textAlignment = try choice(n, ["natural": .natural, "left": .left, "center": .center, "right": .right,
                                                 "justified": .justified], "text alignment")
            }
            if let n = m["lineHeight"] { v.lineHeight = try lineHeight(n) }
            if let n = m["language"] { v.language = try string(n, "a BCP-47 language tag") }
            if let n = m["scrollEnabled"] { v.isScrollEnabled = try bool(n, "true or false") }
        default:
            break
        }
    }
}
