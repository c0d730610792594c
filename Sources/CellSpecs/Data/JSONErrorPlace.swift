import Foundation

/// Where a JSON text goes wrong, as line and column: Foundation's parser says "around character
/// N" (a byte offset) for most errors, and nothing for a few (the end of the file, a number out
/// of range, a broken UTF-8 sequence), which are placed here by what they name.
package struct JSONErrorPlace: Equatable, Sendable {
    /// 1-based line.
    package var line: Int
    /// 1-based column, in Unicode scalars (as spec errors count them).
    package var column: Int
    /// The parser's message without its "around character N".
    package var message: String

    /// The place and message of `error`, thrown by `JSONSerialization` reading `data`.
    package init(_ error: any Error, in data: Data) {
        let ns = error as NSError
        var message = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
        let bytes = [UInt8](data)
        var offset = bytes.count
        if let r = message.range(of: #" ?(around|starting from) character (\d+)"#, options: .regularExpression) {
            offset = Int(message[r].filter(\.isNumber)) ?? offset
            if message[r].contains("around") { message.removeSubrange(r) }
        } else if message.hasPrefix("Number "), let end = message.range(of: " is not representable"),
                  let number = message[message.index(message.startIndex, offsetBy: 7)..<end.lowerBound].data(using: .utf8),
                  let found = data.range(of: number) {
            offset = found.lowerBound - data.startIndex
        }
        if message.hasSuffix(".") { message.removeLast() }
        (line, column) = JSONErrorPlace.lineAndColumn(ofByte: min(offset, bytes.count), in: bytes)
        self.message = message
    }

    /// The 1-based line and column (in Unicode scalars) of the byte at `offset`.
    package static func lineAndColumn(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<offset] {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The byte offset where the `index`-th (0-based) element of the top-level JSON array
    /// begins, or nil: the place of a row's error. Strings are skipped with their escapes.
    package static func elementOffset(_ index: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0, element = -1, i = 0
        var expectingElement = false
        while i < bytes.count {
            let b = bytes[i]
            if depth == 1 && expectingElement && !(b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09) {
                element += 1
                if element == index { return i }
                expectingElement = false
            }
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expectingElement = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 { expectingElement = true }
            default: break
            }
            i += 1
        }
        return nil
    }
}
