import Foundation

/// Paths of the repository, found from this file (symlinks resolved).
enum Repository {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        preconditionFailure("no Package.swift above \(#filePath)")
    }()

    static let fixtures = root.appendingPathComponent("Tests/LarderTests/Fixtures")
    static let examples = root.appendingPathComponent("Examples/kitchen")

    /// The `larder` executable built beside the test bundle.
    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // On Linux the bundle is `.build/<config>/LarderPackageTests.xctest`.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("larder")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/larder")
    }
}

/// A data folder made for one test in the temporary directory, removed when
/// the value is released.
final class TestFolder {
    let url: URL

    init(_ name: String = "kitchen") throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("larder-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        url = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }
}

/// Runs a program and collects its exit status and output.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the program exited (`.exit`) or was killed by a signal.
    var reason: Process.TerminationReason = .exit
    /// Seconds from the start of the program to its exit, measured on the
    /// thread that waited for it: unlike a clock read around an `await`,
    /// it does not count the time the test waited for a thread to resume on.
    var duration: Double = 0

    /// `environment` adds to (or overrides) this process's environment.
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment extra: [String: String] = [:]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let started = Date()
        let child = try ChildProcess.start(process)
        // Read both pipes to the end before waiting, so a full pipe cannot block.
        let errData = Mutexed<Data>()
        let errors = child.errors
        let reader = Thread { errData.set(errors?.readDataToEndOfFile() ?? Data()) }
        reader.start()
        let outData = child.output?.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value ?? Data(), as: UTF8.self),
            reason: process.terminationReason,
            duration: Date().timeIntervalSince(started)
        )
    }

    /// `run` on a thread of its own, for long runs (a browser, a JVM) from
    /// async tests: waiting does not hold one of the few threads that run
    /// the other tests.
    static func runDetached(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment extra: [String: String] = [:]
    ) async throws -> ProcessResult {
        try await offThread { try run(executable, arguments, in: directory, environment: extra) }
    }
}

import Synchronization

final class Mutexed<T: Sendable>: Sendable {
    private let storage = Mutex<T?>(nil)
    func set(_ value: T) { storage.withLock { $0 = value } }
    var value: T? { storage.withLock { $0 } }
    var isSet: Bool { storage.withLock { $0 != nil } }
}
