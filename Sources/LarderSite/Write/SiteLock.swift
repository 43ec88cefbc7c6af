import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file beside the output, so that two builds into
/// one output take turns instead of mixing their files. The lock goes when
/// its holder closes the file or dies, so a killed build never leaves the
/// output locked. The file itself stays: removing it would let a waiting
/// build lock a file that no longer has a name.
struct SiteLock: Sendable {
    let path: String
    /// How long to wait for another build to finish before giving up.
    let timeout: Duration

    /// Runs `body` holding the lock, waiting for it up to `timeout`.
    func withLock<T>(_ body: () throws(SiteWriteError) -> T) throws(SiteWriteError) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .system(errno, path: path, action: "cannot open the build lock") }
        // Closing releases the lock.
        defer { close(fd) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .system(errno, path: path, action: "cannot lock the output for this build")
            }
            guard clock.now < deadline else {
                throw SiteWriteError(
                    path: path,
                    reason: "another larder build has been writing this output for over \(timeout) and still holds this lock; wait for it to finish, then build again"
                )
            }
            usleep(20_000)
        }
        return try body()
    }
}
