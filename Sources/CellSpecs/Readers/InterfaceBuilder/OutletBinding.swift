import AutoLayout
import Foundation

/// Binds data items to an imported cell's outlets (the "Binding data to imported cells").
///
/// An item's keys name outlets by their property names. The rules, for each outlet:
/// 1. `outlet`: a string or number is a label's or text view's text, a button's title, or an
///    image view's image path (a PNG file: its size is the image's).
/// 2. `outlet.width` and `outlet.height` (numbers; null for no image) size an image view's image.
/// 3. `outlet.hidden` hides the view when true (and shows it when false).
/// 4. An item whose only key is `text` (a plain string item, as ``DataFile`` makes it), when no
///    outlet is named `text`, sets the text of the cell's only multi-line label (`numberOfLines`
///    other than 1); a cell without a multi-line label but with a single label binds it to that
///    label (a one-line title cell).
/// 5. Views without outlets, and outlets the item does not name, keep (get back) their recorded
///    content: text, image and hidden flag as the spec has them.
public struct OutletBinding {
    /// The import the template was built from.
    public let imported: InterfaceBuilderImport
    /// Spec view id -> its view spec, for the recorded content.
    private let viewSpecs: [String: CellSpec.ViewSpec]

    /// Binds to the outlets of an import.
    /// - Parameter imported: the imported cell whose spec the templates are built from.
    public init(_ imported: InterfaceBuilderImport) {
        self.imported = imported
        var specs: [String: CellSpec.ViewSpec] = [:]
        for v in imported.spec.views { specs[v.id] = v }
        viewSpecs = specs
    }

    /// Applies an item to a template built from `imported.spec`: a string sets a label's or text view's text,
    /// {"width","height"} or an image path sets an image view's size, {"hidden": true} or "<outlet>.hidden" hides a view;
    /// a plain string item ({text} only, as DataFile makes it) binds to the cell's only multi-line label (else its only label); views without
    /// outlets (and outlets the item does not name) keep their recorded content. Returns the item's keys it did not know
    /// (the caller reports them once).
    ///
    /// - Parameters:
    ///   - item: the data item.
    ///   - template: a template built from ``imported``'s spec.
    /// - Throws: ``BindingError`` for a value of the wrong kind (a negative size, an image file
    ///   that cannot be read) or a plain string item for a cell without exactly one multi-line label (or, having none, one label).
    /// - Returns: the item's keys that name no outlet or outlet property, sorted.
    public func apply(_ item: DataItem, to template: CellTemplate) throws(BindingError) -> [String] {
        var named: [String: DataItem] = [:]    // outlet -> property ("" for the value itself) -> value
        var unknown: [String] = []
        for (key, value) in item {
            if imported.outlets[key] != nil {
                named[key, default: [:]][""] = value
                continue
            }
            if let dot = key.lastIndex(of: ".") {
                let outlet = String(key[..<dot]), property = String(key[key.index(after: dot)...])
                if imported.outlets[outlet] != nil, ["width", "height", "hidden"].contains(property) {
                    named[outlet, default: [:]][property] = value
                    continue
                }
            }
            unknown.append(key)
        }
        if item.count == 1, let text = item["text"], imported.outlets["text"] == nil {
            let labels = imported.spec.views.filter { $0.type == .label }
            var multiLine = labels.filter { $0.numberOfLines != 1 }
            if multiLine.isEmpty && labels.count == 1 { multiLine = labels }
            guard multiLine.count == 1 else {
                throw BindingError(field: "text", viewID: "contentView",
                                   message: "a plain string item binds to the cell's only multi-line label (else its only label), but it has \(multiLine.count) multi-line and \(labels.count) in all; name an outlet instead of")
            }
            let outlet = imported.outlets.first { $0.value == multiLine[0].id }?.key ?? "text"
            named[outlet, default: [:]][""] = text
            if let view = template.views[multiLine[0].id] as? Label { view.text = text.text }
            unknown.removeAll { $0 == "text" }
        }
        for (outlet, id) in imported.outlets {
            guard let view = template.views[id], let spec = viewSpecs[id] else { continue }
            try bind(named[outlet] ?? [:], to: view, spec)
        }
        return unknown.sorted()
    }

    /// Sets one outlet's view from its values, or back to its recorded content where it has none.
    private func bind(_ values: DataItem, to view: View, _ spec: CellSpec.ViewSpec) throws(BindingError) {
        if let label = view as? Label {
            label.text = values[""]?.text ?? spec.text ?? ""
        } else if let textView = view as? TextView {
            textView.text = values[""]?.text ?? spec.text ?? ""
        } else if let button = view as? Button {
            button.title = values[""]?.text ?? spec.title ?? ""
        } else if let image = view as? ImageView {
            image.image = try self.image(values, spec)
        }
        if let h = values["hidden"] {
            guard let hidden = h.flag else {
                throw BindingError(field: "hidden", viewID: spec.id, message: "\(DataValue.flagRule), got \(h.described), in")
            }
            view.isHidden = hidden
        } else {
            view.isHidden = spec.hidden == "true"
        }
    }

    /// An image view's image: a path's PNG size, else `width` and `height`, else the recorded one.
    private func image(_ values: DataItem, _ spec: CellSpec.ViewSpec) throws(BindingError) -> Image? {
        let id = spec.id
        if let path = values[""], case let .string(p) = path, !p.isEmpty {
            guard let size = Self.pngSize(atPath: p) else {
                throw BindingError(field: p, viewID: id, message: "cannot read the size of the PNG image")
            }
            return Image(size: size, path: p)
        }
        if values["width"] == .null || values["height"] == .null || values[""] == .null { return nil }
        func number(_ key: String, _ recorded: String?) throws(BindingError) -> CGFloat? {
            guard let v = values[key] else { return recorded.flatMap(Double.init).map { CGFloat($0) } }
            // The spec's rule for the same quantity (an image's side): ``SpecLimits/length``.
            guard let n = v.number, n.isFinite, SpecLimits.length.contains(CGFloat(n)) else {
                throw BindingError(field: key, viewID: id,
                                   message: "expected a number \(SpecLimits.describe(SpecLimits.length)), got \(v.described), in")
            }
            return CGFloat(n)
        }
        guard let w = try number("width", spec.imageWidth), let h = try number("height", spec.imageHeight) else { return nil }
        return Image(size: CGSize(width: w, height: h))
    }

    /// The size a PNG file's header gives, in pixels (points at scale 1); nil when the file is
    /// not a readable PNG.
    static func pngSize(atPath path: String) -> CGSize? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24), data.count == 24 else { return nil }
        let bytes = [UInt8](data)
        guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        func u32(_ i: Int) -> UInt32 { bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        return CGSize(width: CGFloat(u32(16)), height: CGFloat(u32(20)))
    }
}
