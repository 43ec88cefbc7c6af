#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes, mapped in, or, where it cannot be, read into memory of
/// its own: the parse cache's files, whose entries keep slices of them (an
/// entry's encoding, written back as it is; a stored recipe, decoded when
/// first asked for), and the build state's. Mapped, the bytes cost no copy
/// and no fresh pages: at 50,000 recipes the parse cache is 120 MB, and
/// reading it into an array was 60 ms of CPU on every rebuild (a tenth of
/// that mapped); the state is 27 MB, read on every rebuild too.
///
/// Larder never changes such a file in place: a new one is written beside
/// it and renamed over it, and a mapping keeps the bytes of the file it was
/// made of. A file cut short by another program while a build reads it
/// ends that build as a signal would (the previous site stays, as for a
/// build killed while it runs; docs/faults.md).
public final class FileBytes: @unchecked Sendable {
    /// Read-only from creation to deinit: shared between threads as is.
    public let buffer: UnsafeBufferPointer<UInt8>
    /// The file's stamp when it was opened (nil for a copy of bytes).
    public let stamp: FileStamp?
    private let isMapped: Bool

    /// The regular file at `path`, or nil when it cannot be read whole.
    public init?(contentsOf path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size > 0, info.st_size < 1 << 32 else { return nil }
        let size = Int(info.st_size)
        stamp = FileStamp(info)
        if let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
            isMapped = true
            return
        }
        // A file system that cannot map: read in, all of it or nothing.
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
        var offset = 0
        while offset < size {
            let read = pread(descriptor, memory.baseAddress! + offset, size - offset, off_t(offset))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            offset += read
        }
        guard offset == size else {
            memory.deallocate()
            return nil
        }
        buffer = UnsafeBufferPointer(memory)
        isMapped = false
    }

    /// A copy of `bytes` (a cache decoded from memory: tests, `decode`).
    public init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
        _ = memory.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: memory[0..<bytes.count])
        stamp = nil
        isMapped = false
    }

    deinit {
        guard let base = buffer.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// The bytes in `range`, which keep these alive.
    func slice(_ range: Range<Int>) -> FileBytesSlice {
        FileBytesSlice(owner: self, range: range)
    }
}

/// Some bytes of a `FileBytes`, kept alive by the slice.
struct FileBytesSlice: Sendable {
    let owner: FileBytes
    let range: Range<Int>

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(rebasing: owner.buffer[range]))
    }
}
