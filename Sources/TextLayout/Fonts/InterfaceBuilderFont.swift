import AutoLayout
import Foundation

/// What Interface Builder's `<fontDescription>` says, as data.
///
/// Xcode writes four forms:
/// - `type="system" pointSize="17"`, with `weight="semibold"` when not regular: UIKit's system
///   font (`UIFont.systemFont(ofSize:weight:)`);
/// - `type="boldSystem"` or `type="italicSystem"` with `pointSize`: its bold or italic;
/// - `style="UICTFontTextStyleBody"`: a Dynamic Type text style (`UIFont.preferredFont(forTextStyle:)`),
///   sized by the content size category;
/// - `name="HelveticaNeue-Bold" family="Helvetica Neue" pointSize="17"`: a custom font by
///   PostScript name, with its family.
public struct InterfaceBuilderFont: Hashable, Sendable {
    /// Which font a description names.
    public enum Kind: Hashable, Sendable {
        /// The system font at a weight, OpenType's 100...900 (``InterfaceBuilderFont/weight(named:)``).
        case system(weight: Int)
        /// The bold system font (`UIFont.boldSystemFont(ofSize:)`).
        case boldSystem
        /// The italic system font (`UIFont.italicSystemFont(ofSize:)`).
        case italicSystem
        /// A Dynamic Type text style.
        case textStyle(TextStyle)
        /// A font by PostScript name, with the family Xcode wrote beside it.
        case custom(name: String, family: String?)
    }

    /// Which font.
    public var kind: Kind
    /// The size in points; for a text style, its size at the large (default) content size
    /// category, which the category replaces when the font is measured.
    public var pointSize: CGFloat

    /// A font of a kind at a size.
    public init(kind: Kind, pointSize: CGFloat) {
        self.kind = kind
        self.pointSize = pointSize
    }

    /// The size UIKit gives a label whose description has none: 17 points.
    public static let defaultPointSize: CGFloat = 17

    /// From a `<fontDescription>`'s attributes (type, weight, pointSize, style, name, family); nil
    /// when they do not describe a font.
    ///
    /// Rules, in order:
    /// 1. A `style` is a text style, whatever else is written; an unknown style describes no font.
    /// 2. A `name` is a custom font (with `family` when written).
    /// 3. A `type` of `system`, `boldSystem` or `italicSystem` is the system font; an unknown
    ///    `weight` is regular. Any other type describes no font.
    /// 4. `pointSize` must be a positive number when written; without it, a text style has its
    ///    size at the large category and any other font 17 points, as UIKit's default label font.
    public init?(attributes: [String: String]) {
        var size: CGFloat?
        if let written = attributes["pointSize"] {
            guard let value = Double(written.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0 else { return nil }
            size = CGFloat(value)
        }
        if let styleName = attributes["style"] {
            guard let style = Self.textStyle(named: styleName) else { return nil }
            self.init(kind: .textStyle(style), pointSize: size ?? CGFloat(DynamicType.metrics(style, .large).size))
            return
        }
        if let name = attributes["name"], !name.isEmpty {
            let family = attributes["family"].flatMap { $0.isEmpty ? nil : $0 }
            self.init(kind: .custom(name: name, family: family), pointSize: size ?? Self.defaultPointSize)
            return
        }
        let kind: Kind
        switch attributes["type"] {
        case "system": kind = .system(weight: attributes["weight"].flatMap(Self.weight(named:)) ?? 400)
        case "boldSystem": kind = .boldSystem
        case "italicSystem": kind = .italicSystem
        default: return nil
        }
        self.init(kind: kind, pointSize: size ?? Self.defaultPointSize)
    }
}

extension InterfaceBuilderFont {
    /// The OpenType weight of one of Interface Builder's weight names (`UIFont.Weight`), or nil for
    /// another name: ultraLight 100, thin 200, light 300, regular 400, medium 500, semibold 600,
    /// bold 700, heavy 800, black 900, as SF Pro's faces are numbered (its Ultralight is lighter
    /// than its Thin).
    public static func weight(named name: String) -> Int? {
        weights[name.lowercased()]
    }

    private static let weights: [String: Int] = [
        "ultralight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "heavy": 800, "black": 900,
    ]

    /// The text style of a UIKit text style name (`UIFont.TextStyle`'s raw values, as Interface
    /// Builder writes them: "UICTFontTextStyleBody", "UICTFontTextStyleTitle0" for the large
    /// title, "UICTFontTextStyleSubhead"), or nil for another name.
    public static func textStyle(named name: String) -> TextStyle? {
        textStyles[name]
    }

    private static let textStyles: [String: TextStyle] = [
        "UICTFontTextStyleTitle0": .largeTitle, "UICTFontTextStyleLargeTitle": .largeTitle,
        "UICTFontTextStyleTitle1": .title1, "UICTFontTextStyleTitle2": .title2, "UICTFontTextStyleTitle3": .title3,
        "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleSubhead": .subheadline,
        "UICTFontTextStyleSubheadline": .subheadline, "UICTFontTextStyleBody": .body,
        "UICTFontTextStyleCallout": .callout, "UICTFontTextStyleFootnote": .footnote,
        "UICTFontTextStyleCaption1": .caption1, "UICTFontTextStyleCaption2": .caption2,
    ]

    /// The weight and slant a PostScript name's style part says ("Avenir-HeavyOblique": 800,
    /// italic), for looking a custom font up by family when its name is not found. Words as
    /// OpenType numbers them: Thin/Hairline 100, ExtraLight/UltraLight 200, Light 300,
    /// Regular/Book/Roman 400, Medium 500, SemiBold/DemiBold 600, Bold 700, ExtraBold/UltraBold/
    /// Heavy 800, Black 900; "Italic" or "Oblique" anywhere in it is italic.
    public static func style(ofPostScriptName name: String) -> (weight: Int, isItalic: Bool) {
        guard let dash = name.lastIndex(of: "-") else { return (400, false) }
        let style = name[name.index(after: dash)...].lowercased()
        let isItalic = style.contains("italic") || style.contains("oblique")
        // Longer words first: "semibold" holds "bold", "ultralight" holds "light".
        let words: [(String, Int)] = [
            ("semibold", 600), ("demibold", 600), ("extrabold", 800), ("ultrabold", 800), ("extralight", 200),
            ("ultralight", 200), ("hairline", 100), ("thin", 100), ("light", 300), ("medium", 500),
            ("bold", 700), ("heavy", 800), ("black", 900),
        ]
        let weight = words.first { style.contains($0.0) }?.1 ?? 400
        return (weight, isItalic)
    }
}
