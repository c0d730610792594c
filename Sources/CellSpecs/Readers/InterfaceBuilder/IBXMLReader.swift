import AutoLayout
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses an Interface Builder file into a tree of ``IBElement``s, each placed at its start tag.
///
/// The rules it follows:
/// 1. Any input ends: a document declaring entities is refused before parsing (Interface Builder
///    never writes `<!ENTITY`, and expanding them is the one way XML grows without bound), and
///    elements nest at most ``maximumDepth`` deep (real files nest a few dozen).
/// 1a. Any input is read without a crash: XMLParser (libxml2 under swift-corelibs-foundation)
///    crashes on some inputs, found by fuzzing (Fuzz/, FuzzInterfaceBuilder), which are refused
///    before parsing: an encoding declared other than those libxml2 decodes itself (UTF-8, UTF-16,
///    ISO-8859-1, ASCII; it hands the others to iconv, and crashes on some of their input: UTF-7 or
///    UTF-32 with a NUL, Shift_JIS with invalid bytes, UTF-8 after four bytes that read as UCS-4),
///    a file whose first bytes are UCS-4's or EBCDIC's, and a processing instruction other than
///    the XML declaration (XMLParser's callback reads a missing one's data, `<?m?>`, from a null
///    pointer). Interface Builder writes UTF-8 and no processing instructions.
/// 2. The first error XMLParser reports ends the parse and is the error thrown, at the line and
///    column XMLParser gives for it.
/// 3. XMLParser reports the position at the *end* of a start tag (its `>`); an element's location
///    is its `<`: the last `<` before that position (`<` cannot appear inside an attribute value,
///    so it is the tag's), found by a cursor that reads the file once, in step with the parser.
enum IBXMLReader {
    /// The deepest nesting read; deeper documents are refused (rule 1).
    static let maximumDepth = 256

    /// The file's root element.
    static func parse(_ data: Data, file: String) throws(SpecError) -> IBElement {
        guard !data.isEmpty else { throw SpecError(file: file, line: 0, column: 0, message: "the file is empty") }
        let positions = SourcePositions(data)
        if let entity = positions.offset(of: Array("<!ENTITY".utf8)) {
            let (line, column) = positions.lineAndColumn(ofByte: entity)
            throw SpecError(file: file, line: line, column: column,
                            message: "an entity declaration; Interface Builder documents have none, so this is not one")
        }
        try refuseWhatCrashesXMLParser(positions, file: file)
        let builder = TreeBuilder(file: file, positions: positions)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        guard ok, let root = builder.root else {
            throw SpecError(file: file, line: parser.lineNumber, column: parser.columnNumber,
                            message: "not well-formed XML: \(describe(parser.parserError, open: nil))")
        }
        return root
    }

    /// The encodings libxml2 decodes itself (rule 1a), lowercased.
    static let builtInEncodings: Set<String> = ["utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be",
                                                "iso-8859-1", "iso-latin-1", "latin1", "ascii", "us-ascii"]

    /// Refuses a declared encoding libxml2 does not decode itself and a processing instruction
    /// other than the XML declaration (rule 1a). A document with NUL bytes (UTF-16, UTF-32) is
    /// searched with them dropped, so that its ASCII reads as in UTF-8; the columns of such a
    /// document count bytes.
    static func refuseWhatCrashesXMLParser(_ positions: SourcePositions, file: String) throws(SpecError) {
        // libxml2 detects UCS-4 and EBCDIC by the first four bytes, and decodes them with iconv.
        let first = Array(positions.bytes.prefix(4))
        let iconvStarts: [[UInt8]] = [[0, 0, 0, 0x3C], [0x3C, 0, 0, 0], [0, 0, 0x3C, 0], [0, 0x3C, 0, 0],
                                      [0, 0, 0xFE, 0xFF], [0xFF, 0xFE, 0, 0], [0x4C, 0x6F, 0xA7, 0x94]]
        if iconvStarts.contains(first) {
            throw SpecError(file: file, line: 1, column: 1,
                            message: "the file starts as UCS-4 or EBCDIC text does; Interface Builder writes UTF-8, "
                                + "and this reader takes UTF-8, UTF-16, ISO-8859-1 or ASCII")
        }
        let hasNUL = positions.bytes.contains(0)
        let bytes = hasNUL ? positions.bytes.filter { $0 != 0 } : positions.bytes
        func fail(_ offset: Int, _ message: String) -> SpecError {
            // The offset in the document: past as many bytes other than NUL.
            var original = offset
            if hasNUL {
                var kept = 0
                original = positions.bytes.firstIndex { b in
                    if b != 0 { kept += 1 }
                    return kept > offset
                } ?? positions.bytes.count
            }
            let (line, column) = positions.lineAndColumn(ofByte: original)
            return SpecError(file: file, line: line, column: column, message: message)
        }
        // The declaration, if any, comes first (after a byte order mark).
        let start = bytes.prefix(8).firstIndex(of: UInt8(ascii: "<"))
        var declarationEnd = 0
        if let start, bytes[start...].starts(with: Array("<?xml".utf8)) {
            let end = SourcePositions.find(Array("?>".utf8), in: bytes, from: start) ?? bytes.count
            declarationEnd = end
            if let e = SourcePositions.find(Array("encoding".utf8), in: bytes[..<end], from: start) {
                var i = e + 8
                while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == UInt8(ascii: "=") { i += 1 }
                if i < end, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let nameEnd = bytes[(i + 1)..<end].firstIndex(of: quote) ?? end
                    let name = String(decoding: bytes[(i + 1)..<nameEnd], as: UTF8.self)
                    if !builtInEncodings.contains(name.lowercased()) {
                        throw fail(e, "the XML declaration names the encoding '\(name)'; Interface Builder writes UTF-8, "
                                   + "and this reader takes UTF-8, UTF-16, ISO-8859-1 or ASCII")
                    }
                }
            }
        }
        if let pi = SourcePositions.find(Array("<?".utf8), in: bytes, from: declarationEnd) {
            throw fail(pi, "a processing instruction (<?…?>); Interface Builder documents have none but the XML declaration")
        }
    }

    /// XMLParser's error in words (its NSError carries no message on Linux), naming the element
    /// left open when that is the problem.
    ///
    /// The codes are libxml2's `xmlParserErrors`, which Darwin's `XMLParser.ErrorCode` shares;
    /// swift-corelibs-foundation numbers its enum differently, so the integer is matched.
    static func describe(_ error: (any Error)?, open: (name: String, location: SourceLocation)?) -> String {
        guard let error else { return "the document ends early" }
        let openText = open.map { "<\($0.name)> (line \($0.location.line), column \($0.location.column))" }
        let code = (error as NSError).code
        switch code {
        case 3: return "no root element"
        case 4: return "the file does not start with an XML element"
        // libxml2 reports both a file that ends early and content after the root as "document end".
        case 5, 77: return openText.map { "the file ends inside \($0)" } ?? "content after the root element"
        case 6, 7, 8, 10, 11: return "an invalid character reference (&#…;)"
        case 9: return "an invalid character"
        case 23...30: return "a malformed or unknown entity reference (&…;)"
        case 31, 32: return "an unsupported text encoding"
        case 38: return "a '<' inside an attribute value"
        case 39, 40, 41: return "an attribute is not written as name=\"value\""
        case 42: return "an attribute is written twice in one element"
        case 68: return "a tag without a name"
        case 72, 73: return "a tag is not closed"
        case 76: return openText.map { "the end tag does not match \($0)" } ?? "an end tag does not match the element it closes"
        case 85: return "the elements are not properly nested"
        default: return "XMLParser error \(code)"
        }
    }
}

/// Builds the tree as XMLParser walks the file: open elements on a stack, each closed into an
/// ``IBElement`` when its end tag comes.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    struct Open {
        let name: String
        let attributes: [String: String]
        let location: SourceLocation
        var children: [IBElement] = []
        var text = ""
    }

    let file: String
    let positions: SourcePositions
    var cursor = SourcePositions.Cursor()
    var stack: [Open] = []
    var root: IBElement?
    var failure: SpecError?

    init(file: String, positions: SourcePositions) {
        self.file = file
        self.positions = positions
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        let (line, column) = positions.startOfTag(endingAtLine: parser.lineNumber, column: parser.columnNumber, cursor: &cursor)
        guard stack.count < IBXMLReader.maximumDepth else {
            failure = SpecError(file: file, line: line, column: column,
                                message: "elements nest more than \(IBXMLReader.maximumDepth) deep")
            parser.abortParsing()
            return
        }
        stack.append(Open(name: elementName, attributes: attributeDict,
                          location: SourceLocation(file: file, line: line, column: column)))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let open = stack.popLast() else { return }
        // Whitespace between child elements is layout, not content.
        let text = !open.children.isEmpty && open.text.allSatisfy(\.isWhitespace) ? "" : open.text
        let element = IBElement(name: open.name, attributes: open.attributes, children: open.children,
                                location: open.location, text: text)
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        failure = SpecError(file: file, line: parser.lineNumber, column: parser.columnNumber,
                            message: "not well-formed XML: \(IBXMLReader.describe(parseError, open: stack.last.map { ($0.name, $0.location) }))")
        parser.abortParsing()
    }
}

/// Lines and columns of a file's bytes: columns count characters (Unicode scalars), as XMLParser's do.
struct SourcePositions {
    let bytes: [UInt8]
    /// The byte offset where each line starts; line *n* (1-based) starts at `lineStarts[n - 1]`.
    let lineStarts: [Int]

    init(_ data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The first occurrence of `needle`, if any.
    ///
    /// - Complexity: O(*n m*), with *m* the needle's (short) length.
    func offset(of needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The first occurrence of `needle` in `bytes` at or after `from`, if any.
    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from: Int) -> Int? {
        guard !needle.isEmpty else { return nil }
        var i = max(from, bytes.startIndex)
        while i + needle.count <= bytes.endIndex {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The first occurrence of `needle` in `bytes` at or after `from`, if any.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        find(needle, in: bytes[...], from: from)
    }

    /// The 1-based line and column of the byte at `offset`.
    ///
    /// - Complexity: O(log *lines* + *column*).
    func lineAndColumn(ofByte offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = lineStarts[lo]
        let column = bytes[start..<max(start, min(offset, bytes.count))].reduce(0) { $0 + (isScalarStart($1) ? 1 : 0) }
        return (lo + 1, column + 1)
    }

    /// Where the start tag whose end XMLParser reports at (`line`, `column`) begins (rule 3), the
    /// cursor moving on to there; the reported position itself if the cursor is already past it.
    ///
    /// XMLParser reports start tags in file order, so the cursor only moves forward: all the tags
    /// of a file cost O(*n*) together, however long its lines.
    func startOfTag(endingAtLine line: Int, column: Int, cursor: inout Cursor) -> (line: Int, column: Int) {
        let target = (line, column)
        guard (cursor.line, cursor.column) <= target else { return target }
        while cursor.offset < bytes.count, (cursor.line, cursor.column) < target {
            let byte = bytes[cursor.offset]
            if byte == UInt8(ascii: "<") { cursor.lastOpen = (cursor.line, cursor.column) }
            cursor.offset += 1
            while cursor.offset < bytes.count, !isScalarStart(bytes[cursor.offset]) { cursor.offset += 1 }
            if byte == UInt8(ascii: "\n") { cursor.line += 1; cursor.column = 1 } else { cursor.column += 1 }
        }
        // (A parser reporting the `<` itself is answered too.)
        if cursor.offset < bytes.count, bytes[cursor.offset] == UInt8(ascii: "<") { return (cursor.line, cursor.column) }
        return cursor.lastOpen ?? target
    }

    /// How far ``startOfTag(endingAtLine:column:cursor:)`` has read: the character at `offset` is
    /// at `line`, `column`; `lastOpen` is where the last `<` before it is.
    struct Cursor {
        var offset = 0
        var line = 1
        var column = 1
        var lastOpen: (line: Int, column: Int)?
    }

    private func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
}
