import ArgumentParser
import AutoLayout
import Foundation
import SelfSizing
import TextLayout

/// `selfsizing collection SPEC --data FILE --width W --columns N`: every item's frame in a
/// collection view of spec cells.
struct CollectionCommand: ParsableCommand {
    // Not `Collection`: that would hide the standard library's protocol in this module.
    static let configuration = CommandConfiguration(
        commandName: "collection",
        abstract: "Compute the frame of every item of a collection of spec cells, as a self-sizing UICollectionView would.",
        discussion: """
        Give one layout: --columns N (a grid: items of the column's width, heights fitted), --flow (self-sizing \
        items in lines, each fitted at most as wide as a line), or --item-width W (items W points wide, heights \
        fitted, as AppDevKit's sizeForItemAt). Every item is measured. Frames are in the collection's coordinates, \
        in data order; index is the item's 0-based position in the data. Data as for `heights`.
        """)

    @OptionGroup var list: ListOptions

    @OptionGroup var layout: CollectionOptions

    @OptionGroup var strict: StrictOptions

    @Option(parsing: .unconditional, help: "The collection's height in points (with --horizontal: the lines' length).")
    var height: Double?

    @Option(help: "json, csv or text.")
    var format: Format = .text

    @Flag(help: "Show a progress bar on standard error (shown anyway on a terminal).")
    var progress = false

    enum Format: String, ExpressibleByArgument {
        case json, csv, text
    }

    func validate() throws {
        if let height { try NumberLimits.height.check(height, "--height") }
        if height != nil && !layout.horizontal { throw ValidationError("--height applies to --horizontal collections") }
        try layout.check(width: list.width, height: height)
    }

    func run() throws {
        let (cell, items, measurer) = try list.read()
        let start = Date()
        let setup = layout.makeCollection(cell, items, list: list, height: height, measurer: measurer)
        let collection = setup.collection
        let bar = (progress || isatty(STDERR_FILENO) == 1) && items.count > 0 ? ProgressBar(total: items.count) : nil
        var shown = -1
        do {
            // The collection may report the same count twice (its last chunk, then its end).
            try collection.layoutAllItems { done, _ in
                if done != shown { bar?.update(done) }
                shown = done
            }
        } catch {
            bar?.finish()
            throw list.cliError(error)
        }
        bar?.finish()
        let seconds = Date().timeIntervalSince(start)
        let frames = (0..<collection.numberOfItems(inSection: 0)).map {
            collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame ?? .zero
        }
        let content = collection.contentSize
        if !strict.strict, let problem = collection.diagnostics.first { Output.error("warning: \(problem)\n") }
        let problems: [String]
        do { problems = try strict.diagnostics(of: collection) } catch { throw list.cliError(error) }
        withExtendedLifetime(setup) {}
        cell.reportUnknownKeys(data: list.data)
        try Output.write(output(frames, content: content, seconds: seconds))
        try strict.finish(problems)
    }

    /// The whole output, made before any of it is written: an error leaves nothing behind.
    func output(_ frames: [CGRect], content: CGSize, seconds: Double) -> String {
        let n = { (x: CGFloat) in JSONNumber.format(Double(x)) }
        var out = ""
        out.reserveCapacity(frames.count * 64 + 128)
        switch format {
        case .json:
            out += "{\"contentSize\": {\"width\": \(n(content.width)), \"height\": \(n(content.height))}, \"items\": ["
            out += frames.enumerated().map { i, f in
                "\n  {\"index\": \(i), \"frame\": {\"x\": \(n(f.minX)), \"y\": \(n(f.minY)), \"width\": \(n(f.width)), \"height\": \(n(f.height))}}"
            }.joined(separator: ",")
            out += "\n], \"seconds\": \(JSONNumber.format((seconds * 1e6).rounded() / 1e6))}\n"
        case .csv:
            out += "index,x,y,width,height\n"
            for (i, f) in frames.enumerated() { out += "\(i),\(n(f.minX)),\(n(f.minY)),\(n(f.width)),\(n(f.height))\n" }
        case .text:
            let p = { (x: CGFloat) in JSONNumber.points(Double(x)) }
            for (i, f) in frames.enumerated() { out += "\(i)\t(\(p(f.minX)), \(p(f.minY)))\t\(p(f.width)) x \(p(f.height))\n" }
            let perItem = frames.isEmpty ? 0 : seconds / Double(frames.count) * 1e6
            out += "\(frames.count) items, \(layoutName), content size \(p(content.width)) x \(p(content.height)) pt, "
            out += String(format: "%.3f s (%.1f us/item)\n", seconds, perItem)
        }
        return out
    }

    /// The layout in words, for the text summary.
    var layoutName: String {
        let axis = layout.horizontal ? ", scrolling horizontally" : ""
        if let columns = layout.columns { return "a grid of \(columns) column\(columns == 1 ? "" : "s")\(axis)" }
        if let w = layout.itemWidth { return "a flow of items \(JSONNumber.format(w)) points wide\(axis)" }
        return "a flow of self-sizing items\(axis)"
    }
}
