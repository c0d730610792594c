import AutoLayout
import Foundation

/// RFC 4180 CSV: a header row names the fields; fields may be quoted (`""` is a quote inside
/// quotes, and quoted fields may span lines); values stay strings (a `{field}` bound as a
/// number reads them as numbers).
struct CSVReader {
    let bytes: [UInt8]
    let file: String

    init(data: Data, file: String) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        self.file = file
    }

    func items() throws(DataFileError) -> [DataItem] {
        var records = try self.records()
        guard !records.isEmpty else { throw DataFileError(file: file, message: "the CSV file is empty; expected a header row") }
        let header = records.removeFirst().fields
        for (i, name) in header.enumerated() where name.isEmpty {
            throw DataFileError(file: file, line: 1, message: "column \(i + 1) of the header row has no name")
        }
        if let duplicate = Dictionary(grouping: header, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw DataFileError(file: file, line: 1, message: "the header names the column '\(duplicate)' twice")
        }
        var items: [DataItem] = []
        items.reserveCapacity(records.count)
        for record in records {
            if record.fields == [""] { continue }   // a blank line
            guard record.fields.count == header.count else {
                throw DataFileError(file: file, line: record.line, row: items.count + 1,
                                    message: "expected \(header.count) fields as in the header, found \(record.fields.count)")
            }
            var item = DataItem(minimumCapacity: header.count)
            for (name, value) in zip(header, record.fields) { item[name] = .string(value) }
            items.append(item)
        }
        return items
    }

    private func records() throws(DataFileError) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1
        var i = 0
        var quoted = false, wasQuoted = false
        // Where the field began, for the place of an encoding error inside it.
        var fieldStart = 0, fieldLine = 1
        func endField() throws(DataFileError) {
            // The same text rule as JSON's: UTF-8 only, no replacement characters made up.
            guard let text = String(validating: field, as: UTF8.self) else {
                throw DataFileError(file: file, line: fieldLine,
                                    message: "not UTF-8 text: the field starting at byte offset \(fieldStart) has bytes that are not valid UTF-8 "
                                        + "(save the file as UTF-8)")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
            fieldStart = i + 1
            fieldLine = line
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0 {
                throw DataFileError(file: file, line: line,
                                    message: "a NUL byte at byte offset \(i); a CSV data file is text (is it a binary file?)")
            }
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") {
                        field.append(b)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if b == 0x0A { line += 1 }
                    field.append(b)
                }
            } else {
                switch b {
                case UInt8(ascii: "\""):
                    guard field.isEmpty && !wasQuoted else {
                        throw DataFileError(file: file, line: line, message: "a quote inside an unquoted field; quote the field and double the quote")
                    }
                    quoted = true
                    wasQuoted = true
                case UInt8(ascii: ","):
                    try endField()
                case 0x0A, 0x0D:
                    if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                    line += 1
                    try endField()
                    records.append((recordLine, fields))
                    fields.removeAll()
                    recordLine = line
                default:
                    if wasQuoted {
                        throw DataFileError(file: file, line: line, message: "text after a closing quote; expected a comma or the end of the line")
                    }
                    field.append(b)
                }
            }
            i += 1
        }
        if quoted { throw DataFileError(file: file, line: recordLine, message: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            try endField()
            records.append((recordLine, fields))
        }
        return records
    }
}
