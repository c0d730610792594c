import Foundation

/// A button with a title, as UIButton of the system type with the default (legacy, not
/// `UIButton.Configuration`) style: its intrinsic size is its title measured as a one-line label,
/// plus ``contentInsets``.
///
/// UIKit's numbers (iOS 17, default content size category):
/// 1. The title's font is the system font at 15 points (`UIButton`'s default title font; Interface
///    Builder writes it as `fontDescription type="system" pointSize="15"`).
/// 2. The title label is inset 6 points at the top and bottom and 0 at the sides: UIKit adds 6
///    points above and below the title label of a button without content edge insets (a 15-point
///    title is 18 high, the button 30: IB's "Button" is 46 x 30; an 18-point one 21 and 33).
/// 3. Explicit insets (IB's `contentEdgeInsets`) replace rule 2's.
/// 4. A button without a title is 30 x 34, the size UIKit reports for an empty UIButton.
/// 5. A button with a `UIButton.Configuration` (IB's `<buttonConfiguration>`, the default since
///    Xcode 13: styles plain, gray, tinted, filled, at the default medium size) measures its title
///    in the body text style (17 points at the default category) inside 7 points above and below
///    and 12 at the sides: IB's new "Button" is 75 x 35. Make one with ``configurationFont`` and
///    ``configurationContentInsets``.
///
/// Change the title through the button: its width and height follow it, and the engine re-solves.
open class Button: View {
    /// UIKit's padding around the title of a button with no content insets: 6 above and below.
    public static let defaultContentInsets = DirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0)
    /// UIKit's size of a button with no title: 30 x 34.
    public static let emptySize = CGSize(width: 30, height: 34)
    /// The content insets of a configuration-based button at the medium size (rule 5).
    public static let configurationContentInsets = DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
    /// The title font of a configuration-based button (rule 5): the body text style.
    public static let configurationFont = Font.preferred(.body)

    /// Measures the title, one line; not in the hierarchy.
    private let titleLabel: Label

    /// The title; an empty title makes ``emptySize``.
    public var title: String {
        get { titleLabel.text }
        set { if newValue != titleLabel.text { titleLabel.text = newValue; invalidateIntrinsicContentSize() } }
    }

    /// The title's font: the system font at 15 points by default, as UIButton's.
    public var font: Font {
        get { titleLabel.font }
        set { if newValue != titleLabel.font { titleLabel.font = newValue; invalidateIntrinsicContentSize() } }
    }

    /// The room around the title (rule 2's 6 points above and below by default).
    public var contentInsets: DirectionalEdgeInsets = Button.defaultContentInsets {
        didSet { if contentInsets != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// The title's measurer; nil uses `Label.defaultMeasurer`.
    public var measurer: (any TextMeasuring)? {
        get { titleLabel.measurer }
        set { titleLabel.measurer = newValue; invalidateIntrinsicContentSize() }
    }

    /// The content size category a Dynamic Type title font follows.
    public var contentSizeCategory: ContentSizeCategory {
        get { titleLabel.contentSizeCategory }
        set { if newValue != titleLabel.contentSizeCategory { titleLabel.contentSizeCategory = newValue; invalidateIntrinsicContentSize() } }
    }

    /// The title's measurement, or nil without a title or a measurer.
    public var titleMeasurement: TextMeasurement? { title.isEmpty ? nil : titleLabel.measurement }

    /// Creates a button.
    /// - Parameters:
    ///   - identifier: a name for diagnostics and layout output.
    ///   - title: the title.
    ///   - font: the title's font, 15-point system by default.
    public init(identifier: String = "button", title: String = "", font: Font = Font(size: 15)) {
        titleLabel = Label(identifier: identifier + ".titleLabel", text: title, font: font)
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize {
        if title.isEmpty { return Button.emptySize }
        let t = titleLabel.intrinsicContentSize
        guard t.width != CGSize.noIntrinsicMetric else { return t }
        let i = contentInsets
        return CGSize(width: t.width + i.leading + i.trailing, height: t.height + i.top + i.bottom)
    }

    open override var firstBaselineOffsetFromTop: CGFloat? {
        titleMeasurement.map { contentInsets.top + $0.firstBaseline }
    }

    open override var lastBaselineOffsetFromBottom: CGFloat? {
        titleLabel.lastBaselineOffsetFromBottom.map { $0 + contentInsets.bottom }
    }
}
