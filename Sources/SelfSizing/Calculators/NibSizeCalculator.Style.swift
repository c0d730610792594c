import Foundation

extension NibSizeCalculator {
    /// How a template's recorded size becomes its size in a container: AppDevKit's
    /// `ADKNibSizeStyle`, in its order. With `r = container.width / recorded.width`:
    public enum Style: Int, Hashable, Sendable, CaseIterable {
        /// The recorded size as it is (then clamped to the container).
        case originalSize
        /// Both sides times `r`: the template scaled to the container's width, its aspect kept
        /// (banners, pictures). AppDevKit's default.
        case defaultScaling
        /// The width times `r`; the height `container.width + (recorded.height - recorded.width)`:
        /// a square picture on top scaled with the width, the part below it kept (cards).
        case bottomFixedScaling
        /// The width times `r`; the height as recorded (text, whose font does not scale).
        case fixedHeightScaling
        /// The template's own ``ListCell/sizeThatFits(_:)`` at the container's width (AppDevKit's
        /// `sizeThatFitsWidth:`); a template with no opinion (a zero, negative or non-finite
        /// side, as ``ListCell``'s default) falls back to ``defaultScaling``.
        case customCalculation
        /// As ``customCalculation``, asked every time: never cached.
        case uncachedCustomCalculation

        /// Whether the calculator keeps sizes of this style.
        public var isCached: Bool { self != .uncachedCustomCalculation }

        /// Whether the style asks the template (rather than only its recorded size).
        public var asksTemplate: Bool { self == .customCalculation || self == .uncachedCustomCalculation }
    }

    /// A recorded size in a container, as AppDevKit's `sizeForNibNamed:withStyle:fitSize:`
    /// computes it:
    ///
    /// 1. The style's size (see ``Style``); a custom size, when the style asks for one and it
    ///    has both sides finite and above 0, replaces it.
    /// 2. Clamped to the container: the width at most the container's (a scaled width may come
    ///    out a rounding error above it, as AppDevKit's tests note), the height at most the
    ///    container's (an infinite container height does not clamp), and neither below 0 (a
    ///    bottom-fixed template far wider than tall, in a narrow container).
    ///
    /// - Parameters:
    ///   - recordedSize: the template's recorded size, both sides above 0.
    ///   - style: how it scales.
    ///   - containerSize: the container; its width above 0.
    ///   - customSize: the template's own answer, for the custom styles.
    /// - Complexity: O(1).
    public static func size(recordedSize: CGSize, style: Style, containerSize: CGSize, customSize: CGSize? = nil) -> CGSize {
        let ratio = containerSize.width / recordedSize.width
        var size: CGSize
        switch style {
        case .originalSize:
            size = recordedSize
        case .bottomFixedScaling:
            size = CGSize(width: ratio * recordedSize.width,
                          height: containerSize.width + (recordedSize.height - recordedSize.width))
        case .fixedHeightScaling:
            size = CGSize(width: ratio * recordedSize.width, height: recordedSize.height)
        case .customCalculation, .uncachedCustomCalculation:
            if let c = customSize, c.width.isFinite, c.height.isFinite, c.width > 0, c.height > 0 {
                size = c
            } else {
                fallthrough
            }
        case .defaultScaling:
            size = CGSize(width: ratio * recordedSize.width, height: ratio * recordedSize.height)
        }
        return CGSize(width: max(0, min(size.width, containerSize.width)), height: max(0, min(size.height, containerSize.height)))
    }
}
