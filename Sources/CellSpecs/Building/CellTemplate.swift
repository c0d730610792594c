import AutoLayout
import Foundation

/// A cell made from a ``CellSpec``: a content view with the spec's views and active constraints,
/// configured per row by binding `{field}`s to a data item. Configuring changes only texts,
/// image sizes and hidden flags, so the constraints stay installed and only constants and intrinsic
/// sizes change between rows.
public final class CellTemplate {
    public let spec: CellSpec
    public let contentView: View
    /// The views by id, `contentView` included.
    @exclusivity(unchecked) public private(set) var views: [String: View] = [:]
    /// The constraints made from the spec's, in its order, active; each carries its spec
    /// constraint's `LayoutConstraint.sourceLocation`.
    public private(set) var constraints: [LayoutConstraint] = []

    @exclusivity(unchecked) private var bindings: [Binding] = []
    /// Whether placeholder intrinsic sizes size plain views (design-time layout).
    private let usesPlaceholderIntrinsicSizes: Bool
    /// The recorded size of each view with a frame (and the content view's, from the spec's size):
    /// what a kept child's autoresizing mask resizes from.
    private var recordedSizes: [String: CGSize] = [:]

    /// A view bound to the data item. A class with a kind, not an enum with payloads, so that
    /// configuring a row reads each binding in place rather than copying its view and template.
    private final class Binding {
        enum Kind {
            case text(BindingTemplate)
            case buttonTitle(BindingTemplate)
            case textViewText(BindingTemplate)
            case imageSize(BindingTemplate, BindingTemplate, BindingTemplate?)
            case hidden(BindingTemplate, String)
        }
        let view: View
        let kind: Kind
        /// The view's id, for errors.
        let id: String

        init(_ view: View, _ kind: Kind, _ id: String) {
            self.view = view
            self.kind = kind
            self.id = id
        }
    }

    /// Builds the views and activates the constraints. The content view takes the spec's
    /// direction (``CellSpec/layoutDirection``, unless its semantic content attribute forces one)
    /// and each view its forced direction, so that leading and trailing resolve in it.
    /// - Parameter spec: the cell's views and constraints.
    /// - Parameter measurer: the text measurer of the labels, buttons, segmented controls and text
    ///   views (nil uses `Label.defaultMeasurer`).
    /// - Parameter usesPlaceholderIntrinsicSizes: whether plain views, labels, image views,
    ///   buttons and text views with a ``CellSpec/ViewSpec/placeholderIntrinsicSize`` get it as
    ///   their intrinsic size, as Interface Builder lays them out at design time; false (the default) is UIKit at run time, which
    ///   drops placeholders.
    /// - Throws: ``SpecError`` for views whose parent is unknown, views kept at their frames
    ///   without a frame (or, with a flexible autoresizing mask, without a recorded parent size to
    ///   resize from), and constraints that name unknown views or relate attributes that cannot be
    ///   related (at the constraint's location).
    public init(spec: CellSpec, measurer: (any TextMeasuring)? = nil, usesPlaceholderIntrinsicSizes: Bool = false) throws(SpecError) {
        self.spec = spec
        self.usesPlaceholderIntrinsicSizes = usesPlaceholderIntrinsicSizes
        contentView = View(identifier: "contentView")
        contentView.translatesAutoresizingMaskIntoConstraints = false
        if let m = spec.contentViewMargins { contentView.directionalLayoutMargins = m }
        contentView.backgroundColor = spec.contentViewBackground
        // The cell's direction: its forced attribute's, else the app's (see SemanticContentAttribute's rules).
        contentView.layoutDirection = spec.contentViewSemanticContentAttribute.forcedDirection ?? spec.layoutDirection
        views["contentView"] = contentView
        if let size = spec.size { recordedSizes["contentView"] = size }
        for v in spec.views { try makeView(v, measurer: measurer) }
        recordedSizes = [:]
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(spec.constraints.count)
        for c in spec.constraints { constraints.append(try makeConstraint(c)) }
        LayoutConstraint.activate(constraints)
        self.constraints = constraints
    }

    private func makeView(_ v: CellSpec.ViewSpec, measurer: (any TextMeasuring)?) throws(SpecError) {
        let view: View
        switch v.type {
        case .view:
            if usesPlaceholderIntrinsicSizes, let size = v.placeholderIntrinsicSize {
                view = PlaceholderView(identifier: v.id, placeholderSize: size)
            } else {
                view = View(identifier: v.id)
            }
        case .label:
            let label: Label
            if let size = placeholder(v) {
                let sized = PlaceholderLabel(identifier: v.id, text: "", font: v.font)
                sized.placeholderSize = size
                label = sized
            } else {
                label = Label(identifier: v.id, text: "", font: v.font)
            }
            label.measurer = measurer
            label.numberOfLines = v.numberOfLines
            label.lineBreakMode = v.lineBreakMode
            label.textAlignment = v.textAlignment
            label.lineHeight = v.lineHeight
            label.language = v.language
            label.textColor = v.textColor
            if let t = v.text {
                let template = BindingTemplate(t)
                if template.isConstant { label.text = t } else { bindings.append(Binding(label, .text(template), v.id)) }
            }
            view = label
        case .image:
            let image: ImageView
            if let size = placeholder(v) {
                let sized = PlaceholderImageView(identifier: v.id)
                sized.placeholderSize = size
                image = sized
            } else {
                image = ImageView(identifier: v.id)
            }
            if let w = v.imageWidth, let h = v.imageHeight {
                let (tw, th) = (BindingTemplate(w), BindingTemplate(h))
                let path = v.imagePath.map(BindingTemplate.init)
                if tw.isConstant && th.isConstant && path?.isConstant != false, let wn = Double(w), let hn = Double(h) {
                    image.image = Image(size: CGSize(width: wn, height: hn), path: v.imagePath)
                } else {
                    bindings.append(Binding(image, .imageSize(tw, th, path), v.id))
                }
            }
            view = image
        case .stack:
            let stack = StackView(identifier: v.id)
            stack.axis = v.axis
            stack.spacing = v.spacing
            stack.alignment = v.alignment
            stack.distribution = v.distribution
            stack.isLayoutMarginsRelativeArrangement = v.layoutMarginsRelativeArrangement
            view = stack
        case .button, .switch, .activityIndicator, .segmentedControl, .slider, .progressView, .textView:
            view = makeControl(v, measurer: measurer)
        }
        if let l = view as? Label { l.preferredMaxLayoutWidth = v.preferredMaxLayoutWidth }
        try place(view, v)
        if let p = v.hugging.horizontal { view.setContentHuggingPriority(p, for: .horizontal) }
        if let p = v.hugging.vertical { view.setContentHuggingPriority(p, for: .vertical) }
        if let p = v.compressionResistance.horizontal { view.setContentCompressionResistancePriority(p, for: .horizontal) }
        if let p = v.compressionResistance.vertical { view.setContentCompressionResistancePriority(p, for: .vertical) }
        if let m = v.layoutMargins { view.directionalLayoutMargins = m }
        view.backgroundColor = v.backgroundColor
        // Nil (not forced) inherits the parent's direction.
        view.layoutDirection = v.semanticContentAttribute.forcedDirection
        if let h = v.hidden {
            if h == "true" { view.isHidden = true } else if h != "false" { bindings.append(Binding(view, .hidden(BindingTemplate(h), h), v.id)) }
        }
        guard let parent = views[v.parent] else {
            throw SpecError(file: spec.file, line: v.location.line, column: v.location.column,
                            message: "unknown parent '\(v.parent)'; a parent comes before its children")
        }
        if let stack = parent as? StackView { stack.addArrangedSubview(view) } else { parent.addSubview(view) }
        views[v.id] = view
    }

    /// Binds a data item: label texts, image sizes and hidden flags take its fields; `{row}` is
    /// the 1-based row.
    /// - Throws: ``BindingError`` naming the view and the field it could not bind.
    public func configure(with item: DataItem, row: Int) throws(BindingError) {
        for b in bindings {
            let id = b.id
            switch b.kind {
            case let .text(template):
                // The view was made a label with this binding.
                unsafeDowncast(b.view, to: Label.self).text = try template.render(item, row: row, viewID: id)
            case let .imageSize(w, h, pathTemplate):
                let image = unsafeDowncast(b.view, to: ImageView.self)
                // A null size is no image (no intrinsic size); a number, zero included, is an image
                // of that size, drawn from its path when one binds.
                if isNull(w, item, row) || isNull(h, item, row) {
                    image.image = nil
                } else {
                    let width = try number(w, item, row, id), height = try number(h, item, row, id)
                    let path = try pathTemplate.map { t throws(BindingError) in try t.render(item, row: row, viewID: id) }
                    image.image = Image(size: CGSize(width: width, height: height), path: path?.isEmpty == false ? path : nil)
                }
            case let .buttonTitle(template):
                unsafeDowncast(b.view, to: Button.self).title = try template.render(item, row: row, viewID: id)
            case let .textViewText(template):
                unsafeDowncast(b.view, to: TextView.self).text = try template.render(item, row: row, viewID: id)
            case let .hidden(template, field):
                let view = b.view
                guard let name = template.soleField, let v = template.value(name, in: item, row: row) else {
                    throw BindingError(field: template.soleField ?? field, viewID: id, message: "the data item has no field")
                }
                guard let hidden = v.flag else {
                    throw BindingError(field: name, viewID: id, message: "\(DataValue.flagRule), got \(v.described), in")
                }
                view.isHidden = hidden
            }
        }
    }

    /// The view's placeholder intrinsic size when the template uses them (design-time layout).
    private func placeholder(_ v: CellSpec.ViewSpec) -> CGSize? {
        usesPlaceholderIntrinsicSizes ? v.placeholderIntrinsicSize : nil
    }

    /// A control of the spec's control kinds, with its spec's properties.
    private func makeControl(_ v: CellSpec.ViewSpec, measurer: (any TextMeasuring)?) -> View {
        switch v.type {
        case .button:
            let button: Button
            if let size = placeholder(v) {
                let sized = PlaceholderButton(identifier: v.id, font: v.font)
                sized.placeholderSize = size
                button = sized
            } else {
                button = Button(identifier: v.id, font: v.font)
            }
            button.measurer = measurer
            if let insets = v.contentInsets { button.contentInsets = insets }
            if let t = v.title {
                let template = BindingTemplate(t)
                if template.isConstant { button.title = t } else { bindings.append(Binding(button, .buttonTitle(template), v.id)) }
            }
            return button
        case .switch:
            return Switch(identifier: v.id)
        case .activityIndicator:
            return ActivityIndicatorView(identifier: v.id, style: v.indicatorStyle)
        case .segmentedControl:
            let control = SegmentedControl(identifier: v.id, titles: v.titles)
            control.measurer = measurer
            return control
        case .slider:
            return Slider(identifier: v.id)
        case .progressView:
            return ProgressView(identifier: v.id)
        default:
            let textView: TextView
            if let size = placeholder(v) {
                let sized = PlaceholderTextView(identifier: v.id, font: v.font)
                sized.placeholderSize = size
                textView = sized
            } else {
                textView = TextView(identifier: v.id, font: v.font)
            }
            textView.measurer = measurer
            textView.lineHeight = v.lineHeight
            textView.language = v.language
            textView.textAlignment = v.textAlignment
            textView.textColor = v.textColor
            textView.isScrollEnabled = v.isScrollEnabled
            if let t = v.text {
                let template = BindingTemplate(t)
                if template.isConstant { textView.text = t } else { bindings.append(Binding(textView, .textViewText(template), v.id)) }
            }
            return textView
        }
    }

    /// The view's geometry: placed by constraints, or kept at its frame following its parent's
    /// recorded size through its autoresizing mask; margin options.
    private func place(_ view: View, _ v: CellSpec.ViewSpec) throws(SpecError) {
        if let f = v.frame {
            view.frame = f
            recordedSizes[v.id] = f.size
        }
        if v.translatesAutoresizingMaskIntoConstraints {
            guard v.frame != nil else {
                throw SpecError(file: spec.file, line: v.location.line, column: v.location.column,
                                message: "the view '\(v.id)' keeps its frame (translatesAutoresizingMaskIntoConstraints) but has no frame")
            }
            view.autoresizingMask = v.autoresizingMask
            let moves: AutoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleTopMargin, .flexibleHeight]
            if !v.autoresizingMask.isDisjoint(with: moves) {
                guard let reference = recordedSizes[v.parent] else {
                    throw SpecError(file: spec.file, line: v.location.line, column: v.location.column,
                                    message: "the view '\(v.id)' follows its parent's size (autoresizingMask) but the parent "
                                        + "'\(v.parent)' has no recorded size: give it a frame (the content view: the spec a size)")
                }
                view.autoresizingReferenceSize = reference
            }
        } else {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        view.preservesSuperviewLayoutMargins = v.preservesSuperviewLayoutMargins
        view.insetsLayoutMarginsFromSafeArea = v.insetsLayoutMarginsFromSafeArea
    }

    private func isNull(_ t: BindingTemplate, _ item: DataItem, _ row: Int) -> Bool {
        guard let field = t.soleField, let v = t.value(field, in: item, row: row) else { return false }
        return v == .null
    }

    private func number(_ t: BindingTemplate, _ item: DataItem, _ row: Int, _ id: String) throws(BindingError) -> CGFloat {
        if t.isConstant, case let .literal(s)? = t.parts.first, let n = Double(s) { return CGFloat(n) }
        guard let field = t.soleField else { return 0 }
        guard let v = t.value(field, in: item, row: row) else {
            throw BindingError(field: field, viewID: id, message: "the data item has no field")
        }
        if case .null = v { return 0 }
        // The spec's rule for the same quantity (an image's side): ``SpecLimits/length``.
        guard let n = v.number, n.isFinite, SpecLimits.length.contains(CGFloat(n)) else {
            throw BindingError(field: field, viewID: id,
                               message: "expected a number \(SpecLimits.describe(SpecLimits.length)), got \(v.described), in")
        }
        return CGFloat(n)
    }

    /// The cell's size at a width, as UITableView fits self-sizing cells: width at `.required`,
    /// height as small as the constraints allow (`.fittingSizeLevel` toward 0).
    public func fittingSize(width: CGFloat) -> CGSize {
        contentView.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
    }

    /// Lays the cell out at a size and sets every view's frame.
    public func layout(size: CGSize) {
        contentView.layOutAsRoot(size: size)
    }
}
