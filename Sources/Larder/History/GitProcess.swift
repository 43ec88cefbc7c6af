import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the history of a list cannot be read: no `git`, not a repository, a
/// shallow clone, or git failing. `larder history` prints it (exit 2);
/// a build shows no history and says so in a note.
public struct HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case gitMissing = "git-missing"
        case notRepository = "not-a-repository"
        case shallow = "shallow-clone"
        case gitFailed = "git-failed"
    }

    public var kind: Kind
    public var reason: String
    public var hint: String

    public init(_ kind: Kind, _ reason: String, hint: String) {
        self.kind = kind
        self.reason = reason
        self.hint = hint
    }

    public var description: String { "\(reason); \(hint)" }
}

/// Runs the user's `git` in a repository. Children are started with
/// `posix_spawn` on pipes that close on exec, so a git started here never
/// holds another thread's pipe (Foundation's `Process` on Linux can hand
/// one over: see the test support's `ChildProcess`), and its input is
/// written on another thread while its output is read, so `cat-file
/// --batch` cannot fill both pipes and wait for itself.
public struct GitProcess: Sendable {
    /// The `git` program, an absolute path.
    public var executable: String
    /// The top of the work tree; commands run there (`git -C`).
    public var directory: String
    public var environment: [String: String]

    public init(executable: String, directory: String, environment: [String: String]) {
        self.executable = executable
        self.directory = directory
        self.environment = environment
    }

    /// The first executable `git` on `PATH`.
    public static func find(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder.hasSuffix("/") ? "\(folder)git" : "\(folder)/git"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `git ARGUMENTS` with `input` on its standard input and returns
    /// its standard output; a non-zero exit is an error with git's message.
    public func run(_ arguments: [String], input: [UInt8] = []) throws(HistoryError) -> [UInt8] {
        // Read-only: no optional locks (a build must not block a commit),
        // paths as bytes, and no pager or prompt whatever the user's config.
        var childEnvironment = environment
        childEnvironment["GIT_OPTIONAL_LOCKS"] = "0"
        childEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        childEnvironment["GIT_PAGER"] = "cat"
        childEnvironment["LC_ALL"] = "C"
        let argv = [executable, "-C", directory, "-c", "core.quotepath=off", "--no-pager"] + arguments
        let result: (status: Int32, output: [UInt8], errors: [UInt8])
        do {
            result = try Self.spawn(argv, environment: childEnvironment, input: input)
        } catch {
            throw HistoryError(.gitFailed, "git could not be started (\(executable): \(error))", hint: "check that git runs: git --version")
        }
        guard result.status == 0 else {
            let message = String(decoding: result.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw HistoryError(
                .gitFailed, "git \(arguments.first ?? "") failed: \(message.isEmpty ? "exit \(result.status)" : message)",
                hint: "run git status in \(directory) to see what is wrong"
            )
        }
        return result.output
    }

    private static func spawn(
        _ argv: [String], environment: [String: String], input: [UInt8]
    ) throws -> (status: Int32, output: [UInt8], errors: [UInt8]) {
        let stdin = try pipeClosingOnExec()
        let stdout = try pipeClosingOnExec()
        let stderr = try pipeClosingOnExec()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked, whatever the calling
        // thread blocks.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        // The child has its copies; ours would keep the reads from ending.
        close(stdin.read)
        close(stdout.write)
        close(stderr.write)
        guard spawned == 0 else {
            close(stdin.write)
            close(stdout.read)
            close(stderr.read)
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        let writing = DispatchGroup()
        let inputFD = stdin.write
        writing.enter()
        // A thread of its own, where SIGPIPE can be blocked: git may exit
        // before it has read everything, and the signal would end larder.
        Thread {
            writeAll(input, to: inputFD)
            close(inputFD)
            writing.leave()
        }.start()
        let errorsFD = stderr.read
        let errors = ErrorsBox()
        DispatchQueue.global().async(group: writing) {
            errors.set(readAll(errorsFD))
            close(errorsFD)
        }
        let output = readAll(stdout.read)
        close(stdout.read)
        writing.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output, errors.get())
    }

    private static func pipeClosingOnExec() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}

/// Standard error, read on another thread and handed back once.
private final class ErrorsBox: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    func set(_ value: [UInt8]) { bytes.withLock { $0 = value } }
    func get() -> [UInt8] { bytes.withLock { $0 } }
}

private func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return bytes
        }
    }
}

private func writeAll(_ bytes: [UInt8], to fd: Int32) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    defer {
        // A SIGPIPE left pending on this thread is taken, not delivered.
        var none = timespec()
        while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
    }
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if count > 0 {
            offset += count
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            // git stopped reading (it failed): its exit status says why.
            return
        }
    }
}
