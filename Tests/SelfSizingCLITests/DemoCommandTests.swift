import Foundation
import Testing

@Suite struct DemoCommandTests {
    @Test func demoSummarisesAndDrawsTheFirstScreen() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = try CLI.run(["demo", "--output", dir + "/demo.png"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("332 of 332 hit the cache"))
        #expect(r.out.contains("examples/feed-cell.yaml") && r.out.contains("examples/uyl-text-cell.yaml"))
        #expect(r.out.contains("Wrote \(dir)/demo.png"))
        let png = [UInt8](try #require(FileManager.default.contents(atPath: dir + "/demo.png")))
        func be32(_ i: Int) -> Int { png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && be32(16) == 750 && be32(20) == 1624)
    }

    @Test func demoSummarisesAndDrawsTheProductGrid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = try CLI.run(["demo", "--output", dir + "/demo.png", "--width", "320"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Product grid: examples/product-card.yaml over examples/products.json, two columns, 320 points wide"))
        #expect(r.out.contains("360 items, content size 320 x "))
        #expect(r.out.contains("us/item"))
        #expect(r.out.contains("Wrote \(dir)/demo-products.png: the product grid's first screen, 320 x 812 points at 2x."))
        let png = [UInt8](try #require(FileManager.default.contents(atPath: dir + "/demo-products.png")))
        func be32(_ i: Int) -> Int { png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && be32(16) == 640 && be32(20) == 1624)
    }
}
