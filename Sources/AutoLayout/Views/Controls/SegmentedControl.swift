import Foundation

/// A row of segments with titles, as UISegmentedControl: 32 points high, every segment as wide as
/// the widest title needs (UIKit's default, `apportionsSegmentWidthsByContent` false).
///
/// The rule, in UIKit's numbers for iOS 17 (default content size category):
/// 1. Height 32 (iOS 13 and later; 28 before).
/// 2. Titles are measured on one line in the system font at 13 points, semibold (600): UIKit sizes
///    every segment for the selected segment's bold title, so that selecting one moves nothing.
/// 3. A segment is the widest title, rounded up, plus 14 points (7 at each side), and segments
///    are separated by 1-point dividers. This is an approximation, calibrated on Interface
///    Builder's "First | Second" control (121 x 32 in files of Xcode 11 and later): with San
///    Francisco's widths it comes within a couple of points; UIKit does not document its padding.
/// 4. The width is segments times segment width plus the dividers; no segments is 0 wide.
open class SegmentedControl: View {
    /// UISegmentedControl's height: 32 points.
    public static let height: CGFloat = 32
    /// The room beside a segment's title, both sides together: 14 points.
    public static let segmentPadding: CGFloat = 14
    /// The divider between segments: 1 point.
    public static let dividerWidth: CGFloat = 1
    /// The font titles are measured in: the system font at 13 points, semibold.
    public static let titleFont = Font(size: 13, weight: 600)

    /// The segments' titles, in order.
    public var titles: [String] { didSet { if titles != oldValue { widestTitle = nil; invalidateIntrinsicContentSize() } } }
    /// The selected segment's index, or nil; it does not change the size.
    public var selectedSegmentIndex: Int?
    /// The titles' font (rule 2's by default).
    public var font: Font = SegmentedControl.titleFont {
        didSet { if font != oldValue { widestTitle = nil; invalidateIntrinsicContentSize() } }
    }
    /// The titles' measurer; nil uses `Label.defaultMeasurer`.
    public var measurer: (any TextMeasuring)? {
        didSet { widestTitle = nil; invalidateIntrinsicContentSize() }
    }

    /// The widest title's width, rounded up, once measured.
    private var widestTitle: CGFloat?

    /// Creates a segmented control.
    /// - Parameters:
    ///   - identifier: a name for diagnostics and layout output.
    ///   - titles: the segments' titles.
    public init(identifier: String = "segmentedControl", titles: [String] = []) {
        self.titles = titles
        super.init(identifier: identifier)
    }

    /// The width of one segment: the widest title plus the padding (rule 3), or nil when the titles
    /// cannot be measured (no measurer).
    public var segmentWidth: CGFloat? {
        if widestTitle == nil {
            let label = Label(identifier: identifier + ".title", text: "", font: font)
            label.measurer = measurer
            var widest: CGFloat = 0
            for t in titles where !t.isEmpty {
                label.text = t
                guard let m = label.measurement else { return nil }
                widest = max(widest, m.size.width.rounded(.up))
            }
            widestTitle = widest
        }
        return widestTitle.map { $0 + SegmentedControl.segmentPadding }
    }

    open override var intrinsicContentSize: CGSize {
        let n = CGFloat(titles.count)
        guard n > 0 else { return CGSize(width: 0, height: SegmentedControl.height) }
        guard let segment = segmentWidth else { return CGSize(width: CGSize.noIntrinsicMetric, height: SegmentedControl.height) }
        return CGSize(width: n * segment + (n - 1) * SegmentedControl.dividerWidth, height: SegmentedControl.height)
    }
}
