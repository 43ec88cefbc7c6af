import Foundation
import Larder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The changes `SiteWriter` makes to the disk, as closures, so that tests can
/// make any one of them fail. What it only reads (real paths, listings, the
/// marker) it reads directly.
struct SiteFileSystem: Sendable {
    /// Makes one folder whose parent exists, mode 0755 less the umask.
    var makeDirectory: @Sendable (_ path: String) throws(SiteWriteError) -> Void
    /// Creates a file that does not exist yet, mode 0644 less the umask,
    /// holding `bytes`.
    /// Returns the number of bytes written.
    var writeFile: @Sendable (_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) -> Int
    /// Copies the regular file `source` to a new file `destination`, mode
    /// 0644 less the umask. Returns the number of bytes copied.
    var copyFile: @Sendable (_ source: String, _ destination: String) throws(SiteWriteError) -> Int
    /// The same for an image of the data folder, given by its real path (a
    /// link there is not followed: one swapped in since the path was checked
    /// could lead out), only if its first bytes are a picture in the format
    /// `destination`'s name says (`ImageFormat`).
    var copyImage: @Sendable (_ source: String, _ destination: String) throws(SiteWriteError) -> Int
    /// Hard-links the file `source` as `destination`; false when it cannot
    /// (another file system, one without hard links, too many links), and
    /// then the file is written instead.
    var link: @Sendable (_ source: String, _ destination: String) -> Bool
    /// Renames a folder or file; a folder's `destination` must not exist.
    var rename: @Sendable (_ source: String, _ destination: String) throws(SiteWriteError) -> Void
    /// Removes a folder and everything in it, never following links.
    var removeTree: @Sendable (_ path: String) throws(SiteWriteError) -> Void
    /// Sets the permission bits of a file or folder: used only when the
    /// umask took away some of 0644 and 0755, as a call per file costs time.
    var setMode: @Sendable (_ path: String, _ mode: mode_t) throws(SiteWriteError) -> Void
}

extension SiteFileSystem {
    /// The real disk, through POSIX calls: one `open`, `write` and `close` per
    /// file.
    static let live = SiteFileSystem(
        makeDirectory: { path throws(SiteWriteError) in
            guard mkdir(path, 0o755) == 0 else {
                throw .system(errno, path: path, action: "cannot make the folder")
            }
        },
        writeFile: { path, bytes throws(SiteWriteError) in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw .system(errno, path: path, action: "cannot create the file") }
            var failure = bytes.withUnsafeBytes { writeAll(fd, $0) }
            if close(fd) != 0, failure == 0 { failure = errno }
            guard failure == 0 else { throw .system(failure, path: path, action: "cannot write the file") }
            return bytes.count
        },
        copyFile: { source, destination throws(SiteWriteError) in
            try copy(source, to: destination, image: false)
        },
        copyImage: { source, destination throws(SiteWriteError) in
            try copy(source, to: destination, image: true)
        },
        link: { source, destination in
            linkPath(source, destination) == 0
        },
        rename: { source, destination throws(SiteWriteError) in
            guard renamePath(source, destination) == 0 else {
                throw .system(errno, path: source, action: "cannot rename it to \(destination)")
            }
        },
        removeTree: { path throws(SiteWriteError) in
            try removeFolder(path)
        },
        setMode: { path, mode throws(SiteWriteError) in
            guard chmod(path, mode) == 0 else {
                throw .system(errno, path: path, action: "cannot set the permissions")
            }
        }
    )
}

/// `rename(2)` and `link(2)`, named apart from the closure properties of the
/// same names.
private func renamePath(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}

private func linkPath(_ source: String, _ destination: String) -> Int32 {
    link(source, destination)
}

/// Writes all of `buffer`, going on after short writes and signals. Returns
/// 0 or the `errno` of the failure.
private func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return 0
}

/// Copies by reading and writing a buffer at a time: images are few and small
/// next to the pages, and this works on every file system. An `image` must be
/// a picture named for its format.
private func copy(_ source: String, to destination: String, image: Bool) throws(SiteWriteError) -> Int {
    let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (image ? O_NOFOLLOW : 0))
    guard input >= 0 else { throw .system(errno, path: source, action: "cannot read the image") }
    defer { close(input) }
    var info = stat()
    guard fstat(input, &info) == 0 else { throw .system(errno, path: source, action: "cannot read the image") }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
        throw SiteWriteError(path: source, reason: "is not a regular file, so it cannot be published as an image; replace it with the picture itself")
    }
    // Sniffed again on the bytes copied, not trusting the check's look at
    // the file: it may have been replaced since.
    guard let head = ImageFormat.head(of: input) else { throw .system(errno, path: source, action: "cannot read the image") }
    if image, let problem = ImageFormat.problem(head: head, fileName: destination.split(separator: "/").last ?? "") {
        throw SiteWriteError(path: source, reason: "\(problem), so it is not published; it changed since it was checked: build again")
    }
    let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard output >= 0 else { throw .system(errno, path: destination, action: "cannot create the file") }
    var failure = head.withUnsafeBytes { writeAll(output, $0) }
    var total = head.count
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
    defer { buffer.deallocate() }
    var readFailure: Int32 = 0
    while failure == 0 {
        let count = read(input, buffer.baseAddress!, buffer.count)
        if count < 0 {
            if errno == EINTR { continue }
            readFailure = errno
            break
        }
        if count == 0 { break }
        failure = writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        total += count
    }
    if close(output) != 0, failure == 0 { failure = errno }
    if readFailure != 0 { throw .system(readFailure, path: source, action: "cannot read the image") }
    guard failure == 0 else { throw .system(failure, path: destination, action: "cannot write the file") }
    return total
}

/// Removes a folder and everything in it, by file descriptors: a link is
/// removed, never followed, and paths are built only for folders and failures.
private func removeFolder(_ path: String) throws(SiteWriteError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { throw .system(errno, path: path, action: "cannot remove the folder") }
    try removeContents(of: fd, at: path)
    guard rmdir(path) == 0 else { throw .system(errno, path: path, action: "cannot remove the folder") }
}

/// Empties the folder open as `fd`, and closes `fd`.
private func removeContents(of fd: Int32, at path: String) throws(SiteWriteError) {
    guard let folder = fdopendir(fd) else {
        let code = errno
        close(fd)
        throw .system(code, path: path, action: "cannot list the folder to remove it")
    }
    defer { closedir(folder) }
    let parent = dirfd(folder)
    while true {
        errno = 0
        guard let entry = readdir(folder) else {
            if errno != 0 { throw .system(errno, path: path, action: "cannot list the folder to remove it") }
            return
        }
        let type = entry.pointee.d_type
        try withUnsafePointer(to: &entry.pointee.d_name) { tuple throws(SiteWriteError) in
            let name = UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self)
            // Skip "." and "..".
            if name[0] == 0x2E, name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { return }
            var isFolder = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw .system(errno, path: path + "/" + String(cString: name), action: "cannot remove")
                }
                isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder {
                let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    throw .system(errno, path: path + "/" + String(cString: name), action: "cannot remove the folder")
                }
                try removeContents(of: child, at: path + "/" + String(cString: name))
            }
            guard unlinkat(parent, name, isFolder ? AT_REMOVEDIR : 0) == 0 else {
                throw .system(errno, path: path + "/" + String(cString: name), action: "cannot remove")
            }
        }
    }
}
