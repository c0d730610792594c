import Foundation

/// A plain view with an intrinsic size given at design time, as Interface Builder draws a view with
/// a placeholder intrinsic size (`placeholderIntrinsicWidth/Height`).
///
/// UIKit removes placeholder sizes when it compiles a nib: at run time the view's class reports its
/// own intrinsic size (none for a plain UIView). Use this view only to reproduce Interface
/// Builder's own (design-time) layout.
open class PlaceholderView: View {
    /// The intrinsic size; `CGSize.noIntrinsicMetric` on an axis for none.
    public var placeholderSize: CGSize { didSet { if placeholderSize != oldValue { invalidateIntrinsicContentSize() } } }

    /// Creates a view with a design-time intrinsic size.
    /// - Parameters:
    ///   - identifier: a name for diagnostics and layout output.
    ///   - placeholderSize: the intrinsic size.
    public init(identifier: String = "view", placeholderSize: CGSize) {
        self.placeholderSize = placeholderSize
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize { placeholderSize }
}
