/// Counts of what background precaching did (``TableView/precacheStatistics``): rows measured,
/// committed and dropped, frames and cancellations. Counts, not times, so that tests can check
/// them.
public struct PrecacheStatistics: Hashable, Sendable {
    /// Ticks that found precaching running (``TableView/precacheTick()``).
    public var frames = 0
    /// Rows measured for precaching, on workers and on the table's thread.
    public var rowsMeasured = 0
    /// Of ``rowsMeasured``, those measured on the table's thread (a data source that does not
    /// configure concurrently, or a delegate that gives row heights).
    public var rowsMeasuredOnTableThread = 0
    /// Heights that entered the height cache and the geometry.
    public var rowsCommitted = 0
    /// Results dropped because the data, width, category, separator or scale changed after the
    /// row was started (their rows are queued again at the new version).
    public var rowsStale = 0
    /// Results dropped because the table measured the row itself meanwhile.
    public var rowsAlreadyMeasured = 0
    /// Rows whose template or configuration failed; they are not tried again until the data
    /// changes (the table reports the error when it measures them itself).
    public var rowsFailed = 0
    /// Version changes that cancelled precaching under way.
    public var cancellations = 0
    /// The most rows one tick committed.
    public var mostRowsPerFrame = 0

    /// Nothing precached yet.
    public init() {}
}

/// What one ``TableView/precacheTick()`` did.
public struct PrecacheFrame: Hashable, Sendable {
    /// Heights committed into the cache and the geometry.
    public var committed = 0
    /// Results dropped as stale (computed against an older data version or context).
    public var stale = 0
    /// Rows measured on the table's thread during the tick (the fallback without workers).
    public var measuredOnTableThread = 0
    /// Whether every row in reach is measured or failed: nothing queued, in flight or waiting
    /// to be committed.
    public var isComplete = false

    /// A frame that did nothing.
    public init() {}
}
