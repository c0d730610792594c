import SelfSizing
import Testing
import TestSupport

@Suite struct PrefixSumsTests {
    @Test(arguments: 0..<20)
    func matchesRunningSums(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let n = Int.random(in: 0...300, using: &rng)
        var values = (0..<n).map { _ in Double(Int.random(in: 0...60, using: &rng)) }
        var sums = PrefixSums(values)
        for _ in 0..<50 where n > 0 {
            let i = Int.random(in: 0..<n, using: &rng)
            values[i] = Double(Int.random(in: 0...60, using: &rng))
            sums[i] = values[i]
        }
        var running = 0.0
        for i in 0...n {
            #expect(sums.prefix(i) == running)
            if i < n {
                #expect(sums[i] == values[i])
                if values[i] > 0 {
                    // Any offset inside a value's span finds it.
                    #expect(sums.index(containing: running) == i)
                    #expect(sums.index(containing: running + values[i] - 0.5) == i)
                }
                running += values[i]
            }
        }
        #expect(sums.total == running)
        #expect(sums.index(containing: running) == n)
        #expect(sums.index(containing: -1) == 0)
    }
}
