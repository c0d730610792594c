import AutoLayout
import Dispatch
import Foundation

/// Results of a chunk of items, each slot written by one worker.
private struct Slots<E: Error>: @unchecked Sendable {
    let sizes: UnsafeMutableBufferPointer<CGSize>
    let errors: UnsafeMutableBufferPointer<E?>
    let done: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        sizes = .allocate(capacity: count)
        sizes.initialize(repeating: .zero)
        errors = .allocate(capacity: count)
        errors.initialize(repeating: nil)
        done = .allocate(capacity: count)
        done.initialize(repeating: false)
    }

    func deallocate() {
        sizes.deallocate()
        _ = errors.deinitialize()
        errors.deallocate()
        done.deallocate()
    }
}

/// What the workers share: read-only while they run.
private struct Shared<Cell: ListCell, E: Error>: @unchecked Sendable {
    let workers: [TemplateCells<Cell>.Worker]
    let measure: (TemplateCells<Cell>.Worker, IndexPath) throws(E) -> CGSize
}

extension TemplateSizer {
    /// Measures items on `threads` worker threads, each with template cells of its own (kept
    /// between runs), in chunks: each chunk's sizes are handed to `chunkDone` on the calling
    /// thread, in the order of `items`, before the next chunk starts. A size that `measure`
    /// gives on a worker must be the one the calling thread would get (a template configured for
    /// an item gives what a fresh one gives); the caller caches it as it sees fit.
    ///
    /// Each worker takes a run of a chunk's items: items next to each other share cache lines
    /// in the results, which two threads writing by turns would pass back and forth.
    ///
    /// - Parameters:
    ///   - items: the index paths to measure, in the order their sizes are handed over.
    ///   - threads: how many workers (at least one).
    ///   - chunk: items per round; each round's sizes are handed over before the next starts.
    ///   - measure: configures and fits one item on a worker (``TemplateCells/Worker/template(for:)``,
    ///     ``TemplateCells/Worker/fit(_:_:identifier:)``); it must touch nothing shared but what it
    ///     only reads.
    ///   - chunkDone: the items of a chunk that were measured and their sizes; called on the
    ///     calling thread.
    /// - Throws: the first error of a chunk, in item order, after the items measured before it
    ///   were handed over (a worker stops at its first error).
    public func measureConcurrently<E: Error>(
        _ items: [IndexPath], threads: Int, chunk: Int = 4096,
        measure: @escaping (TemplateCells<Cell>.Worker, IndexPath) throws(E) -> CGSize,
        chunkDone: (_ items: ArraySlice<IndexPath>, _ measured: (Int) -> CGSize?) -> Void
    ) throws(E) {
        let shared = Shared(workers: templates.workerSet(max(1, threads)), measure: measure)
        let madeBefore = templates.templatesMade
        defer {
            statistics.templatesMade += templates.templatesMade - madeBefore
            for w in shared.workers {
                for d in w.diagnostics { note(d) }
                w.diagnostics = []
            }
        }
        var start = 0
        while start < items.count {
            let slice = items[start..<min(start + max(chunk, 1), items.count)]
            let run = Array(slice)
            let slots = Slots<E>(count: run.count)
            defer { slots.deallocate() }
            let workerCount = shared.workers.count
            DispatchQueue.concurrentPerform(iterations: workerCount) { w in
                let worker = shared.workers[w]
                for i in run.count * w / workerCount..<run.count * (w + 1) / workerCount {
                    do throws(E) {
                        slots.sizes[i] = try shared.measure(worker, run[i])
                        slots.done[i] = true
                    } catch {
                        slots.errors[i] = error
                        return
                    }
                }
            }
            statistics.layoutPasses += slots.done.reduce(0) { $0 + ($1 ? 1 : 0) }
            // Items after the first error (in item order) are not handed over, so that what is
            // kept does not depend on how the chunk was split among the workers.
            let failed = slots.errors.firstIndex { $0 != nil }
            let end = failed ?? run.count
            chunkDone(slice) { i in i < end && slots.done[i] ? slots.sizes[i] : nil }
            if let failed { throw slots.errors[failed]! }
            start += run.count
        }
    }
}
