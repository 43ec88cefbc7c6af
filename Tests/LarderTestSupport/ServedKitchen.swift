import Foundation
import LarderServe

/// A copy of `Examples/kitchen` in the temporary directory, served
/// in-process on a free loopback port.
struct ServedKitchen: Sendable {
    static let examples: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Examples/kitchen")
    }()

    /// The data folder.
    let folder: URL
    let server: PreviewServer
    let task: Task<Void, any Error>
    let port: UInt16

    /// `polling`: look every 50 ms instead of waiting for inotify.
    static func start(polling: Bool = false, requestHeadTimeout: Duration = .seconds(10)) async throws -> ServedKitchen {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("larder-serve-tests-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("kitchen")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: examples, to: folder)
        let server = try PreviewServer(options: ServeOptions(
            folder: folder, displayName: "kitchen", host: "127.0.0.1", port: 0,
            environment: ["LARDER_SECRET": "a test secret of some length"],
            pollInterval: .milliseconds(50), polling: polling, requestHeadTimeout: requestHeadTimeout
        ))
        let task = Task { try await server.run { _ in } }
        let port = try await server.waitUntilListening(timeout: 30)
        return ServedKitchen(folder: folder, server: server, task: task, port: port)
    }

    /// Stops the server, waits for `run` to return, removes the folder.
    func stop() async throws {
        await server.stop()
        try await task.value
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    func get(_ target: String, method: String = "GET") throws -> HTTPReply {
        try RawConnection.request(method, target, port: port)
    }

    /// Rewrites a data file with `change` applied to its text.
    func edit(_ path: String, _ change: (String) -> String) throws {
        let url = folder.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = change(text)
        precondition(changed != text, "the edit of \(path) changes nothing")
        try Data(changed.utf8).write(to: url)
    }

    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
    }
}
