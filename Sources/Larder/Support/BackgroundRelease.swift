import Dispatch

/// Frees a large value on another thread.
///
/// At 10,000 recipes the documents a load read and the kitchen made of them
/// are several hundred thousand allocations; freeing them took the main
/// thread some 50 ms each after the work that needed them was done, while
/// the other cores waited (a check has its report by then, and exits next).
public enum BackgroundRelease {
    /// Lets go of `value` on a background queue. Only worth it for the last
    /// copy of a value that owns much memory. Consuming: once the closure
    /// has its copy, the caller holds none.
    public static func drop<Value: Sendable>(_ value: consuming Value) {
        DispatchQueue.global(qos: .utility).async { [value] in withExtendedLifetime(value) {} }
    }
}
