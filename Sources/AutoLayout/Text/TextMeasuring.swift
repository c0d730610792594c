import Foundation

/// A font as layout describes it; a ``TextMeasuring`` implementation resolves it to font files.
public struct Font: Hashable, Sendable {
    /// The family name, as fontconfig or CSS know it ("DejaVu Sans", "Noto Sans CJK SC"); "system"
    /// is the platform's user interface font.
    public var family: String
    /// The size in points (CSS px) when ``textStyle`` is nil.
    public var size: CGFloat
    /// The weight, 100 (thin) to 900 (black); 400 is regular, 700 bold.
    public var weight: Int
    public var isItalic: Bool
    /// A Dynamic Type text style: the size and weight then come from the style at the label's
    /// content size category, and ``size`` and ``weight`` are ignored.
    public var textStyle: TextStyle?
    /// A font file to use instead of looking the family up (face 0 of a collection).
    public var path: String?

    public init(family: String = "system", size: CGFloat = 17, weight: Int = 400, isItalic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
        self.textStyle = nil
        self.path = nil
    }

    /// The font in a file.
    public static func file(_ path: String, size: CGFloat) -> Font {
        var f = Font(family: path, size: size)
        f.path = path
        return f
    }

    /// The font of a Dynamic Type text style.
    public static func preferred(_ style: TextStyle, family: String = "system") -> Font {
        var f = Font(family: family)
        f.textStyle = style
        return f
    }

    public static func system(size: CGFloat, weight: Int = 400) -> Font { Font(size: size, weight: weight) }
}

/// Apple's Dynamic Type text styles.
public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2
}

/// The user's preferred text size, from extra small to the largest accessibility size.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How lines break and where text that does not fit is cut, as NSLineBreakMode.
public enum LineBreakMode: Sendable, Hashable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// Horizontal alignment of lines, as NSTextAlignment.
public enum TextAlignment: Sendable, Hashable {
    case natural, left, center, right, justified
}

/// How tall a line is, as NSParagraphStyle sets it: from the font (natural), or fixed, or bounded,
/// or a multiple of the natural height.
public enum LineHeight: Sendable, Hashable {
    case natural
    case fixed(CGFloat)
    case minimum(CGFloat)
    case maximum(CGFloat)
    case multiple(CGFloat)
}

/// What a label asks its measurer.
public struct TextMeasureRequest: Hashable, Sendable {
    public var text: String
    public var font: Font
    /// The width lines break at; nil for no limit (one line per paragraph).
    public var width: CGFloat?
    /// The most lines shown; 0 for no limit.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var lineHeight: LineHeight
    public var contentSizeCategory: ContentSizeCategory
    /// The BCP-47 language of the text, if known (it picks CJK font variants).
    public var language: String?

    public init(text: String, font: Font, width: CGFloat?, numberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byWordWrapping, lineHeight: LineHeight = .natural,
                contentSizeCategory: ContentSizeCategory = .large, language: String? = nil) {
        self.text = text
        self.font = font
        self.width = width
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineHeight = lineHeight
        self.contentSizeCategory = contentSizeCategory
        self.language = language
    }
}

/// What a measurer answers.
public struct TextMeasurement: Hashable, Sendable {
    /// The size of the laid-out lines: the widest line's width, and the lines' total height.
    public var size: CGSize
    /// The distance from the top to the first line's baseline.
    public var firstBaseline: CGFloat
    /// The distance from the top to the last line's baseline.
    public var lastBaseline: CGFloat
    public var lineCount: Int

    public init(size: CGSize, firstBaseline: CGFloat, lastBaseline: CGFloat, lineCount: Int) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.lineCount = lineCount
    }
}

/// Measures text for labels. TextLayout provides the real one (fontconfig, HarfBuzz, ICU); set it
/// as ``Label/defaultMeasurer`` or per label.
///
/// Threading: a measurer may be called from several threads at once and must give identical
/// results for identical requests.
public protocol TextMeasuring: Sendable {
    func measure(_ request: TextMeasureRequest) -> TextMeasurement

    /// Measures with a context the caller keeps between calls and never shares across threads (a
    /// label keeps one): a measurer may keep there what it worked out for the request's font and
    /// text, so that the next request with the same font (a template's next row) or the same text
    /// (a label's second pass) starts from it. Gives what ``measure(_:)`` gives. The default
    /// ignores the context.
    func measure(_ request: TextMeasureRequest, context: inout AnyObject?) -> TextMeasurement
}

extension TextMeasuring {
    public func measure(_ request: TextMeasureRequest, context: inout AnyObject?) -> TextMeasurement {
        measure(request)
    }
}

/// A measuring context (see ``TextMeasuring/measure(_:context:)``) that can answer a request
/// itself when the request fits what it kept, holding what it needs of its measurer. A label asks
/// its context first: the measurer, which every label (and every thread) shares, is then not
/// touched at all.
public protocol SelfMeasuringContext: AnyObject {
    /// The measurement ``TextMeasuring/measure(_:context:)`` would give with this context, or nil
    /// when the request does not fit it (another font, category or language).
    func measure(_ request: TextMeasureRequest) -> TextMeasurement?
}
