import Foundation

/// How a view kept at its frame (``View/translatesAutoresizingMaskIntoConstraints``) follows its
/// superview's size, as UIView.AutoresizingMask.
///
/// The rule, per axis (UIKit's, as its documentation states it), with `S0` the superview's size
/// the frame was given in (``View/autoresizingReferenceSize``, else the superview's frame size when
/// the engine makes the view's constraints), and `S` the superview's size at layout:
/// 1. The axis has three parts: the leading margin (the frame's origin), the size, the trailing
///    margin (the superview's size less both).
/// 2. With no flexible part, or only the trailing margin flexible, the origin and size stay.
/// 3. Otherwise the change of the superview's size is shared among the flexible parts in
///    proportion to their sizes: each flexible part `p` becomes `p * (S - K) / G`, where `G` is the
///    flexible parts' total and `K` the fixed parts' total (`S0 - G`).
/// 4. When the flexible parts total 0, the change is shared equally among them.
/// The parts stay linear in `S`, so the engine keeps them as constraints on the superview's size.
/// A view kept at its frame takes part in layout (and its frame changes) when its mask has a bit
/// of rule 3; otherwise it keeps its frame untouched, as before.
///
/// Interface Builder writes the options as `<autoresizingMask key="autoresizingMask" .../>` with
/// `flexibleMinX` (``flexibleLeftMargin``), `widthSizable` (``flexibleWidth``), `flexibleMaxX`
/// (``flexibleRightMargin``), `flexibleMinY` (``flexibleTopMargin``), `heightSizable`
/// (``flexibleHeight``) and `flexibleMaxY` (``flexibleBottomMargin``); its default for a new view,
/// `flexibleMaxX` and `flexibleMaxY`, keeps the frame (rule 2).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Creates a mask from UIKit's raw value (the same bits).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The left margin follows the superview's width.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width follows the superview's width.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin follows the superview's width.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin follows the superview's height.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height follows the superview's height.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin follows the superview's height.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// The bits that move or size a view horizontally (rule 2: a flexible right margin alone does not).
    static let movesHorizontally: AutoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
    /// The bits that move or size a view vertically.
    static let movesVertically: AutoresizingMask = [.flexibleTopMargin, .flexibleHeight]
    /// The bits that move or size a view on either axis.
    static let moves: AutoresizingMask = movesHorizontally.union(movesVertically)

    /// One axis's origin and size as linear functions of the superview's size `S`: `origin =
    /// originConstant + originFactor * S`, likewise the size (rules 1-4).
    struct Axis: Equatable {
        var originConstant: Double, originFactor: Double
        var sizeConstant: Double, sizeFactor: Double

        /// - Parameters:
        ///   - origin: the frame's origin on the axis.
        ///   - size: the frame's size on the axis.
        ///   - superSize: the superview's size on the axis when the frame was given.
        ///   - flexible: whether the leading margin, the size and the trailing margin are flexible.
        init(origin: CGFloat, size: CGFloat, superSize: CGFloat, flexible: (lead: Bool, size: Bool, trail: Bool)) {
            let a = Double(origin), b = Double(size), c = Double(superSize - origin - size), s0 = Double(superSize)
            originConstant = a; originFactor = 0; sizeConstant = b; sizeFactor = 0
            let parts = [(flexible.lead, a), (flexible.size, b), (flexible.trail, c)]
            let n = Double(parts.filter(\.0).count)
            guard n > 0 else { return }
            let g = parts.filter(\.0).reduce(0) { $0 + $1.1 }
            // p' = factor * S + constant, per rule 3 (or 4).
            func scaled(_ p: Double) -> (constant: Double, factor: Double) {
                if g != 0 { return (-p * (s0 - g) / g, p / g) }
                return (p - s0 / n, 1 / n)
            }
            if flexible.lead { (originConstant, originFactor) = scaled(a) }
            if flexible.size { (sizeConstant, sizeFactor) = scaled(b) }
        }
    }
}
