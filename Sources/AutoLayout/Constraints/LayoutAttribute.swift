/// A part of a view's alignment rectangle that a constraint relates, as NSLayoutConstraint.Attribute.
public enum LayoutAttribute: Sendable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing
    case width, height
    case centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    /// The attribute of the missing second item of a constraint to a constant.
    case notAnAttribute

    /// What an attribute measures, which decides what it can be related to.
    public enum Kind: Sendable, Hashable {
        /// A horizontal position (left, leading, centerX, margins...).
        case xPosition
        /// A vertical position (top, baselines, centerY, margins...).
        case yPosition
        /// A width or a height.
        case dimension
        case none
    }

    public var kind: Kind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            .xPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            .yPosition
        case .width, .height:
            .dimension
        case .notAnAttribute:
            .none
        }
    }

    /// The axis an attribute lies on.
    public var axis: LayoutAxis? {
        switch self {
        case .width: .horizontal
        case .height: .vertical
        default:
            switch kind {
            case .xPosition: .horizontal
            case .yPosition: .vertical
            default: nil
            }
        }
    }

    /// Leading and trailing attributes, which flip in right-to-left layout.
    public var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: true
        default: false
        }
    }

    /// Left and right attributes, which never flip.
    public var isAbsoluteHorizontal: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: true
        default: false
        }
    }

    /// The attribute that depends on the layout margins.
    public var usesMargins: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins: true
        default: false
        }
    }

    /// The attribute that depends on the view's baselines.
    public var usesBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
}

extension LayoutAttribute: CustomStringConvertible {
    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .firstBaseline: "firstBaseline"
        case .lastBaseline: "lastBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

/// How a constraint's two sides relate.
public enum LayoutRelation: Sendable, Hashable {
    case lessThanOrEqual
    case equal
    case greaterThanOrEqual
}

extension LayoutRelation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
