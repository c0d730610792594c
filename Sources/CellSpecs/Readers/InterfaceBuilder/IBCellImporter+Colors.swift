import AutoLayout
import Foundation

/// Colours as Interface Builder writes them, for rendering (layout never reads them). The rules:
/// 1. `red`/`green`/`blue`/`alpha` components, or `white`/`alpha` for a grey, are taken as
///    written, whatever the colour space (sRGB, calibrated or generic grey: close enough to draw).
/// 2. `systemColor="name"` is the colour the document's `<resources>` give that name (Xcode
///    writes each system colour it uses there, in the light appearance).
/// 3. `cocoaTouchSystemColor` (older files) names one of UIKit's fixed colours; an unknown name,
///    a named asset colour or `<nil>` is no colour (the view's default).
extension IBCellImporter {
    /// The colour of the `<color key="…">` child of an element, by the rules above.
    func color(_ key: String, of element: IBElement) -> Color? {
        guard let c = element.child("color", key: key) else { return nil }
        return Self.color(c, document: document)
    }

    static func color(_ c: IBElement, document: InterfaceBuilderDocument) -> Color? {
        func unit(_ name: String) -> Double? { c.number(name).map { min(max($0, 0), 1) } }
        let alpha = unit("alpha") ?? 1
        if let r = unit("red"), let g = unit("green"), let b = unit("blue") {
            return Color(red: r, green: g, blue: b, alpha: alpha)
        }
        if let w = unit("white") { return Color(red: w, green: w, blue: w, alpha: alpha) }
        if let name = c["systemColor"] {
            let resource = document.root.child("resources")?.children("systemColor").first { $0["name"] == name }
            guard let written = resource?.child("color"), written["systemColor"] == nil else { return nil }
            return color(written, document: document)
        }
        if let name = c["cocoaTouchSystemColor"] { return cocoaTouchColors[name] }
        return nil
    }

    /// UIKit's fixed colours as older files name them.
    static let cocoaTouchColors: [String: Color] = [
        "whiteColor": Color(red: 1, green: 1, blue: 1), "blackColor": Color(red: 0, green: 0, blue: 0),
        "darkTextColor": Color(red: 0, green: 0, blue: 0), "lightTextColor": Color(red: 1, green: 1, blue: 1, alpha: 0.6),
        "groupTableViewBackgroundColor": Color(red: 0.937, green: 0.937, blue: 0.957),
        "tableCellGroupedBackgroundColor": Color(red: 1, green: 1, blue: 1),
        "clearColor": Color(red: 0, green: 0, blue: 0, alpha: 0),
    ]
}
