import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `heights --data - --format jsonl`: streaming, sharding and constant memory.
@Suite struct HeightsStreamTests {
    struct Whole: Decodable { let heights: [Double] }
    struct Line: Decodable, Equatable {
        let row: Int
        let id: String?
        let height: Double
    }

    let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
    static let words = ["river", "raft", "Jim", "the", "widow", "Tom", "fog", "island", "night", "a", "canoe", "Huck"]

    /// `count` JSON Lines of sentences of 1 to 40 words (a fixed mix), with ids.
    static func lines(_ count: Int, from first: Int = 0) -> String {
        var out = ""
        for i in first..<first + count {
            let n = 1 + (i * 7919) % 40
            let text = (0..<n).map { words[($0 * 31 + i) % words.count] }.joined(separator: " ")
            out += "{\"id\": \"item-\(i)\", \"text\": \"\(text).\"}\n"
        }
        return out
    }

    /// A run with standard input read from a file; its outputs go to files, so that neither fills a pipe.
    static func run(_ arguments: [String], stdin path: String) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let outPath = try CLI.temporaryFile("", "out.jsonl"), errPath = try CLI.temporaryFile("", "err.txt")
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, try String(contentsOfFile: outPath, encoding: .utf8), try String(contentsOfFile: errPath, encoding: .utf8))
    }

    func decode(_ out: String) throws -> [Line] {
        try out.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    }

    @Test func streamingGivesTheHeightsOfOneTableInInputOrder() throws {
        let data = try CLI.temporaryFile(Self.lines(300), "rows.jsonl")
        let whole = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--format", "json"])
        #expect(whole.status == 0, "\(whole.err)")
        let heights = try JSONDecoder().decode(Whole.self, from: Data(whole.out.utf8)).heights
        // Small batches, so that many batches reuse one table.
        let streamed = try Self.run(["heights", spec, "--data", "-", "--width", "375", "--format", "jsonl", "--batch-size", "64"],
                                    stdin: data)
        #expect(streamed.status == 0, "\(streamed.err)")
        let lines = try decode(streamed.out)
        #expect(lines.map(\.row) == Array(1...300))
        #expect(lines.map(\.id) == (0..<300).map { "item-\($0)" })
        #expect(lines.map(\.height) == heights)
        // A .jsonl file streams the same way.
        let file = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--format", "jsonl"])
        #expect(file.out == streamed.out)
    }

    @Test func threeShardsConcatenatedAreOneRun() throws {
        let all = try CLI.temporaryFile(Self.lines(900), "all.jsonl")
        let one = try Self.run(["heights", spec, "--data", "-", "--width", "375", "--format", "jsonl"], stdin: all)
        #expect(one.status == 0, "\(one.err)")
        var concatenated = ""
        for (first, count) in [(0, 250), (250, 400), (650, 250)] {
            let shard = try CLI.temporaryFile(Self.lines(count, from: first), "shard.jsonl")
            let r = try Self.run(["heights", spec, "--data", "-", "--width", "375", "--format", "jsonl",
                                  "--row-offset", "\(first)"], stdin: shard)
            #expect(r.status == 0, "\(r.err)")
            concatenated += r.out
        }
        #expect(concatenated == one.out)
        #expect(try decode(one.out).count == 900)
    }

    @Test func aBadLineIsNamedAfterTheRowsBeforeItWereWritten() throws {
        let data = try CLI.temporaryFile("{\"text\": \"one\"}\n\"two\"\n{\"text\": oops}\n{\"text\": \"four\"}\n", "bad.jsonl")
        let r = try Self.run(["heights", spec, "--data", "-", "--width", "375", "--format", "jsonl"], stdin: data)
        #expect(r.status != 0)
        #expect(r.err.contains("<stdin>:3:"), "\(r.err)")
        #expect(try decode(r.out).map(\.row) == [1, 2])
        let skipped = try Self.run(["heights", spec, "--data", "-", "--width", "375", "--format", "jsonl", "--skip-bad-lines"],
                                   stdin: data)
        #expect(skipped.status == 0, "\(skipped.err)")
        #expect(skipped.err.contains("<stdin>:3:"))
        #expect(try decode(skipped.out).map(\.row) == [1, 2, 4])
    }

    @Test func aRowThatFailsToBindIsNamedByItsLine() throws {
        let feed = CLI.examples.appendingPathComponent("feed-cell.yaml").path
        let good = #"{"title": "a", "content": "b", "username": "c", "time": "d"}"#
        let data = try CLI.temporaryFile("\(good)\n\(good)\n{\"title\": \"a\"}\n\(good)\n", "feed.jsonl")
        let r = try Self.run(["heights", feed, "--data", "-", "--width", "375", "--format", "jsonl"], stdin: data)
        #expect(r.status != 0)
        #expect(r.err.contains("<stdin>:3:") && r.err.contains("content"), "\(r.err)")
        #expect(try decode(r.out).map(\.row) == [1, 2])
        let skipped = try Self.run(["heights", feed, "--data", "-", "--width", "375", "--format", "jsonl", "--skip-bad-lines"],
                                   stdin: data)
        #expect(skipped.status == 0)
        #expect(try decode(skipped.out).map(\.row) == [1, 2, 4])
    }

    @Test func aCacheDoesNotStream() throws {
        let r = try CLI.run(["heights", CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path, "--data", "-",
                             "--width", "375", "--format", "jsonl", "--cache", "/tmp/never-written.json"])
        #expect(r.status != 0 && r.err.contains("--cache") && r.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.json"))
    }

    @Test func standardInputNeedsJSONLines() throws {
        let r = try CLI.run(["heights", spec, "--data", "-", "--width", "375", "--format", "json"])
        #expect(r.status != 0 && r.err.contains("--format jsonl"), "\(r.err)")
    }

    /// The child's peak resident memory in KiB (wait4's ru_maxrss), its output thrown away.
    static func peakMemory(_ arguments: [String], stdin path: String) throws -> (status: Int32, kib: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([CLI.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, CLI.binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return ((status >> 8) & 0xFF, usage.ru_maxrss)
    }

    @Test func memoryStaysFlatFromTwentyThousandToTwoHundredThousandRows() throws {
        let small = try CLI.temporaryFile(Self.lines(20_000), "small.jsonl")
        let large = try CLI.temporaryFile(Self.lines(200_000), "large.jsonl")
        let arguments = ["heights", spec, "--data", "-", "--width", "375", "--format", "jsonl"]
        let a = try Self.peakMemory(arguments, stdin: small)
        let b = try Self.peakMemory(arguments, stdin: large)
        #expect(a.status == 0 && b.status == 0)
        // Ten times the rows: a table of every row would hold about ten times the memory.
        #expect(Double(b.kib) < 2 * Double(a.kib), "peak \(a.kib) KiB for 20,000 rows, \(b.kib) KiB for 200,000")
    }
}
