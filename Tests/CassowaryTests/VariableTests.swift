import Testing
import Cassowary

@Suite struct VariableTests {
    @Test func identityNotNameMakesAVariable() throws {
        let a = Variable("x"), b = Variable("x")
        let s = Solver()
        try s.add(a == 1)
        try s.add(b == 2)
        s.updateVariables()
        #expect(a.value == 1 && b.value == 2)
        #expect(a.description == "x")
    }

    @Test func valueIsZeroUntilSolved() throws {
        let x = Variable("x")
        #expect(x.value == 0)
        let s = Solver()
        try s.add(x == 4)
        #expect(x.value == 0, "values are written by updateVariables")
        #expect(s.value(of: x) == 4)
        s.updateVariables()
        #expect(x.value == 4)
    }

    @Test func unknownVariableReadsZero() {
        #expect(Solver().value(of: Variable("never added")) == 0)
    }
}
