import AutoLayout
import Cassowary
import Foundation
import TestSupport
import Testing

/// Seeded random view systems laid out by the engine and checked against the independent dense
/// lexicographic LP of TestSupport, built here from the attributes' definitions: required
/// constraints hold, every priority's violation sum is the optimum, and the constraints the engine
/// broke are exactly ones the required set cannot take.
@Suite struct RandomLayoutTests {
    static let attributes: [LayoutAttribute] = [.left, .right, .leading, .trailing, .centerX, .top, .bottom, .centerY,
                                                .width, .height, .leadingMargin, .topMargin]
    static let priorities: [Double] = [1000, 1000, 1000, 750, 250, 500]

    /// The reference's own reading of an attribute, left to right: terms over (x, y, w, h) and a
    /// constant from the view's margins (8 on every side).
    func form(_ a: LayoutAttribute, _ v: (x: Variable, y: Variable, w: Variable, h: Variable)) -> ([Term], Double) {
        switch a {
        case .left, .leading: return ([Term(v.x)], 0)
        case .right, .trailing: return ([Term(v.x), Term(v.w)], 0)
        case .centerX: return ([Term(v.x), Term(v.w, 0.5)], 0)
        case .top: return ([Term(v.y)], 0)
        case .bottom: return ([Term(v.y), Term(v.h)], 0)
        case .centerY: return ([Term(v.y), Term(v.h, 0.5)], 0)
        case .width: return ([Term(v.w)], 0)
        case .height: return ([Term(v.h)], 0)
        case .leadingMargin: return ([Term(v.x)], 8)
        case .topMargin: return ([Term(v.y)], 8)
        default: fatalError("not generated")
        }
    }

    @Test(arguments: 0..<4)
    func randomLayoutsMatchTheReference(batch: Int) throws {
        for k in 0..<120 {
            var rng = SeededGenerator(seed: UInt64(200_000 + batch * 1000 + k))
            let root = container(width: 300, height: 200)
            var views: [View] = []
            for i in 0..<Int.random(in: 2...4, using: &rng) {
                let v: View
                if Bool.random(using: &rng) {
                    let s = SizedView("v\(i)", width: CGFloat(Int.random(in: 10...120, using: &rng)),
                                      height: CGFloat(Int.random(in: 10...60, using: &rng)))
                    s.setContentHuggingPriority(LayoutPriority([250.0, 251, 750].randomElement(using: &rng)!), for: .horizontal)
                    s.setContentCompressionResistancePriority(LayoutPriority([750.0, 749].randomElement(using: &rng)!), for: .vertical)
                    v = s
                } else {
                    v = View(identifier: "v\(i)")
                    v.translatesAutoresizingMaskIntoConstraints = false
                }
                root.addSubview(v)
                views.append(v)
            }
            var made: [LayoutConstraint] = []
            for _ in 0..<Int.random(in: 3...10, using: &rng) {
                let a = views.randomElement(using: &rng)!
                let attribute = Self.attributes.randomElement(using: &rng)!
                let candidates = Self.attributes.filter { $0.kind == attribute.kind && ($0.isDirectional == attribute.isDirectional || !($0.isDirectional || $0.isAbsoluteHorizontal) || !(attribute.isDirectional || attribute.isAbsoluteHorizontal)) }
                let relation = [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                let constant = CGFloat(Int.random(in: -40...120, using: &rng))
                let c: LayoutConstraint
                if attribute.kind == .dimension && Bool.random(using: &rng) {
                    c = try LayoutConstraint(item: a, attribute: attribute, relatedBy: relation, toItem: nil, attribute: .notAnAttribute,
                                             constant: abs(constant))
                } else {
                    let b = (views + [root]).filter { $0 !== a }.randomElement(using: &rng)!
                    let other = candidates.randomElement(using: &rng)!
                    let multiplier: CGFloat = attribute.kind == .dimension && Bool.random(using: &rng) ? 2 : 1
                    c = try LayoutConstraint(item: a, attribute: attribute, relatedBy: relation, toItem: b, attribute: other,
                                             multiplier: multiplier, constant: constant)
                }
                c.priority = LayoutPriority(Self.priorities.randomElement(using: &rng)!)
                c.isActive = true
                made.append(c)
            }
            root.layoutIfNeeded()

            // The reference system.
            var boxes: [ObjectIdentifier: (x: Variable, y: Variable, w: Variable, h: Variable)] = [:]
            for v in [root] + views { boxes[ObjectIdentifier(v)] = (Variable(), Variable(), Variable(), Variable()) }
            let r = boxes[ObjectIdentifier(root)]!
            var system: [(Cassowary.Constraint, Double)] = []
            func add(_ terms: [Term], _ constant: Double, _ relation: Relation, _ priority: Double) {
                system.append((Cassowary.Constraint(Cassowary.Expression(terms, constant: constant), relation,
                                                    priority: Priority(priority)), constant))
            }
            add([Term(r.x)], 0, .equal, 1000); add([Term(r.y)], 0, .equal, 1000)
            add([Term(r.w)], -300, .equal, 1000); add([Term(r.h)], -200, .equal, 1000)
            for v in views {
                guard let s = v as? SizedView else { continue }
                let b = boxes[ObjectIdentifier(v)]!
                add([Term(b.w)], -Double(s.size.width), .lessThanOrEqual, s.contentHuggingPriority(for: .horizontal).rawValue)
                add([Term(b.w)], -Double(s.size.width), .greaterThanOrEqual, s.contentCompressionResistancePriority(for: .horizontal).rawValue)
                add([Term(b.h)], -Double(s.size.height), .lessThanOrEqual, s.contentHuggingPriority(for: .vertical).rawValue)
                add([Term(b.h)], -Double(s.size.height), .greaterThanOrEqual, s.contentCompressionResistancePriority(for: .vertical).rawValue)
            }
            var broken = Set<ObjectIdentifier>()
            for d in root.layoutDiagnostics { if case let .unsatisfiable(c, _) = d { broken.insert(ObjectIdentifier(c)) } }
            var kept: [(LayoutConstraint, [Term], Double, Relation)] = []
            for c in made {
                var (terms, k1) = form(c.firstAttribute, boxes[ObjectIdentifier(c.firstItem!)]!)
                var constant = k1 - Double(c.constant)
                if let second = c.secondItem {
                    let (t2, k2) = form(c.secondAttribute, boxes[ObjectIdentifier(second)]!)
                    terms += t2.map { Term($0.variable, -Double(c.multiplier) * $0.coefficient) }
                    constant -= Double(c.multiplier) * k2
                }
                let relation: Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
                if broken.contains(ObjectIdentifier(c)) {
                    // A broken constraint is required and could not join the required constraints before it.
                    #expect(c.priority.isRequired)
                    continue
                }
                kept.append((c, terms, constant, relation))
                add(terms, constant, relation, c.priority.rawValue)
            }
            let all = Array(boxes.values.flatMap { [$0.x, $0.y, $0.w, $0.h] })
            guard let reference = ReferenceLP.lexicographicViolations(system, variables: all) else {
                Issue.record("seed \(k): the reference finds the kept constraints infeasible")
                continue
            }
            // The engine's solution, in root coordinates (the views are the root's children).
            var values: [ObjectIdentifier: Double] = [:]
            for v in [root] + views {
                let b = boxes[ObjectIdentifier(v)]!
                let f = v === root ? CGRect(x: 0, y: 0, width: 300, height: 200) : v.frame
                // origin and size as set: CGRect's minX and width would standardise negative sizes.
                values[ObjectIdentifier(b.x)] = Double(f.origin.x); values[ObjectIdentifier(b.y)] = Double(f.origin.y)
                values[ObjectIdentifier(b.w)] = Double(f.size.width); values[ObjectIdentifier(b.h)] = Double(f.size.height)
            }
            var ours: [Double: Double] = [:]
            for (c, _) in system {
                let value = c.expression.terms.reduce(c.expression.constant) { $0 + $1.coefficient * values[ObjectIdentifier($1.variable)]! }
                let v = c.relation == .equal ? abs(value) : c.relation == .lessThanOrEqual ? max(0, value) : max(0, -value)
                if c.priority.isRequired {
                    #expect(v < 1e-6, "seed \(k): required \(c) violated by \(v)")

                } else {
                    ours[c.priority.rawValue, default: 0] += v
                }
            }
            for (level, optimum) in reference {
                #expect(abs((ours[level] ?? 0) - optimum) <= 1e-5 * (1 + abs(optimum)),
                        "seed \(k): level \(level): \(ours[level] ?? 0) vs reference \(optimum)")
            }
        }
    }
}
