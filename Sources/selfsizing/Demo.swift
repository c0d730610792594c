import ArgumentParser
import Cassowary

/// `selfsizing demo`: until the list engine lands, lays out a small table cell with the solver and
/// prints its frames.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lay out a sample self-sizing cell and print it.")

    @Option(help: "The cell's width in points.")
    var width: Double = 375

    func validate() throws {
        guard width.isFinite, width >= 100, width <= 10_000 else {
            throw ValidationError("--width must be a number from 100 to 10000, got \(width)")
        }
    }

    func run() throws {
        let cell = DemoCell()
        let body = "Self-sizing cells take their height from their content: this body text wraps at the width the solver gives it."
        let height = try cell.layout(width: width, bodyLength: body.count)
        print("A self-sizing cell at width \(format(width)): height \(format(height))")
        print("")
        for (name, frame) in cell.frames() {
            print("  \(name.rightPadded(12)) x \(format(frame.x).leftPadded(6))  y \(format(frame.y).leftPadded(6))  w \(format(frame.w).leftPadded(6))  h \(format(frame.h).leftPadded(6))")
        }
        print("")
        print("Constraints (\(cell.constraints.count)):")
        for c in cell.constraints { print("  \(c)") }
    }
}

/// The cell of the solver benchmarks: avatar, title, timestamp and a multi-line body, fitted as
/// systemLayoutSizeFitting(CGSize(width, 0), .required, .fittingSizeLevel) does.
final class DemoCell {
    struct Box {
        let name: String
        let left, top, width, height: Variable
        init(_ name: String) {
            self.name = name
            left = Variable(name + ".left")
            top = Variable(name + ".top")
            width = Variable(name + ".width")
            height = Variable(name + ".height")
        }
        var right: Expression { left + width }
        var bottom: Expression { top + height }
    }

    let content = Box("contentView"), avatar = Box("avatar"), title = Box("title")
    let body = Box("body"), time = Box("timestamp")
    let solver = Solver()
    private(set) var constraints: [Constraint] = []

    func intrinsic(_ b: Box, width: Double, height: Double) -> [Constraint] {
        [(b.width <= width).priority(.defaultLow), (b.width >= width).priority(.defaultHigh),
         (b.height <= height).priority(.defaultLow), (b.height >= height).priority(.defaultHigh)]
    }

    func layout(width: Double, bodyLength: Int) throws -> Double {
        let (c, a, t, b, s) = (content, avatar, title, body, time)
        constraints = [
            c.left == 0, c.top == 0, a.left == c.left + 8, a.top == c.top + 8, a.width == 40, a.height == 40,
            t.left == a.right + 8, t.top == c.top + 8, s.left >= t.right + 8, s.right == c.right - 8,
            s.top == t.top, b.left == t.left, b.right == c.right - 8, b.top == t.bottom + 4,
            c.bottom == b.bottom + 8, c.bottom >= a.bottom + 8,
            c.width == width, (c.height == 0).priority(.fittingSizeLevel),
        ]
        constraints += intrinsic(t, width: 120, height: 20) + intrinsic(s, width: 39, height: 16)
        try solver.add(constraints)
        // Pass 1: the body as one line; pass 2: wrapped at the width the solver gave it.
        var bodyConstraints = intrinsic(b, width: Double(bodyLength) * 7, height: 20)
        try solver.add(bodyConstraints)
        solver.updateVariables()
        let lines = max(1, (Double(bodyLength) * 7 / max(b.width.value, 1)).rounded(.up))
        for (k, value) in [min(Double(bodyLength) * 7, b.width.value), Double(bodyLength) * 7, lines * 20, lines * 20].enumerated() {
            try solver.setConstant(-value, for: bodyConstraints[k])
        }
        bodyConstraints = []
        solver.updateVariables()
        return c.height.value
    }

    func frames() -> [(String, (x: Double, y: Double, w: Double, h: Double))] {
        [content, avatar, title, time, body].map { ($0.name, ($0.left.value, $0.top.value, $0.width.value, $0.height.value)) }
    }
}

func format(_ x: Double) -> String {
    let r = (x * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self }
}

extension String {
    func rightPadded(_ n: Int) -> String { self + String(repeating: " ", count: max(0, n - count)) }
}
