import AutoLayout
import Foundation

// Views of the text and image kinds with a design-time intrinsic size, as Interface Builder lays a
// nib out with the sizes it recorded (an import `asRecorded`): the size replaces what the content
// would need, and the baselines stay the text's. ``CellTemplate`` makes them only when asked for
// placeholder intrinsic sizes and the spec gives the view one.

/// A label whose intrinsic size is a placeholder's (a side of `noIntrinsicMetric` keeps the text's).
final class PlaceholderLabel: Label {
    var placeholderSize = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    override var intrinsicContentSize: CGSize { placeholderSized(super.intrinsicContentSize, placeholderSize) }
}

/// An image view whose intrinsic size is a placeholder's.
final class PlaceholderImageView: ImageView {
    var placeholderSize = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    override var intrinsicContentSize: CGSize { placeholderSized(super.intrinsicContentSize, placeholderSize) }
}

/// A button whose intrinsic size is a placeholder's.
final class PlaceholderButton: Button {
    var placeholderSize = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    override var intrinsicContentSize: CGSize { placeholderSized(super.intrinsicContentSize, placeholderSize) }
}

/// A text view whose intrinsic size is a placeholder's.
final class PlaceholderTextView: TextView {
    var placeholderSize = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    override var intrinsicContentSize: CGSize { placeholderSized(super.intrinsicContentSize, placeholderSize) }
}

/// The placeholder's sides where it has them, the content's elsewhere.
private func placeholderSized(_ content: CGSize, _ placeholder: CGSize) -> CGSize {
    CGSize(width: placeholder.width == CGSize.noIntrinsicMetric ? content.width : placeholder.width,
           height: placeholder.height == CGSize.noIntrinsicMetric ? content.height : placeholder.height)
}
