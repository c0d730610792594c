import Foundation

/// A view whose intrinsic size depends on the width layout gives it: a label that wraps its text
/// (``Label`` conforms), and likewise a text view or a container that wraps its content.
///
/// Layout and fitting take such a view's width from the constraints and its height from its
/// content at that width, as UIKit lays out multi-line labels: the engine solves, offers each such
/// view the width it was solved at (``adoptLayoutWidth(_:)``), and solves again while an intrinsic
/// size changes, four solves at most. The engine looks for the conformance once, when the view
/// joins layout.
///
/// Contract:
/// - ``wrapsAtLayoutWidth`` is read before each offer; while it is false the view is offered
///   nothing and its intrinsic size must not depend on a layout width.
/// - ``adoptLayoutWidth(_:)`` is called after a solve, on the thread laying out, with the view's
///   solved width, which may be the width of the last offer. The view then reports its
///   ``View/intrinsicContentSize`` at that width. When that size changed, it calls
///   ``View/invalidateIntrinsicContentSize()`` and returns true; otherwise it returns false (and
///   calls ``View/invalidateBaselines()`` if its baselines moved all the same).
public protocol WidthDependentLayout: View {
    /// Whether the intrinsic size follows the width layout gives the view, now.
    var wrapsAtLayoutWidth: Bool { get }

    /// Takes the width a solve gave the view; returns whether its intrinsic size changed.
    /// - Parameter width: the view's width in the current solution, in points.
    func adoptLayoutWidth(_ width: CGFloat) -> Bool
}
