import AutoLayout
import Dispatch
import Foundation

/// A table's rows at one data version, flattened (the rows of every section counted in order):
/// what workers read to turn a flat row into an index path and to skip rows measured when the
/// work started. Immutable, so workers read it without a lock.
struct PrecacheRows: Sendable {
    /// The flat index of each section's first row, then the number of rows.
    let starts: [Int]
    /// Whether each row was measured, by section.
    let measured: [[Bool]]

    /// The rows of `measured`, one array per section.
    init(measured: [[Bool]]) {
        var starts = [0]
        starts.reserveCapacity(measured.count + 1)
        for rows in measured { starts.append(starts[starts.count - 1] + rows.count) }
        self.starts = starts
        self.measured = measured
    }

    var count: Int { starts[starts.count - 1] }

    /// The section of a flat row: the last section starting at or before it (empty sections
    /// start where the next one does).
    /// - Complexity: O(log sections).
    func section(of flat: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= flat { lo = mid } else { hi = mid }
        }
        return lo
    }

    func indexPath(of flat: Int) -> IndexPath {
        let s = section(of: flat)
        return IndexPath(row: flat - starts[s], section: s)
    }

    func isMeasured(_ flat: Int) -> Bool {
        let s = section(of: flat)
        return measured[s][flat - starts[s]]
    }
}

/// A set of flat rows as one bit each: the rows handed out in a generation (a million rows
/// take 125 KB, made in one allocation when the generation starts).
struct RowBits {
    private var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    func contains(_ i: Int) -> Bool { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    mutating func insert(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }
}

/// One generation of precaching: the data version and context it measures against, and how a
/// worker measures a row. A new generation starts whenever the version changes.
struct PrecacheJob: Sendable {
    let generation: UInt64
    let version: UInt64
    let context: TableView.SizingContext
    /// Each section's row count at ``version``.
    let rowCounts: [Int]
    /// Measures a row with a worker's templates; nil when the table or its data source is gone.
    let measure: @Sendable (TemplateCells<TableViewCell>.Worker, IndexPath) throws(TableViewError) -> CGSize?
}

/// A row measured by a worker, waiting for the table's thread.
struct PrecacheResult: Sendable {
    let generation: UInt64
    let indexPath: IndexPath
    let outcome: Result<CGSize, TableViewError>
}

/// What workers handed over since the last tick.
struct PrecacheHandover {
    var results: [PrecacheResult] = []
    /// Rows measured (results handed over or dropped at once as stale).
    var measured = 0
    /// Results of an older generation, dropped by the workers.
    var stale = 0
    var templatesMade = 0
    var diagnostics: [SizingDiagnostic] = []
}

/// The background half of a table's precaching: the queue of rows of the current generation in
/// nearest-first order (``PrecacheOrder``), the worker threads, each with template cells of its
/// own, and the results they hand over. The table's half (``TableView/precacheTick()``) starts
/// generations, opens frames and commits the results.
///
/// Threading: the members marked "table's thread" belong to the table's thread; everything else
/// is guarded by `lock`. Workers read only the current ``PrecacheJob`` and ``PrecacheRows``
/// (immutable) and their own template set; they never touch the table's geometry or cache.
///
/// Cancellation: ``cancel()`` starts a new generation at once; a worker checks the generation
/// before each row and hands over a result only if it is still current, so a row in flight when
/// the data changes is measured to its end and dropped.
final class Precacher: @unchecked Sendable {
    // MARK: Table's thread

    /// The budget of each worker in each frame.
    var budget = PrecacheBudget.default
    /// The rows precaching starts from, and how far it goes.
    var centre: Range<Int> = 0..<0
    var reach: Int?
    /// Whether ticks precache (between ``TableView/precache(around:reach:)`` and
    /// ``TableView/stopPrecaching()``).
    var isRunning = false
    /// Whether the centre or reach changed since the queue was made.
    var needsRecentre = false
    var statistics = PrecacheStatistics()
    /// The content size category and registrations the worker sets were made with.
    var setsMadeFor: (category: ContentSizeCategory, registrations: Int)?
    /// The set the table's thread measures with when there are no workers.
    var tableThreadSet: TemplateCells<TableViewCell>.Worker?

    // MARK: Guarded by lock

    /// Guards what follows; ``waitUntilIdle()`` waits on it for the workers to stop.
    private let lock = NSCondition()
    private var generation: UInt64 = 0
    private var job: PrecacheJob?
    private var rows: PrecacheRows?
    private var order: PrecacheOrder?
    /// The next row to hand out (found ahead, so that the queue knows when it is empty); nil when
    /// the queue is.
    private var upcoming: Int?
    /// Rows handed out in this generation: not handed out again (in flight, waiting, committed or
    /// failed) until the version changes.
    private var claimed = RowBits(count: 0)
    private var handover = PrecacheHandover()
    /// Workers running.
    private var active = 0
    /// Template sets not in use, and the epoch they belong to (sets of an older epoch are let go).
    private var idleSets: [TemplateCells<TableViewCell>.Worker] = []
    private var setsEpoch = 0

    init() {}

    // MARK: - Generations (table's thread)

    /// The current generation's job, if any.
    var currentJob: PrecacheJob? {
        lock.lock()
        defer { lock.unlock() }
        return job
    }

    /// Starts a generation: rows are queued from `rows` around the centre; work of older
    /// generations is dropped.
    func start(version: UInt64, context: TableView.SizingContext, rows: PrecacheRows,
               measure: @escaping @Sendable (TemplateCells<TableViewCell>.Worker, IndexPath) throws(TableViewError) -> CGSize?) {
        lock.lock()
        defer { lock.unlock() }
        generation &+= 1
        job = PrecacheJob(generation: generation, version: version, context: context,
                          rowCounts: zip(rows.starts.dropFirst(), rows.starts).map { $0 - $1 }, measure: measure)
        claimed = RowBits(count: rows.count)
        requeueLocked(rows)
        needsRecentre = false
    }

    /// Queues the rows again from the centre (which moved), keeping the generation: what is in
    /// flight stays valid, and rows handed out are not handed out again.
    func recentre(rows: PrecacheRows) {
        lock.lock()
        defer { lock.unlock() }
        if job != nil { requeueLocked(rows) }
        needsRecentre = false
    }

    private func requeueLocked(_ rows: PrecacheRows) {
        self.rows = rows
        order = PrecacheOrder(count: rows.count, around: centre, reach: reach)
        upcoming = nil
        advanceLocked()
    }

    /// Ends the current generation: workers stop at their next row, results not yet committed
    /// are dropped. Called whenever the table's data version changes.
    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        guard job != nil else { return }
        if upcoming != nil || active > 0 || !handover.results.isEmpty { statistics.cancellations += 1 }
        generation &+= 1
        job = nil
        rows = nil
        order = nil
        upcoming = nil
        claimed = RowBits(count: 0)
        handover.stale += handover.results.count
        handover.results = []
    }

    /// Lets go of the worker template sets (the category or the registrations changed): new ones
    /// are made for the next frame; sets in use are dropped when their workers stop.
    func resetSets(category: ContentSizeCategory, registrations: Int) {
        lock.lock()
        defer { lock.unlock() }
        setsEpoch += 1
        idleSets = []
        tableThreadSet = nil
        setsMadeFor = (category, registrations)
    }

    /// What workers handed over since the last call.
    func takeHandover() -> PrecacheHandover {
        lock.lock()
        defer { lock.unlock() }
        let taken = handover
        handover = PrecacheHandover()
        return taken
    }

    /// Whether the queue is empty, no worker runs and nothing waits to be handed over.
    var isComplete: Bool {
        lock.lock()
        defer { lock.unlock() }
        return job != nil && upcoming == nil && active == 0 && handover.measured == 0 && handover.stale == 0
    }

    // MARK: - The queue

    /// The next row to measure and the job it belongs to, claimed; nil when the queue is empty,
    /// or when `epoch` (that of the caller's template set) is no longer current: a worker started
    /// before the category or the registrations changed must not measure rows of a job started
    /// after.
    func takeRow(epoch: Int? = nil) -> (job: PrecacheJob, indexPath: IndexPath)? {
        lock.lock()
        defer { lock.unlock() }
        if let epoch, epoch != setsEpoch { return nil }
        return takeRowLocked()
    }

    private func takeRowLocked() -> (job: PrecacheJob, indexPath: IndexPath)? {
        guard let job, let rows, let flat = upcoming else { return nil }
        claimed.insert(flat)
        advanceLocked()
        return (job, rows.indexPath(of: flat))
    }

    /// Moves ``upcoming`` to the next row of the order that was not measured when the queue was
    /// made and not handed out since.
    private func advanceLocked() {
        upcoming = nil
        guard let rows, var o = order else { return }
        while let flat = o.next() {
            if !rows.isMeasured(flat) && !claimed.contains(flat) {
                upcoming = flat
                break
            }
        }
        order = upcoming == nil ? nil : o
    }

    // MARK: - Frames

    /// Opens a frame: starts workers (up to `threads`, counting those still running from the last
    /// frame) while rows are queued; each measures until it has spent `budget` nanoseconds.
    /// `makeSet` makes a template set on the table's thread when none is idle.
    func openFrame(threads: Int, budget: UInt64, makeSet: () -> TemplateCells<TableViewCell>.Worker) {
        lock.lock()
        guard job != nil, upcoming != nil else {
            lock.unlock()
            return
        }
        let launch = max(threads - active, 0)
        var sets: [TemplateCells<TableViewCell>.Worker] = []
        for _ in 0..<launch { sets.append(idleSets.popLast() ?? makeSet()) }
        active += launch
        let epoch = setsEpoch
        lock.unlock()
        for set in sets {
            let thread = Thread { [self] in work(set, epoch: epoch, budget: budget) }
            thread.name = "SelfSizing.Precacher"
            thread.start()
        }
    }

    /// Blocks until no worker runs (every worker has spent its budget or run out of rows).
    func waitUntilIdle() {
        lock.lock()
        while active > 0 { lock.wait() }
        lock.unlock()
    }

    /// A worker's frame: rows from the queue, nearest first, until the budget is spent, the queue
    /// is empty or the table is gone; results of the current generation are handed over.
    private func work(_ set: TemplateCells<TableViewCell>.Worker, epoch: Int, budget: UInt64) {
        let start = DispatchTime.now().uptimeNanoseconds
        let madeBefore = set.made
        while let next = takeRow(epoch: epoch) {
            let (job, indexPath) = next
            let outcome: Result<CGSize, TableViewError>?
            do throws(TableViewError) {
                outcome = try job.measure(set, indexPath).map { .success($0) }
            } catch {
                outcome = .failure(error)
            }
            guard let outcome else { break }
            lock.lock()
            handover.measured += 1
            if job.generation == generation {
                handover.results.append(PrecacheResult(generation: job.generation, indexPath: indexPath, outcome: outcome))
            } else {
                handover.stale += 1
            }
            lock.unlock()
            if DispatchTime.now().uptimeNanoseconds &- start >= budget { break }
        }
        // The set's counts and diagnostics are read here, on the thread that used it.
        let made = set.made - madeBefore
        let diagnostics = set.diagnostics
        set.diagnostics = []
        lock.lock()
        handover.templatesMade += made
        handover.diagnostics += diagnostics
        if epoch == setsEpoch { idleSets.append(set) }
        active -= 1
        lock.broadcast()
        lock.unlock()
    }
}
