import Foundation

extension View {
    /// The frame attributes the constraints leave undetermined: `.left` for the horizontal position,
    /// `.top` for the vertical one, `.width`, `.height`. Empty when the layout is not ambiguous.
    /// - Complexity: builds a scratch copy of the hierarchy's constraints; meant for debugging.
    public func ambiguousAttributes() -> [LayoutAttribute] {
        LayoutEngine.ambiguousAttributes(of: self)
    }

    /// The active constraints that mention this view and lie on `axis`, in the order they were
    /// activated (UIView.constraintsAffectingLayout(for:), without the constraints the engine makes).
    public func constraintsAffectingLayout(for axis: LayoutAxis) -> [LayoutConstraint] {
        activeConstraints.filter { $0.firstAttribute.axis == axis }
    }

    /// Whether the constraints leave this view's frame undetermined (UIView.hasAmbiguousLayout).
    public var hasAmbiguousLayout: Bool { !ambiguousAttributes().isEmpty }

    /// Why this view, fitted at `width` as a self-sizing cell, does not take its height from its
    /// content, or nil when it does: the cell is "self-satisfied" when fitting toward a height of 0
    /// and toward a large height give the same height.
    public func selfSizingProblem(width: CGFloat) -> String? {
        let small = systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        let large = systemLayoutSizeFitting(CGSize(width: width, height: 10_000), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        guard abs(small.height - large.height) > 0.5 else { return nil }
        var constraints: [LayoutConstraint] = []
        for v in subtree { constraints += v.activeConstraints }
        func ties(_ attributes: Set<LayoutAttribute>) -> Bool {
            constraints.contains { c in
                (c.firstItem === self && attributes.contains(c.firstAttribute) && c.secondItem != nil)
                    || (c.secondItem === self && attributes.contains(c.secondAttribute))
            }
        }
        let heights = "fitting toward 0 gives \(format(small.height)), toward 10000 gives \(format(large.height))"
        if !ties([.bottom, .bottomMargin, .lastBaseline]) {
            return "the height of \(identifier) does not come from its content (\(heights)): the bottom edge is missing; "
                + "no constraint ties the content to \(identifier).bottom"
        }
        if !ties([.top, .topMargin, .firstBaseline]) {
            return "the height of \(identifier) does not come from its content (\(heights)): the top edge is missing; "
                + "no constraint ties the content to \(identifier).top"
        }
        return "the height of \(identifier) does not come from its content (\(heights)): the vertical chain from top to "
            + "bottom has a gap (a view with neither a height nor an intrinsic height, or an inequality that lets it stretch)"
    }
}
