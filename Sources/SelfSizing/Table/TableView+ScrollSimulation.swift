import AutoLayout
import Foundation

/// What a simulated scroll of a table saw: how far rows jumped, how much was measured, how far
/// off the scroll indicator was.
public struct ScrollReport: Sendable, Equatable {
    /// Scroll steps taken (frames of a fling, and a jump).
    public var steps = 0
    /// The largest movement of the first visible row's on-screen position not caused by the
    /// scroll itself, in points (0 with anchoring, up to rounding far below a pixel).
    public var maxVisibleJump = 0.0
    /// Rows measured when the simulation ended (the rest still stand in with estimates).
    public var rowsMeasured = 0
    /// The largest difference between the content height with estimates and the true one, in
    /// points; nil when the true height was not given.
    public var maxIndicatorError: Double?
    /// After a jump: the row at the top of the visible area.
    public var landedOnRow: IndexPath?
    /// After a jump: how far the row landed from where it was asked to (0 when exact).
    public var landingError: Double?

    /// An empty report: no steps yet.
    public init() {}
}

/// Scrolls a table as a user would, in frames, and reports what the user would see
/// (``ScrollReport``).
///
/// Rules: 1. A frame scrolls by ``pointsPerFrame`` (a fling at ``defaultVelocity`` points per
/// second, 60 frames a second) with ``TableView/scroll(by:)``. 2. The jump of a frame is the
/// first visible row's on-screen position after it less where the scroll alone puts it (its
/// position before, less the scroll applied). 3. A fling goes on until the offset reaches the end
/// it flings to. 4. The indicator's error is taken after each step against
/// ``trueContentHeight``, measured separately (a second table with every row measured: not work
/// the scrolled table does).
public final class ScrollSimulation {
    /// A brisk fling: 4,000 points a second (UIKit's flings reach about 8,000).
    public static let defaultVelocity = 4000.0
    /// The display's refresh rate.
    public static let framesPerSecond = 60.0

    /// The table scrolled.
    public let table: TableView
    /// Points scrolled per frame.
    public let pointsPerFrame: Double
    /// The content height with every row measured, for the indicator's error; nil to skip it.
    public let trueContentHeight: Double?
    /// What the steps so far saw.
    /// - Complexity: O(n) (it counts the measured rows).
    public var report: ScrollReport {
        var r = seen
        r.rowsMeasured = table.numberOfMeasuredRows
        return r
    }
    private var seen = ScrollReport()

    /// - Parameters:
    ///   - table: a table with a data source and a ``TableView/viewportHeight``.
    ///   - velocity: the fling's speed in points per second (at 60 frames a second).
    ///   - trueContentHeight: the content height with every row measured.
    public init(table: TableView, velocity: Double = ScrollSimulation.defaultVelocity, trueContentHeight: Double? = nil) {
        self.table = table
        pointsPerFrame = max(abs(velocity), 1) / ScrollSimulation.framesPerSecond
        self.trueContentHeight = trueContentHeight
    }

    /// Lays out the viewport where it is (the first frame).
    public func start() throws(TableViewError) {
        try table.layoutViewport()
        finishStep(jump: 0)
    }

    /// One frame: scrolls by `dy` and records the jump.
    /// - Returns: whether the offset moved.
    @discardableResult
    public func step(by dy: Double) throws(TableViewError) -> Bool {
        let first = table.indexPathsForVisibleRows.first
        let before = first.map(screenY)
        let applied = Double(try table.scroll(by: CGFloat(dy)))
        var jump = 0.0
        if let first, let before, table.hasRow(first) { jump = abs(screenY(first) - (before - applied)) }
        finishStep(jump: jump)
        return applied != 0
    }

    /// Flings down (or up) until the offset reaches that end.
    public func fling(down: Bool) throws(TableViewError) {
        let dy = down ? pointsPerFrame : -pointsPerFrame
        // A bound on frames for content that keeps growing: never reached by a table that does not.
        var frames = 0
        let limit = 4 * Int(Double(table.contentSize.height) / pointsPerFrame) + 10_000
        while frames < limit {
            frames += 1
            try step(by: dy)
            let range = table.contentOffsetRange
            if down ? table.contentOffset >= range.upperBound : table.contentOffset <= range.lowerBound { break }
        }
    }

    /// Jumps to a row (``TableView/scrollToRow(at:at:)`` with `.top`), recording where it landed.
    public func jump(toRow indexPath: IndexPath) throws(TableViewError) {
        try table.scrollToRow(at: indexPath, at: .top)
        let vp = table.viewport
        // The visible area's top, below the top inset; the row whose span holds it landed there.
        let areaTop = vp.visibleTop + vp.insetTop
        seen.landedOnRow = table.firstRow(atOrAfter: CGFloat(areaTop))
        // Away from the end the row's top belongs at the area's top; at the end the offset is
        // clamped and the rows below (measured) place it.
        let atEnd = table.contentOffset >= table.contentOffsetRange.upperBound - CGFloat(ListViewport.tolerance)
        seen.landingError = atEnd ? 0 : abs(Double(table.rectForRow(at: indexPath).minY) - areaTop)
        finishStep(jump: 0)
    }

    /// The scenario of `selfsizing scroll`: from the top, a fling to the bottom and back; or,
    /// given a row, a jump to it, a fling to the top and one to the bottom.
    public func run(jumpingTo row: IndexPath? = nil) throws(TableViewError) -> ScrollReport {
        try start()
        if let row {
            try jump(toRow: row)
            try fling(down: false)
            try fling(down: true)
        } else {
            try fling(down: true)
            try fling(down: false)
        }
        return report
    }

    private func screenY(_ ip: IndexPath) -> Double { table.viewport.screenY(Double(table.rectForRow(at: ip).minY)) }

    private func finishStep(jump: Double) {
        seen.steps += 1
        seen.maxVisibleJump = max(seen.maxVisibleJump, jump)
        if let trueContentHeight {
            let error = abs(Double(table.estimatedContentHeightError(trueContentHeight: CGFloat(trueContentHeight))))
            seen.maxIndicatorError = max(seen.maxIndicatorError ?? 0, error)
        }
    }
}
