import AutoLayout
import Foundation

// One input: a constraint equation (`item.attribute == m * item.attribute + c @ priority`), its
// bytes as UTF-8. Parsed with metrics, resolved against a fixed cell of named views, activated,
// and the cell laid out and fitted. A thrown FormatError is the expected outcome of most inputs;
// a trap, a leak or a hang is a finding.

/// The view names the seeds (examples/, the tests) use.
let viewNames = ["a", "b", "c", "avatar", "title", "body", "time", "icon", "photo", "content",
                 "username", "label"]
let metrics: [String: CGFloat] = ["m": 8, "pad": 20, "w": 100, "side": 44, "half": 0.5, "big": 1e6]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEquation(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let cell = View(identifier: "contentView")
    var views: [String: View] = ["contentView": cell]
    for name in viewNames {
        let v = name == "label" ? Label(identifier: name, text: "Fuzz") : View(identifier: name)
        cell.addSubview(v)
        views[name] = v
    }
    views["orphan"] = View(identifier: "orphan")
    do {
        let equation = try ConstraintEquation(text, metrics: metrics)
        _ = equation.formatConstraint
        let constraint = try equation.constraint(views: views)
        constraint.isActive = true
        // A second, required pin so that the system has something to solve against.
        views["a"]!.widthAnchor.constraint(equalToConstant: 10).isActive = true
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        cell.layoutIfNeeded()
        _ = cell.systemLayoutSizeFitting(CGSize(width: 320, height: 0))
    } catch {
        _ = String(describing: error)
    }
    return 0
}
