import Dispatch

extension Array where Element: Sendable {
    // Public: the render stage (LarderSite) uses it too.
    /// `map` on all cores. The order of the result is the order of `self`,
    /// whatever order the work finishes in.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        return self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements  // read-only while the loop runs
            return [T](unsafeUninitializedCapacity: elements.count) { results, initialized in
                // Each iteration initializes its own slot and no other, so no
                // lock is needed, and nothing is copied out afterwards (a lock
                // per result and an array of optionals copied at the end were
                // serial work). concurrentPerform returns when all have run.
                nonisolated(unsafe) let results = results
                DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                    (results.baseAddress! + index).initialize(to: transform(elements[index]))
                }
                initialized = elements.count
            }
        }
    }
}

extension Array {
    /// The elements in runs of `size` (the last one shorter), in order: a
    /// `concurrentMap` over many small items takes them a run at a time, so
    /// that each task is worth its dispatch.
    public func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
