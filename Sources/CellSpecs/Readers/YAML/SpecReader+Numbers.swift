import AutoLayout
import Foundation
import Yams

/// The allowed range of each numeric quantity of a spec: one rule per quantity, applied wherever
/// it arrives (a spec's literal, or a data file's value bound to it), so that no NaN, infinity or
/// negative size reaches the layout engine.
///
/// Ranges a UIKit developer would accept:
/// 1. Lengths (image sizes, template sizes, line heights, preferred widths): 0...100,000 points.
/// 2. Layout margins: 0...100,000. UIKit takes negative margins without complaint, but in a
///    self-sizing cell they give negative heights; the spec refuses them.
/// 3. Stack spacing: -100,000...100,000 (negative spacing overlaps the arranged views, as in UIKit).
/// 4. Font sizes: above 0, at most 1,000; weights 100...1,000 (CSS's range).
/// 5. Line height multiples: 0...100.
/// 6. Offsets (metrics, a frame's origin): -100,000...100,000.
package enum SpecLimits {
    /// Sizes and lengths, in points.
    package static let length: ClosedRange<CGFloat> = 0...100_000
    /// Layout margins, in points.
    package static let margin: ClosedRange<CGFloat> = 0...100_000
    /// Stack view spacing, in points.
    package static let spacing: ClosedRange<CGFloat> = -100_000...100_000
    /// The largest font size, in points.
    package static let largestFontSize: CGFloat = 1000
    /// Metrics and a frame's origin, in points.
    package static let offset: ClosedRange<CGFloat> = -100_000...100_000
    /// Font weights.
    package static let weight: ClosedRange<CGFloat> = 100...1000
    /// Line height multiples.
    package static let lineHeightMultiple: ClosedRange<CGFloat> = 0...100

    /// `range` as a message says it: "from 0 to 100000".
    package static func describe(_ range: ClosedRange<CGFloat>) -> String {
        "from \(format(range.lowerBound)) to \(format(range.upperBound))"
    }

    /// A number as the user wrote it: no ".0" on a whole number.
    package static func format(_ v: CGFloat) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(Double(v))
    }
}

extension SpecReader {
    /// A finite number inside `range`; otherwise an error at the node naming the range.
    func number(_ node: Node, _ what: String, in range: ClosedRange<CGFloat>) throws(SpecError) -> CGFloat {
        try check(try number(node, "\(what) (a number \(SpecLimits.describe(range)))"), node, what, in: range)
    }

    /// `v`, read from `node`, if inside `range`; otherwise an error at the node naming the range.
    func check(_ v: CGFloat, _ node: Node, _ what: String, in range: ClosedRange<CGFloat>) throws(SpecError) -> CGFloat {
        guard range.contains(v) else {
            throw error(node, "expected \(what) \(SpecLimits.describe(range)), got \(SpecLimits.format(v))")
        }
        return v
    }
}
