import CellSpecs
import Foundation
import Testing

/// Inputs `make fuzz` (Fuzz/) found to crash a reader, minimized: each is now a located error.
@Suite struct FuzzRegressionTests {
    func documentError(_ bytes: [UInt8]) throws -> SpecError {
        do {
            _ = try InterfaceBuilderDocument(data: Data(bytes), file: "fuzz.xib")
        } catch {
            return error
        }
        Issue.record("the document was read")
        throw CancellationError()
    }

    /// FuzzInterfaceBuilder: libxml2 crashed (SEGV in xmlParseChunk) on a UTF-7 declaration
    /// followed by a NUL byte; other encodings it hands to iconv crash on other bytes.
    @Test(arguments: [
        ("UTF-7", [0x00] as [UInt8]),
        ("utf-7", Array("<a>\u{0}".utf8)),
        ("UTF-32", Array("<a/>".utf8)),
        ("Shift_JIS", Array("<a>+AGEA-".utf8) + [0xFF, 0x00]),
    ])
    func anEncodingXMLParserCannotDecodeItselfIsRefused(_ encoding: String, _ rest: [UInt8]) throws {
        let e = try documentError(Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>".utf8) + rest)
        #expect(e.file == "fuzz.xib")
        #expect(e.line == 1 && e.column == 21, "\(e)")
        #expect(e.message.contains("the encoding '\(encoding)'"), "\(e)")
    }

    /// FuzzInterfaceBuilder: XMLParser's processing-instruction callback read the missing data
    /// of `<?m?>` from a null pointer (SEGV in strlen).
    @Test(arguments: ["<?m?>", "<?xml version=\"1.0\"?>\n<document>\n  <?target?>\n</document>"])
    func aProcessingInstructionIsRefused(_ text: String) throws {
        let e = try documentError(Array(text.utf8))
        #expect(e.message.contains("a processing instruction"), "\(e)")
        #expect(e.line == (text.hasPrefix("<?m") ? 1 : 3), "\(e)")
    }

    /// The same, in UTF-16 (whose bytes interleave NULs with the ASCII).
    @Test func aProcessingInstructionInUTF16IsRefused() throws {
        let e = try documentError([0xFE, 0xFF] + Array("<?m?>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(e.message.contains("a processing instruction"), "\(e)")
    }

    /// FuzzInterfaceBuilder: libxml2 crashed (SEGV in xmlParseChunk) on a UTF-8 document after
    /// three NUL bytes, which it takes for UCS-4 and hands to iconv.
    @Test(arguments: [[0, 0, 0] as [UInt8], [0x3C, 0, 0, 0], [0x00, 0x00, 0xFE, 0xFF]])
    func aUCS4StartIsRefused(_ start: [UInt8]) throws {
        let e = try documentError(start + Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document/>".utf8))
        #expect(e.line == 1 && e.column == 1, "\(e)")
        #expect(e.message.contains("UCS-4"), "\(e)")
    }

    /// The encodings libxml2 decodes itself still read.
    @Test(arguments: ["UTF-8", "utf-8", "ISO-8859-1", "US-ASCII"])
    func builtInEncodingsStillRead(_ encoding: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n"
            + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects/></document>\n"
        let document = try InterfaceBuilderDocument(data: Data(text.utf8), file: "fuzz.xib")
        #expect(document.cells.isEmpty)
    }
}
