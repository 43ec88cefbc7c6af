import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where every test starts a child process, so that tests running in
/// parallel never hand each other's pipes to their children.
///
/// Foundation's `Process` on Linux emulates "close every other descriptor
/// in the child" by listing /proc/self/fd in `run()` and closing what it
/// saw. A pipe or socket another thread opens between that listing and the
/// spawn, without close-on-exec (a `Pipe` is made so, and so is the socket
/// `Process` watches to learn that its child exited), is inherited by the
/// child. When that child lives long (`larder serve`, Chromium, the Nu
/// checker) the other test's read of its child's output never reaches end
/// of file, or its `waitUntilExit()` never returns, until the long-lived
/// child exits; if that child is only stopped by a test waiting for a
/// thread the blocked tests hold, the run stalls for good. Here children
/// start one at a time, and the pipes made for them close on exec, so no
/// child can inherit another's; and they start with no signal blocked.
public enum ChildProcess {
    private static let spawning = Mutex(())

    /// The read ends of the standard output and error `start` captured.
    public struct Output {
        public var output: FileHandle?
        public var errors: FileHandle?
    }

    /// Starts `process` with its standard output and error (where asked)
    /// sent to new pipes and returns their read ends; otherwise the
    /// process's own `standardOutput` and `standardError` are kept.
    public static func start(_ process: Process, captureOutput: Bool = true, captureErrors: Bool = true) throws -> Output {
        try spawning.withLock { _ in
            let output = captureOutput ? try makePipe() : nil
            let errors = captureErrors ? try makePipe() : nil
            if let output { process.standardOutput = FileHandle(fileDescriptor: output.write, closeOnDealloc: false) }
            if let errors { process.standardError = FileHandle(fileDescriptor: errors.write, closeOnDealloc: false) }
            defer {
                // The child has its copies (or never started): ours would
                // keep the reader from seeing end of file.
                if let output { close(output.write) }
                if let errors { close(errors.write) }
            }
            // A child inherits the signal mask of the thread that starts
            // it, and the threads that run tests block SIGTERM and others:
            // `terminate()` would not stop a child that does not unblock
            // them itself. Unblocked for the spawn only.
            var none = sigset_t(), saved = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, &saved)
            defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
            do {
                try process.run()
            } catch {
                if let output { close(output.read) }
                if let errors { close(errors.read) }
                throw error
            }
            return Output(
                output: output.map { FileHandle(fileDescriptor: $0.read, closeOnDealloc: true) },
                errors: errors.map { FileHandle(fileDescriptor: $0.read, closeOnDealloc: true) }
            )
        }
    }

    /// A pipe whose ends close on exec: a child gets one only as the
    /// standard stream it was given (dup2 clears the flag on the copy).
    /// Made while `spawning` is held, so no child starts between `pipe`
    /// and `fcntl`.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}

/// Runs blocking work on a thread of its own and waits for it without
/// holding a thread of the concurrency pool.
public func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
