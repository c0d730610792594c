import Foundation

/// A view that lines up its arranged subviews along an axis and makes the constraints for it, as
/// UIStackView: spacing between neighbours, a distribution along the axis, an alignment across
/// it. Hidden arranged subviews collapse: they take no room and no spacing.
open class StackView: View {
    public enum Alignment: Sendable, Hashable {
        case fill, leading, center, trailing, firstBaseline, lastBaseline
    }

    public enum Distribution: Sendable, Hashable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public private(set) var arrangedSubviews: [View] = []
    public var axis: LayoutAxis = .horizontal { didSet { if axis != oldValue { setNeedsArrangement() } } }
    /// The spacing between neighbours; ``StackView/spacingUseSystem`` for the system spacing.
    public var spacing: CGFloat = 0 { didSet { if spacing != oldValue { setNeedsArrangement() } } }
    /// Whether the arrangement fits inside the stack's layout margins rather than its edges, as
    /// UIStackView's `isLayoutMarginsRelativeArrangement` (IB's `layoutMarginsRelativeArrangement`).
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { setNeedsArrangement() } }
    }

    /// The spacing value that asks for the system spacing between neighbours, as
    /// UIStackView.spacingUseSystem (IB's `spacingType="standard"`).
    public static let spacingUseSystem: CGFloat = -CGFloat.greatestFiniteMagnitude
    /// The system spacing between sibling views: 8 points, UIKit's standard spacing between
    /// siblings (the Visual Format Language's `-`, ``View/standardSpacing``).
    public static let systemSpacing: CGFloat = View.standardSpacing

    /// The spacing the arrangement uses: ``spacing``, or ``systemSpacing`` for ``spacingUseSystem``.
    public var effectiveSpacing: CGFloat { spacing == StackView.spacingUseSystem ? StackView.systemSpacing : spacing }
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { setNeedsArrangement() } } }
    public var distribution: Distribution = .fill { didSet { if distribution != oldValue { setNeedsArrangement() } } }

    private var arrangement: [LayoutConstraint] = []
    private var spacers: [View] = []

    public init(identifier: String = "stackView", arrangedSubviews: [View] = []) {
        super.init(identifier: identifier)
        for v in arrangedSubviews { addArrangedSubview(v) }
    }

    /// Adds a view at the end of the arranged subviews (and as a subview).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    public func insertArrangedSubview(_ view: View, at index: Int) {
        if view.superview !== self { addSubview(view) }
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
        setNeedsArrangement()
    }

    /// Removes a view from the arranged subviews; it stays a subview, as in UIKit.
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsArrangement()
    }

    override func hiddenStateOfSubviewDidChange(_ view: View) {
        if arrangedSubviews.contains(where: { $0 === view }) { setNeedsArrangement() }
    }

    /// Makes the arrangement constraints again.
    private func setNeedsArrangement() {
        LayoutConstraint.deactivate(arrangement)
        for s in spacers { s.removeFromSuperview() }
        spacers = []
        arrangement = makeArrangement()
        LayoutConstraint.activate(arrangement)
        setNeedsLayout()
    }

    private func makeArrangement() -> [LayoutConstraint] {
        let horizontal = axis == .horizontal
        let (lead, trail, size) = horizontal
            ? (LayoutAttribute.leading, LayoutAttribute.trailing, LayoutAttribute.width)
            : (.top, .bottom, .height)
        let (crossLead, crossTrail, crossCenter) = horizontal
            ? (LayoutAttribute.top, LayoutAttribute.bottom, LayoutAttribute.centerY)
            : (.leading, .trailing, .centerX)
        let spacing = effectiveSpacing
        let withinMargins = isLayoutMarginsRelativeArrangement
        // With a margins-relative arrangement, the stack's own edges become its margins.
        func own(_ v: View?, _ attribute: LayoutAttribute) -> LayoutAttribute {
            guard withinMargins, v === self else { return attribute }
            switch attribute {
            case .leading: return .leadingMargin
            case .trailing: return .trailingMargin
            case .top: return .topMargin
            case .bottom: return .bottomMargin
            case .centerX: return .centerXWithinMargins
            case .centerY: return .centerYWithinMargins
            default: return attribute
            }
        }
        func make(_ a: View, _ aa: LayoutAttribute, _ r: LayoutRelation, _ b: View?, _ ba: LayoutAttribute,
                  _ m: CGFloat = 1, _ c: CGFloat = 0, _ p: LayoutPriority = .required) -> LayoutConstraint {
            let k = LayoutConstraint(unchecked: a, own(a, aa), r, b, b == nil ? .notAnAttribute : own(b, ba), multiplier: m, constant: c)
            k.priority = p
            k.identifier = "UISV-\(identifier)"
            return k
        }
        var out: [LayoutConstraint] = []
        let visible = arrangedSubviews.filter { !$0.isHidden }
        for v in arrangedSubviews where v.isHidden {
            out += [make(v, size, .equal, nil, .notAnAttribute), make(v, lead, .equal, self, lead),
                    make(v, crossLead, .equal, self, crossLead), make(v, crossTrail, .equal, self, crossTrail)]
        }
        guard let first = visible.first, let last = visible.last else { return out }

        // Along the axis: the ends at the edges, neighbours spaced.
        out.append(make(first, lead, .equal, self, lead))
        out.append(make(self, trail, .equal, last, trail))
        for (a, b) in zip(visible, visible.dropFirst()) {
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                out.append(make(b, lead, .equal, a, trail, 1, spacing))
            case .equalSpacing, .equalCentering:
                out.append(make(b, lead, .greaterThanOrEqual, a, trail, 1, spacing))
            }
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for v in visible.dropFirst() { out.append(make(v, size, .equal, first, size)) }
        case .fillProportionally:
            let sizes = visible.map { v -> CGFloat in
                let s = horizontal ? v.intrinsicContentSize.width : v.intrinsicContentSize.height
                return s == CGSize.noIntrinsicMetric ? 0 : max(0, s)
            }
            let total = sizes.reduce(0, +)
            if total > 0 {
                let gaps = spacing * CGFloat(visible.count - 1)
                for (v, s) in zip(visible, sizes) {
                    let share = s / total
                    out.append(make(v, size, .equal, self, size, share, -gaps * share, LayoutPriority(999)))
                }
            }
        case .equalSpacing, .equalCentering:
            // Invisible spacers between neighbours (edge to edge, or center to center), all as wide.
            var previousSpacer: View?
            for (i, (a, b)) in zip(visible, visible.dropFirst()).enumerated() {
                let spacer = View(identifier: "\(identifier).spacer\(i + 1)")
                spacer.translatesAutoresizingMaskIntoConstraints = false
                addSubview(spacer)
                spacers.append(spacer)
                let centers = distribution == .equalCentering
                let (from, to) = centers ? (horizontal ? LayoutAttribute.centerX : .centerY, horizontal ? LayoutAttribute.centerX : .centerY)
                    : (trail, lead)
                out += [make(spacer, lead, .equal, a, from), make(spacer, trail, .equal, b, to),
                        make(spacer, crossLead, .equal, self, crossLead), make(spacer, size == .width ? .height : .width, .equal, nil, .notAnAttribute)]
                if let p = previousSpacer { out.append(make(spacer, size, .equal, p, size)) }
                previousSpacer = spacer
            }
        }

        // Across the axis.
        for v in visible {
            switch alignment {
            case .fill:
                out += [make(v, crossLead, .equal, self, crossLead), make(self, crossTrail, .equal, v, crossTrail)]
            case .leading:
                out += [make(v, crossLead, .equal, self, crossLead), make(self, crossTrail, .greaterThanOrEqual, v, crossTrail)]
            case .trailing:
                out += [make(v, crossLead, .greaterThanOrEqual, self, crossLead), make(self, crossTrail, .equal, v, crossTrail)]
            case .center:
                out += [make(v, crossCenter, .equal, self, crossCenter), make(v, crossLead, .greaterThanOrEqual, self, crossLead)]
            case .firstBaseline, .lastBaseline:
                let baseline: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                out += [make(v, crossLead, .greaterThanOrEqual, self, crossLead),
                        make(self, crossTrail, .greaterThanOrEqual, v, crossTrail)]
                if v !== first, horizontal { out.append(make(v, baseline, .equal, first, baseline)) }
            }
        }
        if alignment != .fill {
            // The stack hugs its largest arranged view across the axis (UIKit's canvas constraint).
            out.append(make(self, horizontal ? .height : .width, .equal, nil, .notAnAttribute, 1, 0, LayoutPriority(49)))
        }
        return out
    }
}
