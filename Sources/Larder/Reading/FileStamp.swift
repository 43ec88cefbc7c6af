#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells a changed file from an unchanged one without reading it: its
/// size, modification and change times (to the nanosecond), inode and
/// device. Editors that save by renaming a new file into place change the
/// inode; a file edited and given its old modification time back (`touch -d`)
/// still has a new change time, which only the kernel sets.
///
/// The one stamp of a file: the parse cache keeps it per document, and
/// `larder build`'s snapshot of its inputs (`BuildInputs`, in LarderSite)
/// is made of it, a symbolic link's own and its target's.
public struct FileStamp: Sendable, Hashable {
    /// The type and permission bits (`st_mode`).
    public var mode: UInt32
    public var size: Int64
    public var seconds: Int
    public var nanoseconds: Int
    public var changeSeconds: Int
    public var changeNanoseconds: Int
    public var inode: UInt64
    public var device: UInt64

    /// The stamp of the file at `path` (symbolic links followed), or nil
    /// when there is nothing there.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of a file from its `stat` or `lstat`.
    public init(_ info: stat) {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        let change = info.st_ctimespec
        #else
        let time = info.st_mtim
        let change = info.st_ctim
        #endif
        mode = UInt32(info.st_mode)
        size = Int64(info.st_size)
        seconds = Int(time.tv_sec)
        nanoseconds = Int(time.tv_nsec)
        changeSeconds = Int(change.tv_sec)
        changeNanoseconds = Int(change.tv_nsec)
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    init(
        mode: UInt32, size: Int64, seconds: Int, nanoseconds: Int, changeSeconds: Int, changeNanoseconds: Int,
        inode: UInt64, device: UInt64
    ) {
        self.mode = mode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.changeSeconds = changeSeconds
        self.changeNanoseconds = changeNanoseconds
        self.inode = inode
        self.device = device
    }

    /// Whether the file was modified or changed at `seconds` (since the
    /// epoch) or later: too close to a moment for a stamp taken then to stand
    /// for its contents, as a second change in the same clock tick keeps the
    /// stamp ("racily clean", in git's words).
    func isRecent(since seconds: Int) -> Bool {
        self.seconds >= seconds || changeSeconds >= seconds
    }
}
