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

/// Puts `big` 10 points below the top of a new container and `small` 8 points after it with
/// their first baselines equal, lays out, and returns the container.
@discardableResult
func baselinePair(big: View, small: View) -> View {
    let root = container()
    root.addSubview(big)
    root.addSubview(small)
    LayoutConstraint.activate([
        big.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        big.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
        small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
    ])
    root.layoutIfNeeded()
    return root
}
