import Foundation

// The controls whose intrinsic size does not follow any content: UIKit's numbers for iOS 17 at the
// default content size category (`.large`), as UIKit reports them through
// `intrinsicContentSize` and as Interface Builder records the controls' frames:
//
// 1. UISwitch: 51 x 31 (Apple's HIG and every measured iOS 7...17 switch; IB records 51 x 31).
// 2. UIActivityIndicatorView: `.medium` 20 x 20, `.large` 37 x 37 (the classic gray/white-large
//    sizes, kept by the iOS 13 styles).
// 3. UIProgressView: height 4 (`.default` and `.bar`, iOS 13+; IB records height 4), no width.
// 4. UISlider: height 31 (its thumb's 28 plus the track's room; IB records 31), no width: a
//    slider has no minimum width of its own in Auto Layout, its width comes from constraints.
//
// A control's numbers are a documented stand-in for what iOS draws; a user who measured other
// numbers sets them with ``ActivityIndicatorView`` styles or plain size constraints.

/// A switch, as UISwitch: always 51 x 31 points.
open class Switch: View {
    /// UISwitch's size: 51 x 31 points.
    public static let size = CGSize(width: 51, height: 31)

    /// Whether the switch is on; it does not change the size.
    public var isOn = false

    /// Creates a switch.
    /// - Parameter identifier: a name for diagnostics and layout output.
    public override init(identifier: String = "switch") {
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize { Switch.size }
}

/// A spinning activity indicator, as UIActivityIndicatorView: its size follows its ``style``.
open class ActivityIndicatorView: View {
    /// UIActivityIndicatorView's styles, by the size they draw at.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// 20 x 20 points (also the old `gray` and `white` styles).
        case medium
        /// 37 x 37 points (also the old `whiteLarge` style).
        case large

        /// The indicator's size in this style.
        public var size: CGSize {
            switch self {
            case .medium: CGSize(width: 20, height: 20)
            case .large: CGSize(width: 37, height: 37)
            }
        }
    }

    /// The style, which sets the size.
    public var style: Style { didSet { if style != oldValue { invalidateIntrinsicContentSize() } } }
    /// Whether the indicator is spinning; it does not change the size (a stopped indicator that
    /// hides when stopped still takes its room, as in UIKit).
    public var isAnimating = false

    /// Creates an indicator.
    /// - Parameters:
    ///   - identifier: a name for diagnostics and layout output.
    ///   - style: the style, medium (20 x 20) by default, as UIKit's.
    public init(identifier: String = "activityIndicator", style: Style = .medium) {
        self.style = style
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize { style.size }
}

/// A progress bar, as UIProgressView: 4 points high, as wide as its constraints make it.
open class ProgressView: View {
    /// UIProgressView's height: 4 points.
    public static let height: CGFloat = 4

    /// The progress, 0...1; it does not change the size.
    public var progress: Float = 0

    /// Creates a progress view.
    /// - Parameter identifier: a name for diagnostics and layout output.
    public override init(identifier: String = "progressView") {
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: CGSize.noIntrinsicMetric, height: ProgressView.height) }
}

/// A slider, as UISlider: 31 points high, as wide as its constraints make it.
open class Slider: View {
    /// UISlider's height: 31 points.
    public static let height: CGFloat = 31

    /// The value, between ``minimumValue`` and ``maximumValue``; it does not change the size.
    public var value: Float = 0.5
    /// The smallest value.
    public var minimumValue: Float = 0
    /// The largest value.
    public var maximumValue: Float = 1

    /// Creates a slider.
    /// - Parameter identifier: a name for diagnostics and layout output.
    public override init(identifier: String = "slider") {
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: CGSize.noIntrinsicMetric, height: Slider.height) }
}
