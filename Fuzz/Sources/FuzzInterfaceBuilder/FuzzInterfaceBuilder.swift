import AutoLayout
import CellSpecs
import Foundation

// One input: an Interface Builder document (a xib or a storyboard, XML), read by the
// InterfaceBuilderDocument reader; its first two cells are imported into cell specs (at run time,
// or as recorded for an input of odd length: one import an input keeps the fuzzer's rate up),
// built into templates and fitted to a width, as `selfsizing` does with `--cell`. A thrown SpecError is the expected outcome of most inputs; a trap, a leak or a hang
// is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilder(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    do {
        let document = try InterfaceBuilderDocument(data: data, file: "fuzz.xib")
        for cell in document.cells.prefix(2) {
            do {
                let imported = try InterfaceBuilderImport(cell: cell, in: document,
                                                          options: .init(asRecorded: count % 2 == 1))
                _ = imported.warnings.map(\.description)
                let template = try imported.makeTemplate()
                _ = template.fittingSize(width: 320)
            } catch {
                _ = String(describing: error)
            }
        }
    } catch {
        _ = String(describing: error)
    }
    return 0
}
