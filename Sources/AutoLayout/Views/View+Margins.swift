import Foundation

// Margins as layout uses them (preserved from the superview), and the engine a view resized by its
// autoresizing mask needs.

extension View {
    /// The margins layout uses: ``directionalLayoutMargins``, raised by the superview's where
    /// ``preservesSuperviewLayoutMargins`` asks.
    public var effectiveDirectionalLayoutMargins: DirectionalEdgeInsets {
        guard preservesSuperviewLayoutMargins, let s = superview else { return directionalLayoutMargins }
        var m = directionalLayoutMargins
        let sm = s.effectiveDirectionalLayoutMargins
        let ltr = effectiveLayoutDirection == .leftToRight
        let fromLeft = frame.minX, fromRight = s.frame.width - frame.maxX
        m.top = max(m.top, sm.top - frame.minY)
        m.bottom = max(m.bottom, sm.bottom - (s.frame.height - frame.maxY))
        m.leading = max(m.leading, sm.leading - (ltr ? fromLeft : fromRight))
        m.trailing = max(m.trailing, sm.trailing - (ltr ? fromRight : fromLeft))
        return m
    }

    /// ``effectiveDirectionalLayoutMargins`` by left and right in the current layout direction.
    public var effectiveLayoutMargins: EdgeInsets {
        guard preservesSuperviewLayoutMargins else { return layoutMargins }
        return effectiveDirectionalLayoutMargins.resolved(in: effectiveLayoutDirection)
    }

    /// The margins changed: the constraints using them, and those using the margins of subviews
    /// that preserve these, get new constants.
    func marginsDidChange() {
        guard let engine = engineIfAny else { return }
        var changed: [View] = [self]
        while let v = changed.popLast() {
            engine.geometryConstantsDidChange(v)
            for s in v.subviews where s.preservesSuperviewLayoutMargins { changed.append(s) }
        }
    }

    /// A view resized by its autoresizing mask needs its hierarchy laid out by an engine, even
    /// without constraints (layout resizes it).
    func needsEngineForAutoresizing() {
        guard superview != nil, !autoresizingMask.isDisjoint(with: AutoresizingMask.moves) else { return }
        _ = LayoutEngine.engine(of: root)
    }
}
