#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells a changed file from an unchanged one without reading it: its
/// size, modification time (to the nanosecond) and inode. Editors that save
/// by renaming a new file into place change the inode.
public struct FileStamp: Sendable, Hashable {
    public var size: Int64
    public var seconds: Int
    public var nanoseconds: Int
    public var inode: UInt64

    /// The stamp of the file at `path` (symbolic links followed), or nil
    /// when there is nothing there.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        size = Int64(info.st_size)
        seconds = Int(time.tv_sec)
        nanoseconds = Int(time.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
