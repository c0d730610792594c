import Foundation

/// A text view that does not scroll, as UITextView with `isScrollEnabled` false: sized by its text
/// like a multi-line label, inside UITextView's text container insets.
///
/// The rule (UIKit's defaults, iOS 17):
/// 1. The text sits inside ``textContainerInset``, 8 points at the top and bottom and 0 at the
///    sides (UITextView's default), and each line inside ``lineFragmentPadding``, 5 points at
///    each side (NSTextContainer's default).
/// 2. Lines wrap at the view's width less the insets and the padding: the width the engine solved
///    the view at (it re-measures through ``WidthDependentLayout``, as for a multi-line label),
///    before that pass on one line per paragraph.
/// 3. The intrinsic size is the text's size plus the insets and the padding; an empty text view
///    is one line of its font high (the text container keeps a line for the caret).
/// 4. The default font is the system font at 14 points, what Interface Builder gives a new text
///    view (a UITextView without a font uses 12-point Helvetica).
/// 5. A scrolling text view (``isScrollEnabled``) has no intrinsic size, as UIKit's.
open class TextView: View {
    /// UITextView's default text container inset: 8 at the top and bottom.
    public static let defaultTextContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
    /// NSTextContainer's default line fragment padding: 5 points at each side.
    public static let defaultLineFragmentPadding: CGFloat = 5

    /// Measures the text, wrapped; not in the hierarchy.
    private let textLabel: Label

    /// The text.
    public var text: String {
        get { textLabel.text }
        set { if newValue != textLabel.text { textLabel.text = newValue; invalidateBaselinesAndSize() } }
    }

    /// The font, 14-point system by default (rule 4).
    public var font: Font {
        get { textLabel.font }
        set { if newValue != textLabel.font { textLabel.font = newValue; invalidateBaselinesAndSize() } }
    }

    /// How lines are spaced.
    public var lineHeight: LineHeight {
        get { textLabel.lineHeight }
        set { if newValue != textLabel.lineHeight { textLabel.lineHeight = newValue; invalidateBaselinesAndSize() } }
    }

    /// The content size category a Dynamic Type font follows.
    public var contentSizeCategory: ContentSizeCategory {
        get { textLabel.contentSizeCategory }
        set { if newValue != textLabel.contentSizeCategory { textLabel.contentSizeCategory = newValue; invalidateBaselinesAndSize() } }
    }

    /// The BCP-47 language of the text, if known.
    public var language: String? {
        get { textLabel.language }
        set { if newValue != textLabel.language { textLabel.language = newValue; invalidateBaselinesAndSize() } }
    }

    /// The text's measurer; nil uses `Label.defaultMeasurer`.
    public var measurer: (any TextMeasuring)? {
        get { textLabel.measurer }
        set { textLabel.measurer = newValue; invalidateBaselinesAndSize() }
    }

    /// How lines align; it does not change the size.
    public var textAlignment = TextAlignment.natural
    /// The text's colour.
    public var textColor = Color.black

    /// The room around the text container (rule 1).
    public var textContainerInset = TextView.defaultTextContainerInset {
        didSet { if textContainerInset != oldValue { textLabel.layoutWidth = nil; invalidateBaselinesAndSize() } }
    }

    /// The room at each side of every line (rule 1).
    public var lineFragmentPadding = TextView.defaultLineFragmentPadding {
        didSet { if lineFragmentPadding != oldValue { textLabel.layoutWidth = nil; invalidateBaselinesAndSize() } }
    }

    /// Whether the text view scrolls: it then has no intrinsic size (rule 5).
    public var isScrollEnabled = false {
        didSet { if isScrollEnabled != oldValue { invalidateBaselinesAndSize() } }
    }

    /// Creates a text view that does not scroll.
    /// - Parameters:
    ///   - identifier: a name for diagnostics and layout output.
    ///   - text: the text.
    ///   - font: the font, 14-point system by default.
    public init(identifier: String = "textView", text: String = "", font: Font = Font(size: 14)) {
        textLabel = Label(identifier: identifier + ".text", text: text, font: font)
        textLabel.numberOfLines = 0
        textLabel.lineBreakMode = .byWordWrapping
        super.init(identifier: identifier)
    }

    /// The sides' room: the insets and the line fragment padding.
    private var horizontalRoom: CGFloat { textContainerInset.left + textContainerInset.right + 2 * lineFragmentPadding }

    /// The text's measurement at the current wrapping width, or nil without a measurer. An empty
    /// text is measured as one line (rule 3).
    public var textMeasurement: TextMeasurement? {
        guard !text.isEmpty else {
            let probe = Label(identifier: identifier + ".caret", text: " ", font: font)
            probe.measurer = measurer
            probe.contentSizeCategory = contentSizeCategory
            probe.lineHeight = lineHeight
            return probe.measurement.map { TextMeasurement(size: CGSize(width: 0, height: $0.size.height),
                                                          firstBaseline: $0.firstBaseline, lastBaseline: $0.lastBaseline,
                                                          lineCount: 1) }
        }
        return textLabel.measurement
    }

    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled, let m = textMeasurement else {
            return CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
        }
        let i = textContainerInset
        return CGSize(width: m.size.width.rounded(.up) + horizontalRoom,
                      height: m.size.height.rounded(.up) + i.top + i.bottom)
    }

    open override var firstBaselineOffsetFromTop: CGFloat? {
        textMeasurement.map { textContainerInset.top + $0.firstBaseline }
    }

    open override var lastBaselineOffsetFromBottom: CGFloat? {
        textMeasurement.map { $0.size.height.rounded(.up) - $0.lastBaseline + textContainerInset.bottom }
    }

    private func invalidateBaselinesAndSize() {
        contentDidChange(baselines: true)
    }
}

extension TextView: WidthDependentLayout {
    /// Whether the size follows the layout width: when the text view does not scroll.
    public var wrapsAtLayoutWidth: Bool { !isScrollEnabled }

    /// Re-measures the text at the solved width less the insets and padding (rule 2).
    /// - Parameter width: the text view's solved width, in points.
    public func adoptLayoutWidth(_ width: CGFloat) -> Bool {
        guard wrapsAtLayoutWidth else { return false }
        let lineWidth = max(0, width - horizontalRoom)
        guard textLabel.layoutWidth != lineWidth else { return false }
        let before = intrinsicContentSize
        textLabel.layoutWidth = lineWidth
        if intrinsicContentSize != before {
            contentDidChange(baselines: true)
            return true
        }
        invalidateBaselines()
        return false
    }
}
