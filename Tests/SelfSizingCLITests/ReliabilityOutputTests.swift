import Foundation
import Testing

/// Issue 17: output files are written whole or not at all (PDF too), their temporary files are
/// removed on failure and on SIGINT/SIGTERM, and `render --offset` is placed on the real rows.
@Suite struct ReliabilityOutputTests {
    static let spec = CLI.examples.appendingPathComponent("uyl-text-cell.yaml").path
    static let data = CLI.examples.appendingPathComponent("sentences.json").path

    static func directory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs the command line under bash with a file-size limit of `kilobytes`.
    static func limited(_ kilobytes: Int, _ arguments: [String]) throws -> (status: Int32, err: String) {
        let quoted = ([CLI.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "ulimit -f \(kilobytes); exec " + quoted.joined(separator: " ")]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    @Test(arguments: ["pdf", "png", "svg"])
    func aFileThatCannotBeWrittenWholeKeepsTheOldOne(_ format: String) throws {
        let dir = try Self.directory()
        let output = dir + "/list." + format
        try Data("the old file".utf8).write(to: URL(fileURLWithPath: output))
        // The picture is larger than 4 KiB: write(2) fails with EFBIG part way.
        let r = try Self.limited(4, ["render", Self.spec, "--data", Self.data, "--width", "375", "--output", output])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("\(output): cannot write here (File too large)"), "\(r.err)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the old file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["list." + format])
    }

    @Test func aFileWrittenWholeReplacesTheOldOne() throws {
        let dir = try Self.directory()
        let output = dir + "/list.pdf"
        try Data("the old file".utf8).write(to: URL(fileURLWithPath: output))
        let r = try Self.limited(10_000, ["render", Self.spec, "--data", Self.data, "--width", "375", "--output", output])
        #expect(r.status == 0, "\(r.err)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(pdf.starts(with: Data("%PDF".utf8)) && String(decoding: pdf.suffix(8), as: UTF8.self).contains("%%EOF"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["list.pdf"])
    }

    @Test func aDeviceOrFIFOIsNotReplacedAndALinkIsFollowed() throws {
        let dir = try Self.directory()
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        let fifo = try CLI.run(["render", Self.spec, "--data", Self.data, "--width", "375", "--output", dir + "/fifo.png"])
        #expect(fifo.status == 1 && fifo.err.contains("fifo.png: cannot write here (not a regular file)"), "\(fifo.err)")
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/real.png"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "real.png")
        let link = try CLI.run(["render", Self.spec, "--data", Self.data, "--width", "375", "--output", dir + "/link.png"])
        #expect(link.status == 0, "\(link.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.png") == "real.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/real.png")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["fifo.png", "link.png", "real.png"])
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalDuringALongRenderLeavesNoTemporaryFile(_ signal: Int32) throws {
        let dir = try Self.directory()
        let output = dir + "/big.png"
        // 30,000 pixels square: long enough to be interrupted while its temporary file is written.
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["render", Self.spec, "--data", Self.data, "--width", "3000", "--height", "3000", "--scale", "10",
                       "--output", output]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        var sawTemporary = false
        for _ in 0..<2000 where p.isRunning {
            if try FileManager.default.contentsOfDirectory(atPath: dir).contains(where: { $0.hasSuffix(".tmp") }) {
                sawTemporary = true
                break
            }
            usleep(5000)
        }
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        #expect(sawTemporary, "the render never started its file")
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal, "\(p.terminationReason) \(p.terminationStatus)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Ten rows about 11 points tall (estimated at 44 each): 440 points by the estimate.
    static func shortRows() throws -> (spec: String, data: String) {
        let spec = try CLI.temporaryFile("""
        views:
          - {id: a, type: label, text: "{text}", font: {size: 8}}
        constraints:
          - "H:|[a]|"
          - "V:|[a]|"
        """, "short.yaml")
        let data = try CLI.temporaryFile("[" + (1...10).map { "{\"text\": \"row \($0)\"}" }.joined(separator: ", ") + "]", "rows.json")
        return (spec, data)
    }

    @Test func anOffsetIsCheckedAgainstTheRealListHeight() throws {
        let (spec, data) = try Self.shortRows()
        let heights = try CLI.run(["heights", spec, "--data", data, "--width", "375", "--scale", "2", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(heights.out.utf8)) as? [String: Any])
        let real = try #require(json["contentHeight"] as? Double)
        #expect(real > 50 && real < 200)
        let dir = try Self.directory()
        let past = try CLI.run(["render", spec, "--data", data, "--width", "375", "--offset", "300", "--height", "100",
                                "--output", dir + "/past.png"])
        #expect(past.status == 1, "\(past.err)")
        #expect(past.err.contains("--offset 300 is past the end of the list (") && past.err.contains("its 10 rows measured"), "\(past.err)")
        let inside = try CLI.run(["render", spec, "--data", data, "--width", "375", "--offset", "50", "--output", dir + "/in.png"])
        #expect(inside.status == 0, "\(inside.err)")
        // "wrote PATH: 375 x H points", H the real height below the offset.
        let drawn = try #require(inside.out.components(separatedBy: " x ").last?.components(separatedBy: " ").first.flatMap(Double.init))
        #expect(abs(drawn - (real - 50)) < 1e-6, "\(inside.out)")
        // A collection's offset too: one column of the same rows, 10 points apart, ends near 200.
        let collection = try CLI.run(["render", spec, "--data", data, "--width", "375", "--columns", "1", "--offset", "300",
                                      "--output", dir + "/grid.png"])
        #expect(collection.status == 1 && collection.err.contains("--offset 300 is past the end of the collection"), "\(collection.err)")
    }
}
