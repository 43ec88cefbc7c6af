import Foundation
@testable import LarderTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Children that tests start hold no one else's pipes and can be stopped:
/// the causes of the suite's stalls when run in parallel (see
/// `ChildProcess`).
@Suite struct ChildProcessTests {
    /// A pipe made for one child is not inherited by a child started by any
    /// other means, even one that closes nothing (as Foundation's `Process`
    /// closes nothing it did not see open when it listed the descriptors).
    @Test func itsPipesCloseOnExec() throws {
        let first = Process()
        first.executableURL = URL(fileURLWithPath: "/bin/sleep")
        first.arguments = ["30"]
        let output = try ChildProcess.start(first)
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        let pipes = [output.output, output.errors].compactMap { handle in
            handle.flatMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0.fileDescriptor)") }
        }
        #expect(pipes.count == 2)
        let other = try Self.spawnClosingNothing("/bin/sleep", "30")
        defer {
            kill(other, SIGKILL)
            var status: Int32 = 0
            waitpid(other, &status, 0)
        }
        let inherited = Self.descriptors(of: other).filter { pipes.contains($0) }
        #expect(inherited.isEmpty, "a child started without closing anything holds \(inherited)")
    }

    /// The threads that run tests block SIGTERM; a child started from one
    /// must not, or `terminate()` does nothing to it.
    @Test func itsChildrenBlockNoSignal() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        _ = try ChildProcess.start(process, captureOutput: false, captureErrors: false)
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        process.terminate()
        process.waitUntilExit()
        #expect(status.split(separator: "\n").contains("SigBlk:\t0000000000000000"), "\(status)")
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// Long-lived children started from four threads while three more run
    /// short programs with their output captured, as parallel tests do: no
    /// long-lived child holds a pipe beyond its own standard streams, nor
    /// another child's exit socket. With Foundation's `Pipe` and `run()`
    /// alone, a standalone program doing the same saw about one child in a
    /// hundred hold another's.
    @Test func childrenStartedAtOnceHoldOnlyTheirOwn() async throws {
        let shared = Shared()
        let runners = (0..<3).map { _ in
            Thread {
                while shared.busy.load(ordering: .relaxed) {
                    do {
                        _ = try ProcessResult.run(URL(fileURLWithPath: "/bin/sleep"), ["0.01"])
                    } catch {
                        shared.failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        runners.forEach { $0.start() }
        let children = try await withThrowingTaskGroup(of: [Process].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await offThread {
                        try (0..<25).map { _ in
                            let process = Process()
                            process.executableURL = URL(fileURLWithPath: "/bin/sleep")
                            process.arguments = ["30"]
                            _ = try ChildProcess.start(process)
                            return process
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        shared.busy.store(false, ordering: .relaxed)
        defer {
            for child in children {
                child.terminate()
                child.waitUntilExit()
            }
        }
        var holding: [String] = []
        for child in children {
            let held = Self.descriptors(of: child.processIdentifier)
            let pipes = held.filter { $0.hasPrefix("pipe:") }
            // Its standard streams (three) and one socket, its own:
            // `Process` learns of its exit when it closes. Another's would
            // keep that one's `waitUntilExit()` waiting for this child too.
            let sockets = held.filter { $0.hasPrefix("socket:") }
            if pipes.count > 3 || sockets.count > 1 { holding.append("child \(child.processIdentifier): \(held)") }
        }
        #expect(children.count == 100)
        #expect(shared.failures.withLock { $0 }.isEmpty)
        #expect(holding.isEmpty, "\(holding.count) children hold others' descriptors: \(holding.prefix(3))")
    }

    /// What the open descriptors of process `pid` are (`pipe:[…]`,
    /// `socket:[…]`, paths).
    static func descriptors(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
    }

    /// posix_spawn with no file actions: the child keeps every descriptor
    /// not marked close-on-exec.
    static func spawnClosingNothing(_ path: String, _ arguments: String...) throws -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: Int32 = 0
        let result = posix_spawn(&pid, path, nil, nil, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }

    /// What the threads of the stress test share.
    private final class Shared: Sendable {
        /// The short programs run while this is true.
        let busy = Atomic<Bool>(true)
        let failures = Mutex<[String]>([])
    }
}
