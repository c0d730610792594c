import AutoLayout
import Foundation

/// Resolves a `<fontDescription>`'s attributes to a Font; the CLI passes one backed by TextLayout.
///
/// The import calls it once per font description of a label, button or text view (an attributed
/// text's first fragment is turned into the attributes of the description it stands for), and
/// reports each distinct warning once, at the first element that gave it.
public protocol InterfaceBuilderFontResolving {
    /// The font the attributes (`type`, `weight`, `pointSize`, `style`, `name`, `family`) describe,
    /// and why it is not quite that font when it is not (a fallback), for a warning.
    func font(forDescription attributes: [String: String]) -> (font: Font, warning: String?)
}

/// A resolver without font files: system fonts as family ".AppleSystemUIFont" with IB's weight and
/// size, text styles as Font.preferred(style, family: ".AppleSystemUIFont"), custom fonts by name.
///
/// Its rules, in order (those of TextLayout's `InterfaceBuilderFont`, without looking fonts up):
/// 1. A `style` names a text style (`UICTFontTextStyleBody`...); an unknown one falls back to the
///    system font at the description's size, with a warning.
/// 2. A `name` is a custom font by PostScript name, its size `pointSize` (17 when absent).
/// 3. `type="system"` with `weight` (ultraLight 100 ... black 900; regular when absent or
///    unknown), `boldSystem` (700), `italicSystem` (italic) at `pointSize` (17 when absent).
/// 4. Anything else is the regular system font at 17 points, with a warning.
public struct BasicInterfaceBuilderFonts: InterfaceBuilderFontResolving {
    /// The family system fonts get: the name Apple's platforms give San Francisco.
    public static let systemFamily = ".AppleSystemUIFont"

    /// A resolver; it holds nothing.
    public init() {}

    /// The font the attributes describe, by the rules above.
    public func font(forDescription attributes: [String: String]) -> (font: Font, warning: String?) {
        let written = attributes["pointSize"].flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? CGFloat($0) : nil }
        let size = written ?? 17
        if let styleName = attributes["style"] {
            if let style = Self.textStyle(named: styleName) { return (Font.preferred(style, family: Self.systemFamily), nil) }
            return (Font(family: Self.systemFamily, size: size), "unknown text style \"\(styleName)\": the system font at \(size) points instead")
        }
        if let name = attributes["name"], !name.isEmpty {
            return (Font(family: name, size: size), nil)
        }
        switch attributes["type"] {
        case "system":
            let weight = attributes["weight"].flatMap { Self.weights[$0.lowercased()] } ?? 400
            return (Font(family: Self.systemFamily, size: size, weight: weight), nil)
        case "boldSystem":
            return (Font(family: Self.systemFamily, size: size, weight: 700), nil)
        case "italicSystem":
            return (Font(family: Self.systemFamily, size: size, isItalic: true), nil)
        default:
            let text = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " ")
            return (Font(family: Self.systemFamily, size: 17), "a font description the import does not know (\(text)): the system font at 17 points instead")
        }
    }

    /// UIFont.Weight's names as IB writes them, as OpenType weights.
    static let weights: [String: Int] = [
        "ultralight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "heavy": 800, "black": 900,
    ]

    /// The text style of a UIKit text style name as IB writes it (`UICTFontTextStyleSubhead`).
    static func textStyle(named name: String) -> TextStyle? {
        switch name {
        case "UICTFontTextStyleTitle0", "UICTFontTextStyleLargeTitle": .largeTitle
        case "UICTFontTextStyleTitle1": .title1
        case "UICTFontTextStyleTitle2": .title2
        case "UICTFontTextStyleTitle3": .title3
        case "UICTFontTextStyleHeadline": .headline
        case "UICTFontTextStyleSubhead", "UICTFontTextStyleSubheadline": .subheadline
        case "UICTFontTextStyleBody": .body
        case "UICTFontTextStyleCallout": .callout
        case "UICTFontTextStyleFootnote": .footnote
        case "UICTFontTextStyleCaption1": .caption1
        case "UICTFontTextStyleCaption2": .caption2
        default: nil
        }
    }
}
