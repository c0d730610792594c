import AutoLayout
import Foundation

// One input: a Visual Format Language string (its bytes as UTF-8, invalid sequences repaired).
// Its last byte also picks the format options, so that the align-all and direction paths are
// fuzzed with the same strings. Parsed against a fixed cell of named views (and metrics);
// the constraints it yields are activated and the cell laid out, so that whatever the parser
// accepts also goes through the engine. A thrown FormatError is the expected outcome of most
// inputs; a trap, a leak or a hang is a finding.

/// The options an input's last byte picks (one of each kind, and none).
let optionChoices: [FormatOptions] = [
    [], .alignAllLeft, .alignAllRight, .alignAllTop, .alignAllBottom, .alignAllLeading,
    .alignAllTrailing, .alignAllCenterX, .alignAllCenterY, .alignAllFirstBaseline,
    .alignAllLastBaseline, .directionLeftToRight, [.alignAllTop, .alignAllBottom],
    [.alignAllLeft, .alignAllTop], [.alignAllLeading, .alignAllTrailing], [.alignAllCenterX, .directionLeftToRight],
]

/// The view names the seeds (examples/, the tests) use.
let viewNames = ["a", "b", "c", "d", "v1", "v2", "avatar", "title", "body", "time", "icon",
                 "photo", "content", "username", "label", "image", "button"]
let metrics: [String: CGFloat] = ["m": 8, "pad": 20, "w": 100, "top": 10, "side": 44, "big": 1e6]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVFL(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let format = String(decoding: input, as: UTF8.self)
    let options = optionChoices[Int(input.last ?? 0) % optionChoices.count]
    let cell = View(identifier: "contentView")
    var views: [String: View] = [:]
    for name in viewNames {
        let v = name == "label" ? Label(identifier: name, text: "Fuzz") : View(identifier: name)
        cell.addSubview(v)
        views[name] = v
    }
    // A view with no superview, for `|` next to it.
    views["orphan"] = View(identifier: "orphan")
    do {
        let constraints = try LayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                           metrics: metrics, views: views)
        LayoutConstraint.activate(constraints)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        cell.layoutIfNeeded()
        _ = cell.systemLayoutSizeFitting(CGSize(width: 320, height: 0))
    } catch {
        _ = String(describing: error)
    }
    return 0
}
