import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

/// The options of `heights --format jsonl` (ignored by the other formats).
struct StreamOptions: ParsableArguments {
    @Flag(name: .customLong("skip-bad-lines"),
          help: "With --format jsonl: report a bad input line (not JSON, not an item, or a row that fails to bind) on standard error and go on, instead of stopping.")
    var skipBadLines = false

    @Option(name: .customLong("row-offset"), parsing: .unconditional,
            help: "With --format jsonl: add N to every row number (and {row}), so that a shard starting after line N numbers its rows as one run would.")
    var rowOffset = 0

    @Option(name: .customLong("batch-size"), parsing: .unconditional, help: "With --format jsonl: rows read, measured and written at a time.")
    var batchSize = 4096

    func validate() throws {
        try NumberLimits.rowOffset.check(rowOffset, "--row-offset")
        try NumberLimits.batchSize.check(batchSize, "--batch-size")
    }
}

/// One input row of a stream: its number as printed and bound to `{row}`, the input line (nil for
/// a data file that is not JSON Lines), and the item.
private struct StreamRow {
    let row: Int
    let line: Int?
    let item: DataItem
}

/// The rows of one batch, bound to the spec cells with their stream-wide row numbers.
private final class StreamBatchSource: TableViewDataSource {
    @exclusivity(unchecked) var rows: [StreamRow] = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String { "cell" }
    /// Rows are only read while the table measures.
    var configuresConcurrently: Bool { true }

    func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws {
        let row = rows[indexPath.row]
        try (cell as? SpecCell)?.configure(with: row.item, row: row.row)
    }
}

/// `selfsizing heights SPEC --data - --format jsonl`: heights streamed in constant memory.
///
/// Rules:
/// 1. Input: JSON Lines on standard input (`--data -`) or in a `.jsonl`/`.ndjson` file, read one
///    line at a time; any other data file is read whole (its format as `heights` reads it) and its
///    rows streamed out. Blank lines give no output.
/// 2. A row's number is its line's 1-based number in the input (its index for a whole file) plus
///    `--row-offset`; `{row}` binds to it, so that shards run with their offsets print what one
///    run prints.
/// 3. Rows are measured in batches of `--batch-size` on every core by one table reset per batch
///    (`reloadData()`): its templates and the text measurer stay warm, and it never holds more
///    than a batch. Each batch's lines are written before the next batch is read.
/// 4. Output: one line per row, in input order: `{"row": N, "height": H}`, with `"id"` between
///    them when the item has a scalar `id` field (echoed as a JSON string, number, boolean or null).
/// 5. A bad line (not JSON, not an object or string, or a row whose binding fails) stops the run
///    with its line named and a non-zero exit, after every row before it was written; with
///    `--skip-bad-lines` it is reported on standard error and skipped.
/// 6. An error writing standard output (a closed pipe, a full disk) ends the run with that error.
struct HeightsStream {
    let command: Heights

    private var list: ListOptions { command.list }
    private var options: StreamOptions { command.stream }
    /// The input as messages name it.
    private var inputName: String { list.data == "-" ? "<stdin>" : list.data }

    func run() throws {
        guard command.format == .jsonl else {
            throw CLIError("--data - (standard input) is read with --format jsonl only")
        }
        try list.cellOptions.addFontDirectories()
        let measurer = TextMeasurer()
        let cell = try CellSource(path: list.spec, options: list.cellOptions, measurer: measurer)
        let source = StreamBatchSource()
        let table = list.table(cell, source: source, measurer: measurer)
        command.style(table)
        var written = 0
        let flush = { (batch: [StreamRow]) throws in
            try measureAndWrite(batch, table, source)
            written += batch.count
            if command.progress { Output.error("\r\(written) rows") }
        }
        var batch: [StreamRow] = []
        batch.reserveCapacity(options.batchSize)
        try readRows { row in
            batch.append(row)
            if batch.count == options.batchSize {
                try flush(batch)
                batch.removeAll(keepingCapacity: true)
            }
        } badLine: { error in
            // The rows before a bad line are written before it stops the run.
            if !options.skipBadLines { try flush(batch); batch.removeAll() }
            try bad(error)
        }
        try flush(batch)
        if command.progress { Output.error("\n") }
        cell.reportUnknownKeys(data: inputName)
        if !command.strict.strict, let problem = table.diagnostics.first { CellSource.warn("\(problem)") }
        // Strict: the first row of the last batch, and what every batch kept.
        let problems: [String]
        do { problems = try command.strict.diagnostics(of: table) } catch { throw list.cliError(error) }
        try command.strict.finish(problems)
    }

    /// Reports a bad line and goes on with `--skip-bad-lines`, else stops the run with it.
    private func bad(_ message: String) throws {
        guard options.skipBadLines else { throw CLIError(message) }
        Output.error("skipped: \(message)\n")
    }

    /// Hands each row of the input to `row` in order, and each line that is not an item to
    /// `badLine` (a message naming it).
    private func readRows(_ row: (StreamRow) throws -> Void, badLine: (String) throws -> Void) throws {
        let isLines = list.data == "-" || ["jsonl", "ndjson"].contains((list.data as NSString).pathExtension.lowercased())
        guard isLines else {
            let items: [DataItem]
            do { items = try DataFile.read(list.data) } catch { throw CLIError(error) }
            for (i, item) in items.enumerated() { try row(StreamRow(row: options.rowOffset + i + 1, line: nil, item: item)) }
            return
        }
        let reader = try LineReader(path: list.data)
        var line = 0
        var texts: [Data] = []
        repeat {
            texts.removeAll(keepingCapacity: true)
            while texts.count < options.batchSize, let text = try reader.next() { texts.append(text) }
            for parsed in ParsedLines.parse(texts, file: inputName) {
                line += 1
                switch parsed {
                case let .success(items):
                    for item in items { try row(StreamRow(row: options.rowOffset + line, line: line, item: item)) }
                case let .failure(error):
                    try badLine("\(inputName):\(line): \(error.message)")
                }
            }
        } while texts.count == options.batchSize
    }

    /// Measures a batch on every core and writes its lines; a row that fails is named and, unless
    /// skipped, stops the run after the rows before it were written.
    private func measureAndWrite(_ batch: [StreamRow], _ table: TableView, _ source: StreamBatchSource) throws {
        var rest = batch[...]
        while !rest.isEmpty {
            do {
                try write(try measure(rest, table, source))
                return
            } catch let TableViewError.configurationFailed(indexPath?, _, message) {
                let failed = rest.startIndex + indexPath.row
                try write(try measure(rest[..<failed], table, source))
                let row = batch[failed]
                try bad("\(inputName):\(row.line.map { "\($0): " } ?? "")row \(row.row): \(message)")
                rest = batch[(failed + 1)...]
            } catch let error as TableViewError {
                throw CLIError(error, spec: list.spec, data: inputName)
            }
        }
    }

    /// The output lines of rows: the table is reset to them and laid out.
    private func measure(_ rows: ArraySlice<StreamRow>, _ table: TableView, _ source: StreamBatchSource) throws(TableViewError) -> String {
        guard !rows.isEmpty else { return "" }
        source.rows = Array(rows)
        table.reloadData()
        try table.layoutAllRows()
        let heights = table.rowHeights(inSection: 0)
        var out = ""
        out.reserveCapacity(rows.count * 32)
        for (row, height) in zip(rows, heights) {
            out += "{\"row\": \(row.row), "
            if let id = row.item["id"] { out += "\"id\": \(Self.json(id)), " }
            out += "\"height\": \(JSONNumber.format(Double(height)))}\n"
        }
        return out
    }

    private static func json(_ value: DataValue) -> String {
        switch value {
        case let .string(s): return JSONNumber.quote(s)
        case let .number(n): return JSONNumber.format(n)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Writes to standard output, whole (``Output/write(_:)``).
    /// - Throws: a ``CLIError`` naming the system's error (EPIPE, ENOSPC, ...).
    private func write(_ text: String) throws { try Output.write(text) }
}

/// Lines parsed on every core, each as a JSON Lines file of one line, so that it binds exactly as
/// the whole file would (a blank line gives no item).
private struct ParsedLines: @unchecked Sendable {
    /// Written by one worker each, read after they all finished.
    let slots: UnsafeMutableBufferPointer<Result<[DataItem], DataFileError>>

    /// The items of each line, or its error, in line order.
    static func parse(_ texts: [Data], file: String) -> [Result<[DataItem], DataFileError>] {
        let parsed = ParsedLines(slots: .allocate(capacity: texts.count))
        defer { parsed.slots.deallocate() }
        // Runs of a few hundred lines at least: a worker for a handful costs more than it saves.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, texts.count / 256))
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            for i in texts.count * w / workers..<texts.count * (w + 1) / workers {
                let result = Result { () throws(DataFileError) in try DataFile.parse(texts[i], file: file, format: .jsonLines) }
                (parsed.slots.baseAddress! + i).initialize(to: result)
            }
        }
        let results = Array(parsed.slots)
        _ = parsed.slots.deinitialize()
        return results
    }
}

/// Lines of a file or of standard input (`-`), one at a time, with getline(3): memory is the
/// longest line's.
private final class LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private let path: String
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    init(path: String) throws {
        self.path = path
        guard let f = path == "-" ? fdopen(STDIN_FILENO, "r") : fopen(path, "r") else {
            throw CLIError("\(path == "-" ? "<stdin>" : path): cannot read the file")
        }
        file = f
    }

    deinit {
        free(buffer)
        fclose(file)
    }

    /// The next line without its newline, or nil at the end.
    /// - Throws: a ``CLIError`` when reading fails.
    func next() throws -> Data? {
        let n = getline(&buffer, &capacity, file)
        guard n >= 0, let buffer else {
            if ferror(file) != 0 { throw CLIError("\(path == "-" ? "<stdin>" : path): cannot read: \(String(cString: strerror(errno)))") }
            return nil
        }
        let length = n > 0 && buffer[n - 1] == 0x0A ? n - 1 : n
        return Data(bytes: buffer, count: length)
    }
}
