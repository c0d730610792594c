import AutoLayout
import Foundation

/// A view whose intrinsic content size and baselines a test sets, as a UIView subclass would
/// report them.
final class SizedView: View {
    var size: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }
    var baselineFromTop: CGFloat?

    init(_ identifier: String, width: CGFloat = CGSize.noIntrinsicMetric, height: CGFloat = CGSize.noIntrinsicMetric) {
        size = CGSize(width: width, height: height)
        super.init(identifier: identifier)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize { size }
    override var firstBaselineOffsetFromTop: CGFloat? { baselineFromTop }
}

/// A root container of a fixed size, as a window's root view.
func container(width: CGFloat = 320, height: CGFloat = 200) -> View {
    let v = View(identifier: "contentView")
    v.frame = CGRect(x: 0, y: 0, width: width, height: height)
    return v
}

/// A subview placed by constraints only.
func constrained(_ identifier: String, in parent: View) -> View {
    let v = View(identifier: identifier)
    v.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(v)
    return v
}

/// A deterministic test font, as Yoga's tests use: every character advances 7 points, lines are
/// 20 points tall with the baseline 16 points down, and lines break greedily at spaces.
struct FixedAdvanceMeasurer: TextMeasuring {
    var advance: CGFloat = 7
    var lineHeight: CGFloat = 20
    var ascent: CGFloat = 16

    func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        let words = request.text.split(separator: " ").map(String.init)
        var lines: [CGFloat] = []
        var current: CGFloat = 0
        for word in words {
            let w = CGFloat(word.count) * advance
            if current == 0 {
                current = w
            } else if let limit = request.width, current + advance + w > limit {
                lines.append(current)
                current = w
            } else {
                current += advance + w
            }
        }
        lines.append(current)
        if request.numberOfLines > 0 { lines = Array(lines.prefix(request.numberOfLines)) }
        let width = min(lines.max() ?? 0, request.width ?? .infinity)
        let height = CGFloat(lines.count) * lineHeight
        return TextMeasurement(size: CGSize(width: width, height: height), firstBaseline: ascent,
                               lastBaseline: height - lineHeight + ascent, lineCount: lines.count)
    }
}

/// Whether two lengths agree to within solver rounding.
func approx(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-6 }
