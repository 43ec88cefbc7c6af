import Dispatch
import Testing

@testable import Larder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value handed to `BackgroundRelease.drop` is freed, and not by the
/// thread that let it go.
@Suite struct BackgroundReleaseTests {
    final class Sentinel: Sendable {
        let owner: pthread_t
        let freedElsewhere: DispatchSemaphore
        let freedHere: DispatchSemaphore

        init(freedElsewhere: DispatchSemaphore, freedHere: DispatchSemaphore) {
            owner = pthread_self()
            self.freedElsewhere = freedElsewhere
            self.freedHere = freedHere
        }

        deinit {
            (pthread_equal(pthread_self(), owner) != 0 ? freedHere : freedElsewhere).signal()
        }
    }

    @Test func freesTheValueOnAnotherThread() {
        let elsewhere = DispatchSemaphore(value: 0)
        let here = DispatchSemaphore(value: 0)
        // A struct holding the last reference, as a kitchen holds its arrays.
        BackgroundRelease.drop([Sentinel(freedElsewhere: elsewhere, freedHere: here)])
        #expect(elsewhere.wait(timeout: .now() + 10) == .success)
        #expect(here.wait(timeout: .now()) == .timedOut)
    }
}
