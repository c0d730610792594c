import AutoLayout
import Foundation
import CellSpecs

// One input: a cell spec in YAML or JSON (its bytes as UTF-8, invalid sequences repaired), read
// by the CellSpecs reader; a spec it accepts is built into a CellTemplate (views, bindings,
// constraints activated) and fitted to a width, as `selfsizing heights` does with a row. A
// thrown SpecError is the expected outcome of most inputs; a trap, a leak or a hang is a finding.

/// A data item with the fields the example specs bind, so that bound text and sizes reach layout.
let item: DataItem = [
    "title": .string("Fuzz"), "content": .string("Some longer content to wrap across lines."),
    "username": .string("fuzz"), "time": .string("now"), "imageWidth": .number(80),
    "imageHeight": .number(60), "text": .string("text"), "name": .string("name"),
    "price": .number(9.5), "hidden": .bool(false),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    do {
        let spec = try CellSpec(yaml: text, file: "fuzz.yaml")
        let template = try CellTemplate(spec: spec)
        try? template.configure(with: item, row: 0)
        _ = template.fittingSize(width: 320)
    } catch {
        _ = String(describing: error)
    }
    return 0
}
