import Foundation

/// Phantom types that keep anchors of different kinds apart at compile time: an x-axis anchor
/// cannot be related to a y-axis anchor or a dimension, as in UIKit.
public enum XAxis {}
public enum YAxis {}
public enum Dimension {}

/// An attribute of a view to build constraints from: `view.topAnchor.constraint(equalTo:)`.
///
/// `Kind` is ``XAxis``, ``YAxis`` or ``Dimension``; only anchors of one kind relate, so
/// `a.leadingAnchor.constraint(equalTo: b.topAnchor)` does not compile.
public struct LayoutAnchor<Kind> {
    public let view: View
    public let attribute: LayoutAttribute

    init(_ view: View, _ attribute: LayoutAttribute) {
        self.view = view
        self.attribute = attribute
    }

    func make(_ relation: LayoutRelation, _ other: LayoutAnchor<Kind>?, multiplier: CGFloat = 1,
              constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(unchecked: view, attribute, relation, other?.view, other?.attribute ?? .notAnAttribute,
                         multiplier: multiplier, constant: constant)
    }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<Kind>, constant: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, constant: constant)
    }

    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<Kind>, constant: CGFloat = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: constant)
    }

    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<Kind>, constant: CGFloat = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: constant)
    }
}

extension LayoutAnchor where Kind == XAxis {
    /// `self == anchor + multiplier * standard spacing` (UIKit's system spacing, 8 points).
    public func constraint(equalToSystemSpacingAfter anchor: LayoutAnchor<XAxis>, multiplier: CGFloat = 1) -> LayoutConstraint {
        make(.equal, anchor, constant: View.standardSpacing * multiplier)
    }
}

extension LayoutAnchor where Kind == YAxis {
    /// `self == anchor + multiplier * standard spacing` (UIKit's system spacing, 8 points).
    public func constraint(equalToSystemSpacingBelow anchor: LayoutAnchor<YAxis>, multiplier: CGFloat = 1) -> LayoutConstraint {
        make(.equal, anchor, constant: View.standardSpacing * multiplier)
    }
}

extension LayoutAnchor where Kind == Dimension {
    /// `self == constant`.
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        make(.equal, nil, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, constant: constant)
    }

    /// `self == multiplier * anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<Dimension>, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier * anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<Dimension>, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier * anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<Dimension>, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}
