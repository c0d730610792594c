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

typealias FixedAdvanceMeasurer = MonospaceTextMeasurer

/// Whether two lengths agree to within solver rounding.
func approx(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-6 }
