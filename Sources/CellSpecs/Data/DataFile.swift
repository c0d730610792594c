import AutoLayout
import Foundation

/// Rows of data for cells to bind, read from a file: a JSON array (of objects or strings), JSON
/// Lines, CSV with a header row, or a property list array (of dictionaries or strings). A string
/// row binds as `{text}`; an object field holding an object of scalars binds as dotted fields
/// (`{"photo": {"width": 80}}` is `photo.width`).
public enum DataFile {
    public enum Format: String, Sendable, CaseIterable {
        case json, jsonLines, csv, plist
    }

    /// Reads a data file, choosing the format by extension (`.json`, `.jsonl`/`.ndjson`, `.csv`,
    /// `.plist`), or by content for others.
    /// - Throws: ``DataFileError`` naming the file, and the line or row where it can.
    public static func read(_ path: String) throws(DataFileError) -> [DataItem] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataFileError(file: path, message: "cannot read the file")
        }
        return try parse(data, file: path, format: format(of: path, data))
    }

    /// Reads one data item from a JSON file: an object of scalars, or a string (bound as `{text}`).
    /// - Throws: ``DataFileError`` naming the file.
    public static func readItem(_ path: String) throws(DataFileError) -> DataItem {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataFileError(file: path, message: "cannot read the file")
        }
        return try parseItem(data, file: path)
    }

    /// Parses one data item: a JSON object of strings, numbers, booleans and nulls, or a JSON string.
    public static func parseItem(_ data: Data, file: String) throws(DataFileError) -> DataItem {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            let place = JSONErrorPlace(error, in: data)
            throw DataFileError(file: file, line: place.line, column: place.column, message: "not valid JSON: \(place.message)")
        }
        if object is String || object is [String: Any] { return try item(object, file: file, row: nil) }
        throw DataFileError(file: file, line: 1, column: 1,
                            message: "expected a JSON object of strings, numbers, booleans and nulls (the data item), or a string; "
                                + "found \(kind(of: object))")
    }

    /// The format a path's extension names, or the content suggests.
    public static func format(of path: String, _ data: Data) -> Format {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": return .json
        case "jsonl", "ndjson": return .jsonLines
        case "csv": return .csv
        case "plist": return .plist
        default:
            let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
            if first == UInt8(ascii: "[") { return .json }
            if first == UInt8(ascii: "{") { return .jsonLines }
            if first == UInt8(ascii: "<") || data.starts(with: Array("bplist".utf8)) { return .plist }
            return .csv
        }
    }

    /// Parses data in a format.
    public static func parse(_ data: Data, file: String, format: Format) throws(DataFileError) -> [DataItem] {
        switch format {
        case .json: return try parseJSON(data, file: file)
        case .jsonLines: return try parseJSONLines(data, file: file)
        case .csv: return try CSVReader(data: data, file: file).items()
        case .plist: return try parsePropertyList(data, file: file)
        }
    }

    private static func parseJSON(_ data: Data, file: String) throws(DataFileError) -> [DataItem] {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            let place = JSONErrorPlace(error, in: data)
            throw DataFileError(file: file, line: place.line, column: place.column, message: "not valid JSON: \(place.message)")
        }
        guard let array = object as? [Any] else {
            throw DataFileError(file: file, line: 1, column: 1, message: "expected a JSON array of objects or strings, found \(kind(of: object))")
        }
        do { return try items(array, file: file) } catch {
            // A row's error, placed at the row's first character.
            var placed = error
            let bytes = [UInt8](data)
            if let row = error.row, let offset = JSONErrorPlace.elementOffset(row - 1, in: bytes) {
                (placed.line, placed.column) = JSONErrorPlace.lineAndColumn(ofByte: offset, in: bytes)
            }
            throw placed
        }
    }

    /// The rows of an array read from JSON or a property list.
    private static func items(_ array: [Any], file: String) throws(DataFileError) -> [DataItem] {
        var items: [DataItem] = []
        items.reserveCapacity(array.count)
        for (i, element) in array.enumerated() { items.append(try item(element, file: file, row: i + 1)) }
        return items
    }

    private static func parseJSONLines(_ data: Data, file: String) throws(DataFileError) -> [DataItem] {
        var items: [DataItem] = []
        var line = 0
        for slice in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            let object: Any
            do { object = try JSONSerialization.jsonObject(with: Data(slice), options: [.fragmentsAllowed]) } catch {
                let place = JSONErrorPlace(error, in: Data(slice))
                throw DataFileError(file: file, line: line, column: place.column, message: "not valid JSON: \(place.message)")
            }
            do { items.append(try item(object, file: file, row: items.count + 1)) } catch {
                throw DataFileError(file: file, line: line, message: error.message)
            }
        }
        return items
    }

    private static func parsePropertyList(_ data: Data, file: String) throws(DataFileError) -> [DataItem] {
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            // Foundation's reason ends "at line N" or "on line N" where it knows the line.
            let ns = error as NSError
            var reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            var line: Int?
            if let r = reason.range(of: #" (at|on) line \d+"#, options: .regularExpression) {
                line = Int(reason[r].filter(\.isNumber))
                reason.removeSubrange(r)
            }
            throw DataFileError(file: file, line: line, message: "not a valid property list: \(reason)")
        }
        guard let array = object as? [Any] else {
            throw DataFileError(file: file, message: "expected a property list array of dictionaries or strings")
        }
        return try items(array, file: file)
    }

    /// One row: a string (bound as `{text}`) or a flat object of scalars.
    static func item(_ element: Any, file: String, row: Int?) throws(DataFileError) -> DataItem {
        if let s = element as? String { return ["text": try text(s, "the text", file: file, row: row)] }
        if element is NSNull, let row {
            throw DataFileError(file: file, row: row, message: "row \(row) is null; expected an object or a string")
        }
        guard let object = element as? [String: Any] else {
            throw DataFileError(file: file, row: row, message: "expected an object or a string, found \(kind(of: element))")
        }
        var item = DataItem(minimumCapacity: object.count)
        for (key, value) in object {
            if let v = scalar(value) {
                if case let .string(s) = v { _ = try text(s, "the field '\(key)'", file: file, row: row) }
                item[key] = v
                continue
            }
            // An object of scalars binds as dotted fields: {"photo": {"width": 80}} is photo.width,
            // as an imported cell's outlets take an image's size or a hidden flag.
            guard let inner = value as? [String: Any] else {
                throw DataFileError(file: file, row: row,
                                    message: "the field '\(key)' is \(kind(of: value)); expected a string, number, boolean or null")
            }
            for (innerKey, innerValue) in inner {
                guard let v = scalar(innerValue) else {
                    throw DataFileError(file: file, row: row, message: "the field '\(key).\(innerKey)' is \(kind(of: innerValue)); "
                                        + "expected a string, number, boolean or null")
                }
                item["\(key).\(innerKey)"] = v
            }
        }
        return item
    }

    /// A text value, refused with a NUL character in it: CSV refuses the byte, so JSON's and a
    /// property list's `\u0000` are refused too (one rule for a value whatever file it comes from).
    private static func text(_ s: String, _ what: String, file: String, row: Int?) throws(DataFileError) -> DataValue {
        guard !s.utf8.contains(0) else {
            throw DataFileError(file: file, row: row, message: "\(what) contains a NUL character (\\u0000); a data value is text")
        }
        return .string(s)
    }

    private static func scalar(_ value: Any) -> DataValue? {
        switch value {
        case let s as String: return .string(s)
        case is NSNull: return .null
        case let n as NSNumber:
            // Foundation reads JSON true/false as boolean NSNumbers, whose type code is "c"
            // (char); JSON numbers come as integers ("i", "q") or doubles ("d").
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        case let b as Bool: return .bool(b)
        case let d as Double: return .number(d)
        case let i as Int: return .number(Double(i))
        case let date as Date: return .string(ISO8601DateFormatter().string(from: date))
        default: return nil
        }
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        case let n as NSNumber: return String(cString: n.objCType) == "c" ? "a boolean" : "a number"
        default: return "a \(type(of: value))"
        }
    }
}
