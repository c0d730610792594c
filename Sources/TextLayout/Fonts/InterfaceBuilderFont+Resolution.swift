import AutoLayout
import Foundation

/// A font that could not be found, and what is used instead: a warning, never a failure (UIKit
/// too draws a label whose font is missing in the system font).
public struct FontWarning: Hashable, Sendable, CustomStringConvertible {
    /// The font asked for: a PostScript name as Interface Builder wrote it, or the system font's
    /// stand-in family (``FontLibrary/systemUIFamily``) when that is what is missing.
    public var requested: String
    /// The family Interface Builder wrote beside the name, if any.
    public var requestedFamily: String?
    /// The family of the face used instead, as fontconfig names it; nil when no font at all was found.
    public var substitute: String?
    /// The style of the face used instead ("Bold"), as fontconfig names it.
    public var substituteStyle: String?

    /// A warning that `requested` (of `requestedFamily`) was not found and `substitute` stands in.
    public init(requested: String, requestedFamily: String? = nil, substitute: String?, substituteStyle: String? = nil) {
        self.requested = requested
        self.requestedFamily = requestedFamily
        self.substitute = substitute
        self.substituteStyle = substituteStyle
    }

    /// The warning as one sentence: `font "Avenir-Book" (family "Avenir") not found; using Inter Regular`.
    public var description: String {
        let asked = "font \"\(requested)\"" + (requestedFamily.map { " (family \"\($0)\")" } ?? "")
        guard let substitute else { return "\(asked) not found, and no font to use instead" }
        return "\(asked) not found; using \(substitute)" + (substituteStyle.map { $0.isEmpty ? "" : " \($0)" } ?? "")
    }
}

extension FontLibrary {
    /// The AutoLayout font to give a label for an Interface Builder font, with a warning when it
    /// had to fall back.
    ///
    /// Rules:
    /// 1. The system fonts (`system` at a weight, `boldSystem` at 700, `italicSystem`) are the
    ///    family ``systemUIFamilyName``, which resolves to ``systemUIFamily`` when measured; a text
    ///    style is `Font.preferred(style, family: systemUIFamilyName)`, sized and weighted by the
    ///    label's content size category when measured. They warn when the stand-in family is
    ///    not installed (fontconfig substitutes another).
    /// 2. A custom font whose PostScript name (or family) is `name` is that face: the font's
    ///    family is the name, which resolves back to the face.
    /// 3. Otherwise a custom font with a `family` that fontconfig has is that family, at the weight
    ///    and slant the name's style part says ("-BoldItalic"), without a warning.
    /// 4. Otherwise it is the system font at that weight and slant, with a warning naming both.
    /// - Parameter ibFont: the font as Interface Builder describes it.
    /// - Returns: the font, and a warning when the font asked for was not found.
    public func font(for ibFont: InterfaceBuilderFont) -> (font: Font, warning: FontWarning?) {
        let size = ibFont.pointSize
        let system = Self.systemUIFamilyName
        switch ibFont.kind {
        case .system(let weight):
            return checked(Font(family: system, size: size, weight: weight), weight: weight)
        case .boldSystem:
            return checked(Font(family: system, size: size, weight: 700), weight: 700)
        case .italicSystem:
            return checked(Font(family: system, size: size, isItalic: true), weight: 400)
        case .textStyle(let style):
            return checked(Font.preferred(style, family: system), weight: DynamicType.metrics(style, .large).weight)
        case .custom(let name, let family):
            let (weight, isItalic) = InterfaceBuilderFont.style(ofPostScriptName: name)
            if let named = match(family: name, weight: weight, italic: isItalic), named.isExact {
                return (Font(family: name, size: size, weight: named.weight, isItalic: named.isItalic), nil)
            }
            if let family, match(family: family, weight: weight, italic: isItalic)?.isExact == true {
                return (Font(family: family, size: size, weight: weight, isItalic: isItalic), nil)
            }
            let fallback = Font(family: system, size: size, weight: weight, isItalic: isItalic)
            let used = match(family: system, weight: weight, italic: isItalic)
            return (fallback, FontWarning(requested: name, requestedFamily: family, substitute: used?.family,
                                          substituteStyle: used?.style))
        }
    }

    /// A system font, with a warning when the stand-in family is not what fontconfig found.
    private func checked(_ font: Font, weight: Int) -> (font: Font, warning: FontWarning?) {
        let used = match(family: font.family, weight: weight, italic: font.isItalic)
        guard used?.isExact != true else { return (font, nil) }
        return (font, FontWarning(requested: systemUIFamily, substitute: used?.family, substituteStyle: used?.style))
    }
}

extension TextMeasurer {
    /// The AutoLayout font to give a label for an Interface Builder font, with a warning when it
    /// had to fall back; resolved in this measurer's ``library`` (see
    /// ``FontLibrary/font(for:)``).
    /// - Parameter ibFont: the font as Interface Builder describes it.
    /// - Returns: the font, and a warning when the font asked for was not found.
    public func font(for ibFont: InterfaceBuilderFont) -> (font: Font, warning: FontWarning?) {
        library.font(for: ibFont)
    }
}
