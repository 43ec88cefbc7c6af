import Foundation

/// Reads a data file without trusting it: opened without blocking (a FIFO
/// put in place after the folder was scanned cannot hang the run), checked
/// to be a regular file on the open descriptor, and never read past
/// `limit` bytes, even when it grows while being read.
enum BoundedRead {
    enum Failure: Error, Equatable {
        case cannotOpen
        case notRegular
        /// A symbolic link, where none is followed.
        case link
        /// A symbolic link to a place outside the data folder (`DataFolder.read`).
        case escapes
        /// The size seen (at least `limit + 1` when it grew while being read).
        case tooLarge(Int)
    }

    /// `followingLinks: false` refuses a symbolic link at `path` itself.
    static func bytes(atPath path: String, limit: Int, followingLinks: Bool = true) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return .failure(!followingLinks && errno == ELOOP ? .link : .cannotOpen) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.cannotOpen) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        let size = Int(info.st_size)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        // One byte more than the limit tells a file that grew past it.
        let capacity = limit + 1
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count < capacity else { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, capacity - bytes.count))
            }
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else {
                if read < 0 { return .failure(.cannotOpen) }
                break
            }
            count += read
        }
        guard count <= limit else { return .failure(.tooLarge(count)) }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }
}
