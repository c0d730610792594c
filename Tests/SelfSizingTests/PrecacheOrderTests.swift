import SelfSizing
import Testing
import TestSupport

@Suite struct PrecacheOrderTests {
    @Test func centreFirstThenAlternatingAheadAndBehind() {
        #expect(Array(PrecacheOrder(count: 12, around: 5..<7)) == [5, 6, 7, 4, 8, 3, 9, 2, 10, 1, 11, 0])
    }

    @Test func oneSideRunsOutAndTheOtherGoesOn() {
        #expect(Array(PrecacheOrder(count: 8, around: 0..<2)) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(Array(PrecacheOrder(count: 8, around: 6..<8)) == [6, 7, 5, 4, 3, 2, 1, 0])
        #expect(Array(PrecacheOrder(count: 6, around: 4..<5)) == [4, 5, 3, 2, 1, 0])
    }

    @Test func anEmptyCentreStartsAheadOfItsPlace() {
        #expect(Array(PrecacheOrder(count: 5, around: 2..<2)) == [2, 1, 3, 0, 4])
        #expect(Array(PrecacheOrder(count: 3, around: 0..<0)) == [0, 1, 2])
        #expect(Array(PrecacheOrder(count: 0, around: 0..<0)).isEmpty)
    }

    @Test func reachBoundsBothSides() {
        #expect(Array(PrecacheOrder(count: 20, around: 10..<12, reach: 2)) == [10, 11, 12, 9, 13, 8])
        #expect(Array(PrecacheOrder(count: 20, around: 10..<12, reach: 0)) == [10, 11])
    }

    @Test func aCentreOutsideTheRowsIsClamped() {
        let order = PrecacheOrder(count: 4, around: -3..<9)
        #expect(order.centre == 0..<4)
        #expect(Array(order) == [0, 1, 2, 3])
        #expect(Array(PrecacheOrder(count: 4, around: 7..<9)) == [3, 2, 1, 0])
    }

    /// Every row comes exactly once, and rows come in order of their distance from the centre.
    @Test func everyRowOnceByDistance() {
        var random = SeededGenerator(seed: 15)
        for _ in 0..<200 {
            let n = Int.random(in: 0...60, using: &random)
            let a = Int.random(in: 0...max(n, 0), using: &random)
            let b = Int.random(in: a...max(n, a), using: &random)
            let order = Array(PrecacheOrder(count: n, around: a..<b))
            #expect(order.sorted() == Array(0..<n))
            let distance = order.map { $0 < a ? a - $0 : ($0 >= b ? $0 - b + 1 : 0) }
            #expect(distance == distance.sorted())
        }
    }
}
