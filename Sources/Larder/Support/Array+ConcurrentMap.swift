import Dispatch

extension Array where Element: Sendable {
    // Public: the render stage (LarderSite) uses it too.
    /// `map` on all cores. The order of the result is the order of `self`,
    /// whatever order the work finishes in.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        concurrentMap(runsOf: 1, transform)
    }

    /// The same, `size` elements to a task: for many small items, so that
    /// each task is worth its dispatch. Each result still goes straight
    /// into its place (runs made into arrays of their own and joined
    /// after were two more copies of every element and result).
    public func concurrentMap<T: Sendable>(runsOf size: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let size = Swift.max(size, 1)
        guard count > size else { return map(transform) }
        return self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements  // read-only while the loop runs
            return [T](unsafeUninitializedCapacity: elements.count) { results, initialized in
                // Each iteration initializes its own slots and no other, so no
                // lock is needed, and nothing is copied out afterwards (a lock
                // per result and an array of optionals copied at the end were
                // serial work). concurrentPerform returns when all have run.
                nonisolated(unsafe) let results = results
                DispatchQueue.concurrentPerform(iterations: (elements.count + size - 1) / size) { run in
                    for index in run * size..<Swift.min(elements.count, (run + 1) * size) {
                        (results.baseAddress! + index).initialize(to: transform(elements[index]))
                    }
                }
                initialized = elements.count
            }
        }
    }
}

extension Array {
    /// The elements in runs of `size` (the last one shorter), in order: for
    /// work that takes a run at once (`SiteSink.vouch`); a map of each item
    /// is `concurrentMap(runsOf:)`.
    public func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
