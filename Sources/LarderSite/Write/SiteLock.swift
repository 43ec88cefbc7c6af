import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file beside the output, so that two builds into
/// one output take turns instead of mixing their files. The kernel drops the
/// lock when its holder dies, so a killed build never leaves the output
/// locked. The holder removes the file before it lets go, so that no lock
/// file stays beside the site (where git would see it); a build that was
/// waiting on the removed file notices and locks a new one.
struct SiteLock: Sendable {
    let path: String
    /// How long to wait for another build to finish before giving up.
    let timeout: Duration

    /// Runs `body` holding the lock, waiting for it up to `timeout`.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        let fd = try acquire(until: ContinuousClock.now + timeout)
        defer {
            // Removed while still locked, then unlocked by closing.
            unlink(path)
            close(fd)
        }
        return try body()
    }

    private func acquire(until deadline: ContinuousClock.Instant) throws(SiteWriteError) -> Int32 {
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw .system(errno, path: path, action: "cannot open the build lock") }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                guard code == EWOULDBLOCK || code == EINTR else {
                    close(fd)
                    throw .system(code, path: path, action: "cannot lock the output for this build")
                }
                guard ContinuousClock.now < deadline else {
                    close(fd)
                    throw SiteWriteError(
                        path: path,
                        reason: "another larder build has been writing this output for over \(timeout) and still holds this lock; wait for it to finish, then build again"
                    )
                }
                usleep(20_000)
            }
            // Locked, but the file may have been removed by the build that
            // held it: then the lock guards nothing, and it starts over.
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                return fd
            }
            close(fd)
        }
    }
}
