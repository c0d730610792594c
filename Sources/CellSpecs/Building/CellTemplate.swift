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

    /// A view bound to the data item. A class with a kind, not an enum with payloads, so that
    /// configuring a row reads each binding in place rather than copying its view and template.
    private final class Binding {
        enum Kind {
            case text(BindingTemplate)
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

    /// Builds the views and activates the constraints.
    /// - Parameter spec: the cell's views and constraints.
    /// - Parameter measurer: the text measurer of the labels (nil uses `Label.defaultMeasurer`).
    /// - Throws: ``SpecError`` for views whose parent is unknown, and constraints that name unknown
    ///   views or relate attributes that cannot be related (at the constraint's location).
    public init(spec: CellSpec, measurer: (any TextMeasuring)? = nil) throws(SpecError) {
        self.spec = spec
        contentView = View(identifier: "contentView")
        contentView.translatesAutoresizingMaskIntoConstraints = false
        if let m = spec.contentViewMargins { contentView.directionalLayoutMargins = m }
        contentView.backgroundColor = spec.contentViewBackground
        views["contentView"] = contentView
        for v in spec.views { try makeView(v, measurer: measurer) }
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
            view = View(identifier: v.id)
        case .label:
            let label = Label(identifier: v.id, text: "", font: v.font)
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
            let image = ImageView(identifier: v.id)
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
            view = stack
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        if let p = v.hugging.horizontal { view.setContentHuggingPriority(p, for: .horizontal) }
        if let p = v.hugging.vertical { view.setContentHuggingPriority(p, for: .vertical) }
        if let p = v.compressionResistance.horizontal { view.setContentCompressionResistancePriority(p, for: .horizontal) }
        if let p = v.compressionResistance.vertical { view.setContentCompressionResistancePriority(p, for: .vertical) }
        if let m = v.layoutMargins { view.directionalLayoutMargins = m }
        view.backgroundColor = v.backgroundColor
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
            case let .hidden(template, field):
                let view = b.view
                guard let name = template.soleField, let v = template.value(name, in: item, row: row) else {
                    throw BindingError(field: template.soleField ?? field, viewID: id, message: "the data item has no field")
                }
                view.isHidden = v.isTruthy
            }
        }
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
        guard let n = v.number, n.isFinite, n >= 0 else {
            throw BindingError(field: field, viewID: id, message: "expected a non-negative number in")
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
