import AutoLayout
import Foundation

extension IBCellImporter {
    /// The spec kind of each element name the import knows.
    static let viewKinds: [String: CellSpec.ViewType] = [
        "view": .view, "label": .label, "imageView": .image, "button": .button, "stackView": .stack,
        "textView": .textView, "switch": .switch, "activityIndicatorView": .activityIndicator,
        "segmentedControl": .segmentedControl, "slider": .slider, "progressView": .progressView,
    ]

    /// Reads the content view's subviews, depth first, each after its parent.
    mutating func readViews() throws(SpecError) {
        var stack: [(element: IBElement, parent: String, origin: CGPoint)] =
            (contentElement.child("subviews")?.children ?? []).reversed().map { ($0, "contentView", .zero) }
        while let (element, parent, origin) = stack.popLast() {
            let id = readView(element, parent: parent, origin: origin)
            guard let id, Self.viewKinds[element.name] != nil else { continue }
            let frame = recordedFrames[id] ?? CGRect(origin: origin, size: .zero)
            for child in (element.child("subviews")?.children ?? []).reversed() {
                stack.append((child, id, frame.origin))
            }
        }
    }

    /// One view; returns its spec id (nil for an element that is not a view: a comment's kin).
    private mutating func readView(_ e: IBElement, parent: String, origin: CGPoint) -> String? {
        let known = Self.viewKinds[e.name]
        var v = CellSpec.ViewSpec(id: makeSpecID(for: e), type: known ?? .view, parent: parent,
                                  location: CellSpec.Location(line: e.location.line, column: e.location.column))
        let frame = e.rect()
        v.frame = frame
        if let frame { recordedFrames[v.id] = frame.offsetBy(dx: origin.x, dy: origin.y) }
        readGuides(of: e, as: v.id)
        holders.append((e, v.id))
        readGeometry(e, into: &v)
        v.semanticContentAttribute = semanticContentAttribute(of: e)
        if known == nil {
            let size = frame?.size ?? .zero
            warn("<\(e.name) id=\"\(ibIDs[v.id] ?? v.id)\"> is not a view kind the import knows: a plain view of its recorded size, \(Self.short(size.width)) x \(Self.short(size.height))", at: e)
            let p = v.compressionResistance.horizontal ?? .defaultHigh, q = v.compressionResistance.vertical ?? .defaultHigh
            let location = e.location
            constraints.append(CellSpec.ConstraintSpec(.view(v.id), .width, constant: size.width, priority: p, location: location))
            constraints.append(CellSpec.ConstraintSpec(.view(v.id), .height, constant: size.height, priority: q, location: location))
            views.append(v)
            return v.id
        }
        switch v.type {
        case .label: readLabel(e, into: &v)
        case .textView:
            readText(e, into: &v)
            v.textAlignment = Self.textAlignment(e["textAlignment"]) ?? v.textAlignment
            v.isScrollEnabled = e.bool("scrollEnabled") ?? true
        case .image:
            if let name = e["image"], let size = document.imageSizes[name] {
                v.imageWidth = Self.n(size.width)
                v.imageHeight = Self.n(size.height)
            }
        case .button: readButton(e, into: &v)
        case .stack: readStack(e, into: &v)
        case .segmentedControl:
            v.titles = (e.child("segments")?.children("segment") ?? []).map { $0["title"] ?? "" }
        case .activityIndicator:
            v.indicatorStyle = ["large", "whiteLarge"].contains(e["style"] ?? "") ? .large : .medium
        default: break
        }
        if options.asRecorded, let frame, [.label, .image, .button, .textView].contains(v.type) {
            v.placeholderIntrinsicSize = frame.size
        }
        views.append(v)
        return v.id
    }

    /// What every view has: hidden, priorities, frame keeping, margins, placeholder sizes.
    private func readGeometry(_ e: IBElement, into v: inout CellSpec.ViewSpec) {
        if e.bool("hidden") == true { v.hidden = "true" }
        v.backgroundColor = color("backgroundColor", of: e)
        func priority(_ name: String) -> LayoutPriority? {
            e.number(name).map { LayoutPriority(min(max($0, 1), 1000)) }
        }
        v.hugging = (priority("horizontalHuggingPriority"), priority("verticalHuggingPriority"))
        v.compressionResistance = (priority("horizontalCompressionResistancePriority"), priority("verticalCompressionResistancePriority"))
        // Arranged subviews never keep their frames: the stack places them.
        let arranged = views.last { $0.id == v.parent }?.type == .stack
        if e.bool("translatesAutoresizingMaskIntoConstraints") != false && !arranged && v.frame != nil {
            v.translatesAutoresizingMaskIntoConstraints = true
            v.autoresizingMask = Self.autoresizingMask(e.child("autoresizingMask", key: "autoresizingMask"))
        }
        v.layoutMargins = Self.margins(of: e)
        v.preservesSuperviewLayoutMargins = e.bool("preservesSuperviewLayoutMargins") ?? false
        v.insetsLayoutMarginsFromSafeArea = e.bool("insetsLayoutMarginsFromSafeArea") ?? true
        let w = Self.placeholder(e["placeholderIntrinsicWidth"]), h = Self.placeholder(e["placeholderIntrinsicHeight"])
        if w != nil || h != nil {
            v.placeholderIntrinsicSize = CGSize(width: w ?? CGSize.noIntrinsicMetric, height: h ?? CGSize.noIntrinsicMetric)
        }
    }

    private mutating func readLabel(_ e: IBElement, into v: inout CellSpec.ViewSpec) {
        readText(e, into: &v)
        // Clamped: any number must read without trapping (a negative one is UIKit's 0, no limit).
        v.numberOfLines = e.number("numberOfLines").map { Int(min(max($0, 0), 1_000_000)) } ?? 1
        v.lineBreakMode = Self.lineBreakMode(e["lineBreakMode"]) ?? v.lineBreakMode
        v.textAlignment = Self.textAlignment(e["textAlignment"]) ?? v.textAlignment
        v.preferredMaxLayoutWidth = max(e.number("preferredMaxLayoutWidth") ?? 0, 0)
    }

    /// Text from the `text` attribute, a `<string key="text">` (`<mutableString>` in files where
    /// the text was typed in the inspector's multi-line field), or an attributed string's
    /// fragments (joined; the first fragment's font and alignment stand for all); the font from the
    /// `<fontDescription>` through the options' resolver.
    private mutating func readText(_ e: IBElement, into v: inout CellSpec.ViewSpec) {
        if let t = e["text"] {
            v.text = t
        } else if let s = e.child("string", key: "text") ?? e.child("mutableString", key: "text") {
            v.text = s.text
        } else if let a = e.child("attributedString", key: "attributedText") {
            let fragments = a.children("fragment")
            v.text = fragments.map { $0["content"] ?? ($0.child("string", key: "content") ?? $0.child("mutableString", key: "content"))?.text ?? "" }.joined()
            let attributes = fragments.first?.child("attributes")
            if let font = attributes?.child("font", key: "NSFont") {
                var description: [String: String] = ["pointSize": font["size"] ?? "17"]
                if let name = font["name"] {
                    description["name"] = name
                } else {
                    description["type"] = ["systemBold": "boldSystem", "boldSystem": "boldSystem", "italicSystem": "italicSystem"][font["metaFont"] ?? ""] ?? "system"
                }
                v.font = resolveFont(description, at: font)
            }
            if let alignment = Self.textAlignment(attributes?.child("paragraphStyle", key: "NSParagraphStyle")?["alignment"]) {
                v.textAlignment = alignment
            }
        }
        if let description = e.child("fontDescription", key: "fontDescription") {
            v.font = resolveFont(description.attributes.filter { $0.key != "key" }, at: description)
        }
        if let textColor = color("textColor", of: e) { v.textColor = textColor }
    }

    mutating func resolveFont(_ attributes: [String: String], at element: IBElement) -> Font {
        let (font, warning) = options.fonts.font(forDescription: attributes)
        if let warning { warn(warning, at: element) }
        return font
    }

    /// A button's title (classic `<state key="normal">`, else its configuration's) and insets: a
    /// configuration button gets UIButton.Configuration's 7 above and below and 12 at the sides
    /// and a 17-point title; a classic one its `contentEdgeInsets`, else UIKit's 6 above and below.
    private mutating func readButton(_ e: IBElement, into v: inout CellSpec.ViewSpec) {
        if let configuration = e.child("buttonConfiguration", key: "configuration") {
            v.title = configuration["title"] ?? e.child("state", key: "normal")?["title"]
            v.contentInsets = DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            v.font = Font(family: BasicInterfaceBuilderFonts.systemFamily, size: 17)
        } else {
            v.title = e.child("state", key: "normal")?["title"]
            if let i = e.child("inset", key: "contentEdgeInsets") {
                v.contentInsets = DirectionalEdgeInsets(top: i.number("minY") ?? 0, leading: i.number("minX") ?? 0,
                                                        bottom: i.number("maxY") ?? 0, trailing: i.number("maxX") ?? 0)
            }
        }
        if let description = e.child("fontDescription", key: "fontDescription") {
            v.font = resolveFont(description.attributes.filter { $0.key != "key" }, at: description)
        }
    }

    /// A stack view: `axis` (horizontal when absent), `distribution`, `alignment` (`top` is leading,
    /// `bottom` trailing, `baseline` last baseline), `spacing` or `spacingType="standard"`,
    /// `layoutMarginsRelativeArrangement`; `baselineRelativeArrangement` changes nothing here.
    private func readStack(_ e: IBElement, into v: inout CellSpec.ViewSpec) {
        v.axis = e["axis"] == "vertical" ? .vertical : .horizontal
        v.distribution = switch e["distribution"] {
        case "fillEqually": .fillEqually
        case "fillProportionally": .fillProportionally
        case "equalSpacing": .equalSpacing
        case "equalCentering": .equalCentering
        default: .fill
        }
        v.alignment = switch e["alignment"] {
        case "top", "leading": .leading
        case "bottom", "trailing": .trailing
        case "center": .center
        case "firstBaseline": .firstBaseline
        case "baseline", "lastBaseline": .lastBaseline
        default: .fill
        }
        v.spacing = e["spacingType"] == "standard" ? StackView.spacingUseSystem : (e.number("spacing") ?? 0)
        v.layoutMarginsRelativeArrangement = e.bool("layoutMarginsRelativeArrangement") ?? false
    }

    static func lineBreakMode(_ name: String?) -> LineBreakMode? {
        switch name {
        case "wordWrap": .byWordWrapping
        case "characterWrap": .byCharWrapping
        case "clip": .byClipping
        case "headTruncation": .byTruncatingHead
        case "tailTruncation": .byTruncatingTail
        case "middleTruncation": .byTruncatingMiddle
        default: nil
        }
    }

    static func textAlignment(_ name: String?) -> TextAlignment? {
        switch name {
        case "natural": .natural
        case "left": .left
        case "center": .center
        case "right": .right
        case "justified": .justified
        default: nil
        }
    }

    /// IB's `<autoresizingMask>` flags as AutoLayout's mask (UIKit's bits).
    static func autoresizingMask(_ e: IBElement?) -> AutoresizingMask {
        guard let e else { return [] }
        var mask: AutoresizingMask = []
        let flags: [(String, AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        for (name, flag) in flags where e.bool(name) == true { mask.insert(flag) }
        return mask
    }

    /// A placeholder intrinsic size side: a number, or `infinite` for none.
    static func placeholder(_ text: String?) -> CGFloat? {
        guard let text else { return nil }
        if text == "infinite" { return CGSize.noIntrinsicMetric }
        guard let x = Double(text), x.isFinite, x >= 0 else { return nil }
        return CGFloat(x)
    }

    /// A number for a message: at most two decimals.
    static func short(_ x: CGFloat) -> String {
        let rounded = (x * 100).rounded() / 100
        return n(rounded)
    }

    /// A number as text, without a needless ".0".
    static func n(_ x: CGFloat) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(Double(x))"
    }
}
