import Dispatch
import Synchronization

extension Array where Element: Sendable {
    // Public: the render stage (LarderSite) uses it too.
    /// `map` on all cores. The order of the result is the order of `self`,
    /// whatever order the work finishes in.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = Mutex<[T?]>(Array<T?>(repeating: nil, count: count))
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements  // read-only while the loop runs
            DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                let value = transform(elements[index])
                results.withLock { $0[index] = value }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
