#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What stops writing the site. Every error names a path and says how to fix
/// it; nothing of the previous site has been changed when one is thrown
/// before the swap (see `SiteWriter.write(_:)`).
public struct SiteWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

extension SiteWriteError {
    /// A failed system call, with the system's words and what to do about the
    /// usual causes.
    static func system(_ code: Int32, path: String, action: String) -> SiteWriteError {
        let hint: String
        switch code {
        case ENOSPC, EDQUOT: hint = "free some disk space and build again"
        case EFBIG: hint = "a limit on file size (ulimit -f) is lower than the file; raise it and build again"
        case EACCES, EPERM: hint = "check the permissions of the folder, or choose another -o"
        case EROFS: hint = "the disk is read-only; choose another -o"
        case ENAMETOOLONG: hint = "use shorter ids or a shorter -o"
        case ENOENT: hint = "check that it exists"
        default: hint = "fix the cause and build again"
        }
        return SiteWriteError(path: path, reason: "\(action): \(String(cString: strerror(code))); \(hint)")
    }
}
