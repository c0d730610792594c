import AutoLayout
import CellSpecs
import Foundation
import Testing

/// Helpers of the Interface Builder import tests: every fixture cell, imports, and a measurer
/// whose lines scale with the font (so that baselines differ between sizes).
enum IBImports {
    /// Every cell of every fixture, with its document.
    static func allCells() throws -> [(document: InterfaceBuilderDocument, cell: IBCell)] {
        try IBFixtures.names.flatMap { name in
            let document = try IBFixtures.document(name)
            return document.cells.map { (document, $0) }
        }
    }

    /// The import of a fixture's cell.
    static func imported(_ file: String, _ cell: String, asRecorded: Bool = false,
                         fonts: any InterfaceBuilderFontResolving = BasicInterfaceBuilderFonts()) throws -> InterfaceBuilderImport {
        let document = try IBFixtures.document(file)
        return try InterfaceBuilderImport(cell: try document.cell(named: cell), in: document,
                                          options: .init(fonts: fonts, asRecorded: asRecorded))
    }

    /// The spec constraint made from the IB constraint with this id.
    static func constraint(_ imported: InterfaceBuilderImport, ibID: String) throws -> CellSpec.ConstraintSpec {
        let document = try IBFixtures.document(URL(fileURLWithPath: imported.spec.file).lastPathComponent)
        let element = try #require(document.elementsByID[ibID])
        return try #require(imported.spec.constraints.first { $0.location == element.location }, "no constraint from \(ibID)")
    }

    /// The spec id of an IB id.
    static func id(_ imported: InterfaceBuilderImport, _ ibID: String) throws -> String {
        try #require(imported.ibIDs.first { $0.value == ibID }?.key, "no view from \(ibID)")
    }
}

/// Characters half the font size wide, lines 1.2 times it high, the baseline at 0.95 of it.
struct ScaledMeasurer: TextMeasuring {
    func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        let size = request.font.textStyle == nil ? request.font.size : 17
        let inner = MonospaceTextMeasurer(advance: size * 0.5, lineHeight: size * 1.2, ascent: size * 0.95)
        return inner.measure(request)
    }
}
