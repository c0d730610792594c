import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

// Collection workloads (`--only coll`): 10,000 product cards (examples/product-card.yaml over
// examples/products.json, repeated with a running number) in a two-column grid at 375, cold with
// real text and at a width not seen; one item's size changing in a 10,000-item flow; the elements
// of one screen.

/// The product items, repeated to `count` with a running number on their titles.
func productItems(_ count: Int) throws -> (CellSpec, [DataItem])? {
    guard let specPath = examplePath("product-card.yaml"), let dataPath = examplePath("products.json") else {
        print("coll: examples/product-card.yaml or examples/products.json not found; skipped")
        return nil
    }
    let base = try DataFile.read(dataPath)
    guard !base.isEmpty else { return nil }
    let items: [DataItem] = (0..<count).map { i in
        var item = base[i % base.count]
        if i >= base.count, case let .string(title)? = item["title"] { item["title"] = .string("\(title) (\(i / base.count))") }
        return item
    }
    return (try CellSpec(contentsOf: specPath), items)
}

func productGrid(_ spec: CellSpec, _ items: [DataItem], measurer: TextMeasurer, width: CGFloat) -> (CollectionView, ItemsDataSource) {
    let collection = CollectionView(width: width, height: 812, layout: GridLayout(columns: 2))
    if arguments.contains("--serial") { collection.maximumConcurrency = 1 }
    let source = ItemsDataSource(sections: [items], cellIdentifier: "card")
    collection.dataSource = source
    collection.register(spec, measurer: measurer, forCellWithReuseIdentifier: "card")
    return (collection, source)
}

func benchCollections() throws {
    benchCollectionFlow()
    guard let (spec, items) = try productItems(10_000) else { return }
    let runs = quick ? 3 : 7
    // Cold: a new collection and measurer each run.
    let (cold, coldMin, height) = try timed(runs) { () throws -> Double in
        let (collection, source) = productGrid(spec, items, measurer: TextMeasurer(), width: 375)
        try collection.layoutAllItems()
        _ = source
        return Double(collection.contentSize.height)
    }
    print("coll-grid   items=\(items.count) 2 columns cold, text included  median \(fixed(cold / 1e6, 2, width: 8)) ms  min \(fixed(coldMin / 1e6, 2, width: 8)) ms  runs=\(runs)  content height \(fixed(height, 2))")
    // A width not seen: laid out at 375 (untimed), then at another width.
    let measurer = TextMeasurer()
    var widths = [320.0, 414, 390, 360, 428, 300, 768].makeIterator()
    var newWidth: [Double] = []
    var kept: (CollectionView, ItemsDataSource)?
    for _ in 0..<runs {
        let (collection, source) = productGrid(spec, items, measurer: measurer, width: 375)
        try collection.layoutAllItems()
        collection.width = CGFloat(widths.next() ?? 500)
        let t0 = now()
        try collection.layoutAllItems()
        newWidth.append(Double(now() - t0))
        kept = (collection, source)
    }
    newWidth.sort()
    print("coll-grid   items=\(items.count) new width                  median \(fixed(newWidth[newWidth.count / 2] / 1e6, 2, width: 8)) ms  min \(fixed(newWidth[0] / 1e6, 2, width: 8)) ms  runs=\(runs)")
    // One screen's elements, at positions down the whole collection.
    if let (collection, _) = kept {
        let height = Double(collection.contentSize.height)
        let screens = (0..<100).map { CGRect(x: 0, y: height * Double($0) / 100, width: Double(collection.width), height: 812) }
        var found = 0
        let (screen, screenMin, _) = timed(runs) { () -> Int in
            for rect in screens { found += collection.layoutAttributesForElements(in: rect).count }
            return found
        }
        print("coll-grid   layoutAttributesForElements(in:) one screen  median \(fixed(screen / 100 / 1e3, 2, width: 8)) us  min \(fixed(screenMin / 100 / 1e3, 2, width: 8)) us  elements/screen \(found / (100 * runs))")
    }
}

/// One item's size changing in a 10,000-item flow: the section re-flows from the item's line.
func benchCollectionFlow() {
    var rng = SystemRandomNumberGenerator()
    let sizes = (0..<10_000).map { (i: Int) -> CGSize in
        let w = 60 + (i * 37) % 120, h = 40 + (i * 53) % 90
        return CGSize(width: Double(w), height: Double(h))
    }
    var arrangement = SectionArrangement(kind: .flow, sizes: sizes, metrics: SectionMetrics(), crossLength: 375, direction: .vertical)
    var changes: [(Int, CGSize)] = []
    for _ in 0..<200 {
        let item = Int.random(in: 0..<10_000, using: &rng)
        let w = Double.random(in: 40...200, using: &rng), h = Double.random(in: 30...150, using: &rng)
        changes.append((item, CGSize(width: w, height: h)))
    }
    var times: [Double] = []
    for (i, size) in changes {
        let t0 = now()
        arrangement.setSize(size, ofItem: i)
        times.append(Double(now() - t0))
    }
    times.sort()
    print("coll-flow   items=10000 one size changes, re-flow    median \(fixed(times[times.count / 2] / 1e3, 2, width: 8)) us  max \(fixed(times.last! / 1e3, 2, width: 8)) us  length \(fixed(Double(arrangement.length), 2))")
}
