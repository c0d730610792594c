import Foundation

extension View {
    /// A rectangle in this view's coordinates, converted to another view's (UIView.convert(_:to:)):
    /// both views' frames are followed up to their common root. `nil` converts to the root's
    /// coordinates.
    /// - Complexity: O(depth) of the two views.
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        let mine = originInRoot()
        let theirs = view?.originInRoot() ?? .zero
        return CGRect(x: rect.origin.x + mine.x - theirs.x, y: rect.origin.y + mine.y - theirs.y,
                      width: rect.width, height: rect.height)
    }

    /// Where this view's origin lies in its root's coordinates (the root's own frame origin left out,
    /// as a root is laid out at the origin).
    private func originInRoot() -> CGPoint {
        var origin = CGPoint.zero
        var v: View? = self
        while let view = v, let parent = view.superview {
            origin.x += view.frame.origin.x
            origin.y += view.frame.origin.y
            v = parent
        }
        return origin
    }
}
