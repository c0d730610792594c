import AutoLayout
import Foundation

/// How a list fits a template cell: which dimension it fixes and which the content decides.
public enum FittingMode: Hashable, Sendable {
    /// The width fixed, the height compressed: table rows, grid items, vertical lists.
    case fixedWidth(CGFloat)
    /// The height fixed, the width compressed: horizontal lists.
    case fixedHeight(CGFloat)
    /// Both dimensions compressed, the width at most `maximumWidth`: flow-layout items, as
    /// `preferredLayoutAttributesFitting(_:)` sizes them by default.
    case compressed(maximumWidth: CGFloat)
}

/// A fitted template's size and how it was found.
public struct FittedSize: Sendable {
    public var size: CGSize
    /// Whether `sizeThatFits` gave the size (the cell asked for frame layout, or Auto Layout gave 0).
    public var usedFrameLayout: Bool
    /// What went wrong on the way (a fallback), at most two.
    public var diagnostics: [SizingDiagnostic]
}

/// Fitting a configured template cell, as UITableView+FDTemplateLayoutCell and AppDevKit do.
///
/// 1. Auto Layout: the content view's `systemLayoutSizeFitting` with the fixed dimension required
///    and the other at `fittingSizeLevel` (compressed); for ``FittingMode/compressed(maximumWidth:)``
///    both compressed, shrink-to-fit within the maximum width: fitted at the maximum width first, then
///    with both compressed, so that wrapping content hugs its widest line there.
/// 2. Frame layout: `sizeThatFits` when the cell asks for it (``ListCell/enforceFrameLayout``) or
///    Auto Layout gives 0 (with a diagnostic naming the missing edge).
/// 3. The last resort: 44 points for the dimension the content decides, with a diagnostic.
///
/// Touches nothing but the cell, so that worker threads can fit their own templates at once.
public enum TemplateFitting {
    /// The size a fitted dimension falls back to when neither Auto Layout nor `sizeThatFits` gives
    /// one: UITableView+FDTemplateLayoutCell's 44 points.
    public static let lastResort: CGFloat = 44

    /// Fits a configured cell (see ``TemplateFitting``).
    /// - Parameters:
    ///   - cell: the configured template.
    ///   - mode: the dimension the list fixes, or the width it bounds.
    ///   - identifier: the cell's reuse identifier, named by diagnostics.
    public static func fit(_ cell: ListCell, _ mode: FittingMode, identifier: String) -> FittedSize {
        switch mode {
        case let .fixedWidth(width):
            return fit(cell, fixed: width, deciding: .height, identifier: identifier)
        case let .fixedHeight(height):
            return fit(cell, fixed: height, deciding: .width, identifier: identifier)
        case let .compressed(maximumWidth):
            return fitCompressed(cell, maximumWidth: maximumWidth, identifier: identifier)
        }
    }

    /// One dimension fixed, the other (`deciding`) compressed: steps 1 to 3 of ``TemplateFitting``.
    /// A fixed width is the per-row path of every table.
    @inline(__always)
    static func fit(_ cell: ListCell, fixed: CGFloat, deciding dimension: SizingDiagnostic.Dimension,
                    identifier: String) -> FittedSize {
        let vertical = dimension == .height
        @inline(__always) func decided(_ s: CGSize) -> CGFloat { finite(vertical ? s.height : s.width) }
        @inline(__always) func size(_ d: CGFloat) -> CGSize {
            vertical ? CGSize(width: fixed, height: d) : CGSize(width: d, height: fixed)
        }
        var diagnostics: [SizingDiagnostic] = []
        var length: CGFloat = 0
        if !cell.enforceFrameLayout && fixed > 0 {
            length = decided(cell.contentView.systemLayoutSizeFitting(
                size(0), withHorizontalFittingPriority: vertical ? .required : .fittingSizeLevel,
                verticalFittingPriority: vertical ? .fittingSizeLevel : .required))
            if length <= 0 {
                diagnostics.append(.noSizeFromAutoLayout(identifier: identifier, dimension: dimension,
                                                         problem: vertical ? cell.contentView.selfSizingProblem(width: fixed) : nil))
            }
        }
        var frame = false
        if length <= 0 {
            frame = true
            length = decided(cell.sizeThatFits(size(0)))
        }
        if length <= 0 {
            diagnostics.append(.noSize(identifier: identifier, dimension: dimension))
            length = lastResort
        }
        return FittedSize(size: size(length), usedFrameLayout: frame, diagnostics: diagnostics)
    }

    /// Both dimensions compressed, the width at most `maximumWidth` (flow-layout items), as CSS
    /// shrink-to-fit does:
    ///
    /// 1. Fit at the maximum width (width required, height compressed): content that wraps takes
    ///    its lines at that width.
    /// 2. Fit again with both compressed: each view hugs its content, and wrapping content hugs its
    ///    widest line at the maximum width. Starting from step 1 makes the result independent of
    ///    what the template was fitted for before.
    /// 3. Wider than the maximum (a view with a fixed width, say): step 1's size, at the maximum.
    static func fitCompressed(_ cell: ListCell, maximumWidth: CGFloat, identifier: String) -> FittedSize {
        var diagnostics: [SizingDiagnostic] = []
        var size = CGSize.zero
        if !cell.enforceFrameLayout && maximumWidth > 0 {
            let target = CGSize(width: maximumWidth, height: 0)
            let atMaximum = cell.contentView.systemLayoutSizeFitting(target, withHorizontalFittingPriority: .required,
                                                                     verticalFittingPriority: .fittingSizeLevel)
            size = cell.contentView.systemLayoutSizeFitting(target, withHorizontalFittingPriority: .fittingSizeLevel,
                                                            verticalFittingPriority: .fittingSizeLevel)
            if !(finite(size.width) <= maximumWidth) { size = CGSize(width: maximumWidth, height: atMaximum.height) }
            size = CGSize(width: finite(size.width), height: finite(size.height))
            if size.width <= 0 || size.height <= 0 {
                diagnostics.append(.noSizeFromAutoLayout(identifier: identifier, dimension: size.width <= 0 ? .width : .height,
                                                         problem: size.height <= 0 ? cell.contentView.selfSizingProblem(width: maximumWidth) : nil))
            }
        }
        var frame = false
        if size.width <= 0 || size.height <= 0 {
            frame = true
            let s = cell.sizeThatFits(CGSize(width: maximumWidth, height: 0))
            size = CGSize(width: min(finite(s.width), max(maximumWidth, 0)), height: finite(s.height))
        }
        if size.width <= 0 || size.height <= 0 {
            diagnostics.append(.noSize(identifier: identifier, dimension: size.width <= 0 ? .width : .height))
            if size.width <= 0 { size.width = min(lastResort, max(maximumWidth, 0)) }
            if size.height <= 0 { size.height = lastResort }
        }
        return FittedSize(size: size, usedFrameLayout: frame, diagnostics: diagnostics)
    }

    /// NaN and infinities count as no size.
    @inline(__always)
    private static func finite(_ x: CGFloat) -> CGFloat { x.isFinite ? x : 0 }
}
