import AutoLayout
import CellSpecs
import Foundation

// One input: a data file, in the format its content suggests (a JSON array, JSON Lines, a
// property list, else CSV), as `selfsizing` reads a file of another extension; then as one JSON
// data item (`measure --item`). The first rows it yields are bound to a template of a cell whose
// labels, image and hidden flag take fields, and fitted to a width. A thrown DataFileError or
// BindingError is the expected outcome of most inputs; a trap, a leak or a hang is a finding.

/// A cell binding text, numbers (an image size) and a boolean (hidden) from each row.
let spec = """
    views:
      - {id: title, type: label, text: "{title} {text?}", numberOfLines: 0}
      - {id: photo, type: image, size: ["{imageWidth?}", "{imageHeight?}"], hidden: "{hidden?}"}
    constraints:
      - "H:|-[title]-|"
      - "H:|-[photo]"
      - "V:|-[title]-[photo]-|"
    """

/// The template, built for each input: one built once and kept would be reported as a leak by
/// LeakSanitizer, which cannot follow pointers that Swift stores with enum tag bits set.
func makeTemplate() -> CellTemplate {
    do { return try CellTemplate(spec: try CellSpec(yaml: spec, file: "fuzz.yaml")) } catch {
        fatalError("the fuzz target's own spec does not read: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    do {
        let items = try DataFile.parse(data, file: "fuzz.data", format: DataFile.format(of: "fuzz.data", data))
        let template = makeTemplate()
        for (row, item) in items.prefix(3).enumerated() {
            do {
                try template.configure(with: item, row: row)
                _ = template.fittingSize(width: 320)
            } catch {
                _ = String(describing: error)
            }
        }
    } catch {
        _ = String(describing: error)
    }
    do { _ = try DataFile.parseItem(data, file: "fuzz.json") } catch { _ = String(describing: error) }
    return 0
}
