import Synchronization
import Testing

@testable import Larder

/// `concurrentMap` fills each result's slot from whichever thread ran it:
/// the result must still be `map`'s, in order, with nothing lost or leaked.
@Suite struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 2, 3, 1000])
    func givesWhatMapGives(_ count: Int) {
        let input = (0..<count).map { "item \($0)" }
        // Strings long enough to be heap objects, so a slot written twice or
        // never would show as a wrong or missing value.
        let transform: @Sendable (String) -> [String] = { [$0 + String(repeating: "x", count: 32), $0] }
        #expect(input.concurrentMap(transform) == input.map(transform))
    }

    @Test func runsEveryElementOnce() {
        let counts = Mutex<[Int: Int]>([:])
        let result = Array(0..<500).concurrentMap { index in
            counts.withLock { $0[index, default: 0] += 1 }
            return index * 2
        }
        #expect(result == (0..<500).map { $0 * 2 })
        #expect(counts.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, 1) }))
    }
}
