import Foundation

/// How much of each frame background precaching may take: each worker measures rows until it has
/// spent ``perFrame`` of the current frame, then pauses until the next frame opens (a
/// ``TableView/precacheTick()``). A row that has started always finishes, so every worker
/// measures at least one row per frame.
///
/// The default, 4 ms of each 16.7 ms frame (60 frames a second), leaves three quarters of every
/// core to the app, as idle-time precaching in a run loop would.
public struct PrecacheBudget: Hashable, Sendable {
    /// Seconds each worker may measure in one frame.
    public var perFrame: TimeInterval
    /// Seconds between frames: the period of the loop that calls ``TableView/precacheTick()``.
    public var framePeriod: TimeInterval

    /// A budget of `perFrame` seconds in every frame of `framePeriod` seconds.
    public init(perFrame: TimeInterval = 0.004, framePeriod: TimeInterval = 1.0 / 60) {
        self.perFrame = perFrame.isFinite ? max(perFrame, 0) : 0
        self.framePeriod = framePeriod.isFinite && framePeriod > 0 ? framePeriod : 1.0 / 60
    }

    /// 4 ms of each 1/60 s frame.
    public static let `default` = PrecacheBudget()

    /// A budget of `milliseconds` in each frame at `framesPerSecond`.
    public static func milliseconds(_ milliseconds: Double, framesPerSecond: Double = 60) -> PrecacheBudget {
        PrecacheBudget(perFrame: milliseconds / 1000, framePeriod: framesPerSecond > 0 ? 1 / framesPerSecond : 1.0 / 60)
    }

    /// The share of a frame the budget takes (0.24 for the default).
    public var share: Double { min(perFrame / framePeriod, 1) }

    /// ``perFrame`` in nanoseconds, as the workers' clock counts.
    var perFrameNanoseconds: UInt64 { UInt64((perFrame * 1e9).rounded()) }
}
