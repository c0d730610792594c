import Cassowary
import Testing

/// The artificial phase of an add (kiwi's addWithArtificialVariable), on a system whose rows grow
/// coefficients of 1e9 and more: the stress probe's seed 3034 (coefficients 1e3 and 1e-3 beside 1,
/// 603 constraints), shrunk to 117 adds by ddmin.
@Suite struct ArtificialPhaseTests {
    /// Each line: relation, priority, constant, then `variable:coefficient` terms. The last line is
    /// the constraint that was refused. Variables are numbered in the order they first appear,
    /// the order the probe made them in.
    static let seed3034 = """
        le 1000 156 0:1
        ge 100 22 1:1 2:2 3:0.5 4:2
        le 250 -67 5:1 6:-2 7:1
        eq 1000 171 8:-1
        eq 1 -76 9:1
        ge 1 -72 10:1000 1:1 11:2 12:-1
        ge 250 90 13:-0.5
        le 100 84 14:1 15:1 16:-1
        le 700 -17 17:-2 18:-1 19:-1 20:-2
        le 1000 118 21:1
        ge 1000 -40 22:1 7:0.001 23:1 7:-1
        le 251 -16 17:2
        eq 249 -20 24:1000
        le 1000 55 25:-1
        eq 1000 86 8:2 26:-1 27:-0.5
        eq 1000 51 28:1
        le 100 53 29:0.5 28:-2
        le 300 62 30:-1 31:0.001 32:-1
        le 300 -162 33:1
        eq 250 24 17:0.5 34:1000
        eq 300 -67 35:-1 20:-1 36:-1 37:-2
        eq 250 79 38:-2 39:0.001 12:1 40:0.001
        ge 100 -76 41:-2
        le 1000 50 42:-1
        le 500 42 43:2
        le 300 87 44:-2 45:-1 46:0.5
        ge 250 -43 47:-2 48:0.001 14:-2 49:-1
        le 250 46 11:-1
        eq 1 -53 50:-0.5 51:0.5 52:1000 53:-1
        ge 700 191 47:1
        ge 1000 -29 22:1
        le 1 66 54:2 55:2 56:1 35:0.5
        ge 700 5 57:-2 58:1000 13:-1 28:0.5
        ge 300 -80 59:2 60:-0.5 61:-0.5
        ge 251 91 62:1
        eq 300 -27 33:-0.5 63:0.5 64:1000 65:-1
        ge 251 30 54:0.5
        ge 300 8 37:1
        ge 251 60 66:1
        ge 249 -26 67:1
        ge 300 70 51:-1 56:-2 68:1
        eq 250 -71 69:-1 70:1000 55:0.001 71:-1
        ge 250 67 72:-1 73:-1 74:-2 75:2
        eq 500 -55 76:-2 21:-1 47:1 77:-1
        eq 751 23 6:0.5
        le 1000 94 77:1 11:-1 13:1 57:-1
        eq 1000 -77 67:-2 78:1000 30:1
        ge 700 -9 60:1
        le 700 34 79:1000
        le 250 38 61:-1 44:1000
        eq 500 -62 72:0.5 80:-1 64:1 80:1
        le 251 69 68:1000 10:0.5 9:-1 25:1
        le 1000 -56 29:-1 81:-0.5 82:1
        ge 100 76 83:-1 66:1000 84:0.5 85:0.5
        ge 1000 72 33:0.001
        eq 700 28 53:0.5
        eq 251 194 46:1
        ge 250 4 19:0.5
        le 500 128 86:0.5
        le 300 -61 10:0.5 81:1 42:2
        le 1000 -1 61:0.5 13:1000 33:-1
        ge 751 37 87:1
        le 1000 71 18:1
        eq 249 -76 88:1
        le 251 -19 72:1
        le 500 2 83:1
        le 1000 -170 49:1
        ge 500 -140 88:1
        le 251 -4 89:0.001
        ge 500 -50 60:1
        ge 1 -93 30:-1
        le 500 51 90:-1 26:2 90:1 34:-1
        ge 1000 -83 91:0.001 36:2 64:-1 14:-1
        eq 100 81 37:-1 54:-1 92:2
        le 250 -127 27:1
        ge 700 -10 59:1
        le 500 48 73:1
        ge 1 24 43:1 23:-1
        eq 251 135 51:1
        le 1000 -157 36:1
        le 1000 199 79:1
        eq 250 -74 22:0.001
        le 1000 62 78:0.001 89:1 55:0.001
        ge 500 82 70:-2 24:1 8:1 38:0.5
        le 500 -74 74:1
        eq 751 -83 93:1 76:1000 35:-2 86:1
        le 100 -76 0:-2 94:-0.5 14:-1
        eq 1 61 74:1000 20:-2
        le 249 17 9:1
        le 249 -12 95:2
        le 250 5 21:-2 26:1 45:-2 79:0.5
        ge 751 -32 91:-1
        ge 251 -64 93:2
        eq 100 59 41:-1 96:-0.5 97:-2
        le 1000 -97 14:1 97:1 5:1 71:1
        le 1000 4 52:0.001 82:1000 95:-1
        eq 1 -167 95:1
        eq 251 -32 96:1000
        eq 249 -55 33:2
        le 300 57 5:1
        le 249 -94 45:-1
        ge 250 0 48:1
        le 1 -8 34:-1
        le 751 -130 54:0.5
        le 251 73 92:1 96:-0.5
        ge 100 -8 47:-1 50:1 47:1
        eq 500 -76 58:-1 87:0.5 74:1
        eq 700 -91 78:0.001 75:-1 50:1
        eq 1000 46 88:-0.5 45:-2 62:1
        ge 751 -98 69:-1
        le 751 99 56:1
        le 500 -107 47:-1
        ge 249 -26 55:1000
        le 1000 41 38:1 83:1000
        eq 1000 199 94:1
        eq 700 66 13:1
        le 1000 55 68:1
        ge 1000 77 91:-0.5
        """

    /// A cost of the artificial objective under 1e-6 of the row's largest (3e-7 beside 487) used
    /// to enter at a step of 3e11: the artificial symbol's own row passed over the same
    /// coefficient as a residue and dropped it, the objective kept it and read -82,735 while the
    /// row read 5,386, so the required `-0.5 v91 + 77 >= 0` was refused, although a fresh solver
    /// and an LP check (HiGHS) take it. The objective now lets in only the costs its row's ratio
    /// test would not pass over.
    ///
    /// What this checks is the artificial phase alone. By the 106th add the values have drifted
    /// (a required constraint off by 7e-5 of its magnitude: values of 4e6 computed through rows
    /// whose coefficients reach 1e9-1e12), and after the 111th they reach 1e17, where HiGHS's
    /// lexicographic optimum stays under 4e6: README's known limits (drift, which a
    /// refactorization does not undo here). kiwi (weights rather than strict priorities) reaches
    /// values of 1.6e19 on the same trace and aborts at the 106th add ("The objective is
    /// unbounded").
    ///
    /// The solver never refactors here (see Tableau+Refactor.swift): the drift triggers one at
    /// the 117th add, which takes another path through a system whose values have reached 1e17,
    /// and the artificial phase is what this checks.
    @Test func aFeasibleConstraintAfterCostsOfResidueSize() {
        let solver = Solver(smallTableau: false, refactorFactor: .max)
        var variables: [VariableHandle] = []
        func constraint(_ line: Substring) -> LinearConstraint {
            let f = line.split(separator: " ")
            let relation: Relation = f[0] == "eq" ? .equal : f[0] == "le" ? .lessThanOrEqual : .greaterThanOrEqual
            let terms = f[3...].map { t -> LinearTerm in
                let p = t.split(separator: ":")
                let index = Int(p[0])!
                while variables.count <= index { variables.append(solver.makeVariable()) }
                return LinearTerm(variables[index], Double(p[1])!)
            }
            return LinearConstraint(LinearExpression(terms, constant: Double(f[2])!), relation, priority: Priority(Double(f[1])!))
        }
        let lines = Self.seed3034.split(separator: "\n")
        for line in lines.dropLast() { _ = try? solver.add(constraint(line)) }
        expectSound(solver)
        let last = constraint(lines.last!)
        #expect(throws: Never.self) { try solver.add(last) }
        expectSound(solver)
    }
}
