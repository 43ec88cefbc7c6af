import Dispatch
import Synchronization

/// Frees a large value on another thread.
///
/// At 10,000 recipes the documents a load read and the kitchen made of them
/// are several hundred thousand allocations; freeing them took the main
/// thread some 50 ms each after the work that needed them was done, while
/// the other cores waited (a check has its report by then, and exits next).
public enum BackgroundRelease {
    /// Lets go of `value` on a background queue. Only worth it for the last
    /// copy of a value that owns much memory.
    ///
    /// The value is moved into a parcel that the background job empties: a
    /// closure that merely captured it would race the caller, whose own
    /// reference, released when this function returns, is the last one if
    /// the job has already run (then the caller frees it after all).
    public static func drop<Value: Sendable>(_ value: consuming Value) {
        let parcel = Parcel(consume value)
        DispatchQueue.global(qos: .utility).async { parcel.empty() }
    }

    private final class Parcel<Contents: Sendable>: Sendable {
        private let slot: Mutex<Contents?>

        init(_ contents: consuming Contents) {
            slot = Mutex(Optional(consume contents))
        }

        /// Frees the contents on the calling thread, whoever releases the parcel.
        func empty() {
            slot.withLock { $0 = nil }
        }
    }
}
