import Foundation

/// What a scrolling list keeps still on screen when heights change outside the user's scrolling:
/// rows measured for the first time (estimates replaced), rows measured again after a reload, a
/// width or content-size-category change, a batch update.
public enum ListAnchoring: String, Sendable, CaseIterable {
    /// The first visible row keeps its on-screen position (to within 1e-6 points): the content
    /// offset absorbs every change above it, as TanStack Virtual corrects for items measured
    /// above the viewport. The default.
    case top
    /// Chat lists: while the viewport is at the end, it stays at the end (rows appended follow,
    /// the last row grows upward); otherwise the last visible row keeps its bottom's on-screen
    /// position (rows prepended above change nothing on screen).
    case end
    /// UIKit's behaviour: the content offset stays as it is (clamped to the content), so the
    /// rows on screen jump by whatever changed above them.
    case none
}

/// Where `scrollToRow(at:at:)` places a row in the visible area (the bounds less the content
/// insets), as UIKit's `UITableView.ScrollPosition`.
public enum ScrollPosition: String, Sendable, CaseIterable {
    /// The least scroll that shows the row whole: none when it already is, else `.top` when it
    /// is above the visible area and `.bottom` when it is below.
    case none
    /// The row's top at the top of the visible area.
    case top
    /// The row's middle at the middle of the visible area.
    case middle
    /// The row's bottom at the bottom of the visible area.
    case bottom
}
