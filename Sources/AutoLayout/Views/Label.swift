import Foundation

/// A view that shows text, with UILabel's sizing: its intrinsic content size is its text on one
/// line, or, with ``numberOfLines`` other than 1, its text wrapped at ``preferredMaxLayoutWidth``
/// or else at the width the last layout pass gave it (the engine solves, measures multi-line labels
/// at their solved widths, and solves again until the heights settle).
open class Label: View {
    /// The measurer labels use when they have none of their own.
    public static var defaultMeasurer: (any TextMeasuring)? {
        get { defaultMeasurerStorage.value }
        set { defaultMeasurerStorage.value = newValue }
    }

    private static let defaultMeasurerStorage = Locked<(any TextMeasuring)?>(nil)

    @exclusivity(unchecked) public var text: String { didSet { if text != oldValue { textDidChange() } } }
    @exclusivity(unchecked) public var font: Font { didSet { if font != oldValue { textDidChange() } } }
    /// The most lines shown; 0 for no limit.
    @exclusivity(unchecked) public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textDidChange() } } }
    @exclusivity(unchecked) public var lineBreakMode = LineBreakMode.byTruncatingTail { didSet { if lineBreakMode != oldValue { textDidChange() } } }
    @exclusivity(unchecked) public var lineHeight = LineHeight.natural { didSet { if lineHeight != oldValue { textDidChange() } } }
    public var textAlignment = TextAlignment.natural
    public var textColor = Color.black
    /// The width a multi-line label wraps at for its intrinsic size; 0 lets layout decide.
    @exclusivity(unchecked) public var preferredMaxLayoutWidth: CGFloat = 0 { didSet { if preferredMaxLayoutWidth != oldValue { textDidChange() } } }
    @exclusivity(unchecked) public var contentSizeCategory = ContentSizeCategory.large {
        didSet { if contentSizeCategory != oldValue { textDidChange() } }
    }
    @exclusivity(unchecked) public var language: String? { didSet { if language != oldValue { textDidChange() } } }
    /// This label's measurer; nil uses ``defaultMeasurer``.
    @exclusivity(unchecked) public var measurer: (any TextMeasuring)? {
        didSet {
            measuringContext = nil
            selfMeasuring = nil
            textDidChange()
        }
    }
    /// What the measurer keeps between this label's measurements (see
    /// ``TextMeasuring/measure(_:context:)``).
    @exclusivity(unchecked) private var measuringContext: AnyObject?
    /// The context again when it can measure by itself (``SelfMeasuringContext``), as the label's
    /// own measurer made it; a label on the default measurer asks the measurer every time, since
    /// the default may have been replaced.
    @exclusivity(unchecked) private var selfMeasuring: (any SelfMeasuringContext)?

    /// The width the last layout pass gave a multi-line label, which its intrinsic height uses.
    @exclusivity(unchecked) var layoutWidth: CGFloat?
    /// The last measurement and the width it was made at; any change to what is measured drops it.
    @exclusivity(unchecked) private var cached: (width: CGFloat?, result: TextMeasurement)?

    public init(identifier: String = "label", text: String = "", font: Font = Font()) {
        self.text = text
        self.font = font
        super.init(identifier: identifier)
    }

    /// Whether the label's height depends on the width it gets: more than one line, and no
    /// ``preferredMaxLayoutWidth``.
    public var wrapsAtLayoutWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }

    /// The width lines break at for the intrinsic size.
    var measuringWidth: CGFloat? {
        if numberOfLines == 1 { return nil }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return layoutWidth
    }

    /// The measurement of the text at the current measuring width, or nil without a measurer.
    public var measurement: TextMeasurement? {
        let width = measuringWidth
        if let c = cached, c.width == width { return c.result }
        let request = TextMeasureRequest(text: text, font: font, width: width, numberOfLines: numberOfLines,
                                         lineBreakMode: lineBreakMode, lineHeight: lineHeight,
                                         contentSizeCategory: contentSizeCategory, language: language)
        let result: TextMeasurement
        if let r = selfMeasuring?.measure(request) {
            result = r
        } else if let m = measurer {
            result = m.measure(request, context: &measuringContext)
            selfMeasuring = measuringContext as? SelfMeasuringContext
        } else if let m = Label.defaultMeasurer {
            result = m.measure(request, context: &measuringContext)
        } else {
            return nil
        }
        cached = (width, result)
        return result
    }

    open override var intrinsicContentSize: CGSize {
        guard !text.isEmpty, let m = measurement else {
            return text.isEmpty ? .zero : CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
        }
        return CGSize(width: m.size.width.rounded(.up), height: m.size.height.rounded(.up))
    }

    open override var firstBaselineOffsetFromTop: CGFloat? { measurement?.firstBaseline }

    open override var lastBaselineOffsetFromBottom: CGFloat? {
        guard let m = measurement else { return nil }
        return m.size.height.rounded(.up) - m.lastBaseline
    }

    /// The alignment a line of the label is drawn with, as UILabel resolves its ``textAlignment``:
    /// `natural` is left in a left-to-right paragraph and right in a right-to-left one (the
    /// paragraph's direction: its first strong character's, else the label's layout direction);
    /// `justified` justifies every line but the last of a paragraph, which is natural; `left`,
    /// `center` and `right` are as they say in either direction.
    /// - Parameters:
    ///   - paragraphDirection: the base direction of the line's paragraph.
    ///   - endsParagraph: whether the line is the last of its paragraph.
    public func lineAlignment(paragraphDirection: LayoutDirection, endsParagraph: Bool) -> TextAlignment {
        let natural: TextAlignment = paragraphDirection == .rightToLeft ? .right : .left
        switch textAlignment {
        case .natural: return natural
        case .justified: return endsParagraph ? natural : .justified
        case .left, .center, .right: return textAlignment
        }
    }

    private func textDidChange() {
        cached = nil
        contentDidChange(baselines: true)
    }

    /// Called by the engine after a solve: a multi-line label that got another width re-measures.
    /// Returns whether its intrinsic size changed.
    /// - Parameter width: the label's solved width, in points.
    public func adoptLayoutWidth(_ width: CGFloat) -> Bool {
        guard wrapsAtLayoutWidth, layoutWidth != width else { return false }
        let before = intrinsicContentSize
        layoutWidth = width
        let after = intrinsicContentSize
        if before != after {
            textDidChange()
            return true
        }
        invalidateBaselines()
        return false
    }
}

extension Label: WidthDependentLayout {}

/// A value behind a lock, for the few process-wide settings.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
