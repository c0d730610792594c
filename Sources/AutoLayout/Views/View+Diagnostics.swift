import Foundation

extension View {
    /// The frame attributes the constraints leave undetermined: `.left` for the horizontal position,
    /// `.top` for the vertical one, `.width`, `.height`. Empty when the layout is not ambiguous.
    /// - Complexity: builds a scratch copy of the hierarchy's constraints; meant for debugging.
    public func ambiguousAttributes() -> [LayoutAttribute] {
        LayoutEngine.ambiguousAttributes(of: self)
    }

    /// The frame attributes the constraints leave undetermined for each of `views`, in their order:
    /// what ``ambiguousAttributes()`` gives for each, found for all the views of a hierarchy
    /// together, so that checking every view costs about a layout rather than one per view.
    ///
    /// Up to 64 views of a hierarchy are probed one at a time; more are probed in group tests in
    /// one scratch copy of the constraints, which find the freedoms of usual cells but may miss
    /// one among conflicting required constraints and inequalities at several priorities.
    /// - Complexity: about one layout and a square root of the number of views in solution
    ///   reads; meant for reports of whole cells.
    public static func ambiguousAttributes(of views: [View]) -> [[LayoutAttribute]] {
        ambiguousAttributes(of: views, exactUpTo: LayoutEngine.exactLimit)
    }

    /// ``ambiguousAttributes(of:)`` probing one view at a time up to `exactUpTo` views (tests
    /// compare the group test with the one-view check by setting it to 0).
    package static func ambiguousAttributes(of views: [View], exactUpTo: Int) -> [[LayoutAttribute]] {
        var result = [[LayoutAttribute]](repeating: [], count: views.count)
        var groups: [ObjectIdentifier: [Int]] = [:]
        var order: [ObjectIdentifier] = []
        for (i, view) in views.enumerated() {
            let root = ObjectIdentifier(view.root)
            if groups[root] == nil { order.append(root) }
            groups[root, default: []].append(i)
        }
        for root in order {
            let indices = groups[root]!
            for (i, attributes) in zip(indices, LayoutEngine.ambiguousAttributes(of: indices.map { views[$0] }, exactUpTo: exactUpTo)) {
                result[i] = attributes
            }
        }
        return result
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
    /// - Parameter width: the width the view is fitted at, as a table view fits a cell's content.
    /// - Complexity: two fittings, and a look at every active constraint of the subtree.
    public func selfSizingProblem(width: CGFloat) -> SelfSizingProblem? {
        let small = systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        let large = systemLayoutSizeFitting(CGSize(width: width, height: SelfSizingProblem.largeTargetHeight),
                                            withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        guard abs(small.height - large.height) > 0.5 else { return nil }
        var constraints: [LayoutConstraint] = []
        for v in subtree { constraints += v.activeConstraints }
        func ties(_ attributes: Set<LayoutAttribute>) -> Bool {
            constraints.contains { c in
                (c.firstItem === self && attributes.contains(c.firstAttribute) && c.secondItem != nil)
                    || (c.secondItem === self && attributes.contains(c.secondAttribute))
            }
        }
        let reason: SelfSizingProblem.Reason =
            if !ties([.bottom, .bottomMargin, .lastBaseline]) { .missingBottomEdge }
            else if !ties([.top, .topMargin, .firstBaseline]) { .missingTopEdge }
            else { .gap }
        return SelfSizingProblem(view: identifier, reason: reason, heightTowardZero: small.height, heightTowardLarge: large.height)
    }
}

/// Why a view fitted as a self-sizing cell does not take its height from its content
/// (``View/selfSizingProblem(width:)``): fitting it toward a height of 0 and toward a large height
/// (``largeTargetHeight``) gave different heights, so its constraints leave the height to the target.
public struct SelfSizingProblem: Hashable, Sendable, CustomStringConvertible {
    /// What is missing from the vertical chain of constraints.
    public enum Reason: Hashable, Sendable {
        /// No constraint ties the content to the view's bottom edge (or bottom margin, or last
        /// baseline).
        case missingBottomEdge
        /// No constraint ties the content to the view's top edge (or top margin, or first baseline).
        case missingTopEdge
        /// Both edges are tied, but the chain between them has a gap: a view with neither a height
        /// nor an intrinsic height, or an inequality that lets it stretch.
        case gap
    }

    /// The height of the large target the view is fitted toward.
    public static let largeTargetHeight: CGFloat = 10_000

    /// The identifier of the view that was fitted (not the view: a diagnostic kept by a list
    /// must not keep its template alive, nor stop it crossing threads).
    public let view: String
    public let reason: Reason
    /// The height fitting toward a height of 0 gave.
    public let heightTowardZero: CGFloat
    /// The height fitting toward ``largeTargetHeight`` gave.
    public let heightTowardLarge: CGFloat

    public init(view: String, reason: Reason, heightTowardZero: CGFloat, heightTowardLarge: CGFloat) {
        self.view = view
        self.reason = reason
        self.heightTowardZero = heightTowardZero
        self.heightTowardLarge = heightTowardLarge
    }

    /// "the height of contentView does not come from its content (fitting toward 0 gives 56,
    /// toward 10000 gives 10000): the bottom edge is missing; ..."
    public var description: String {
        let id = view
        let heights = "fitting toward 0 gives \(format(heightTowardZero)), toward \(format(SelfSizingProblem.largeTargetHeight)) "
            + "gives \(format(heightTowardLarge))"
        let start = "the height of \(id) does not come from its content (\(heights)): "
        switch reason {
        case .missingBottomEdge: return start + "the bottom edge is missing; no constraint ties the content to \(id).bottom"
        case .missingTopEdge: return start + "the top edge is missing; no constraint ties the content to \(id).top"
        case .gap:
            return start + "the vertical chain from top to bottom has a gap (a view with neither a height nor an "
                + "intrinsic height, or an inequality that lets it stretch)"
        }
    }
}
