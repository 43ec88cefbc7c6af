import Foundation
@testable import LarderTestSupport

/// The real `larder serve` (the binary the build made, beside the test
/// bundle) on a copy of `Examples/kitchen`, on a free port, until `stop()`.
final class ServedBinary {
    let port: UInt16
    /// The data folder it serves.
    let folder: URL
    private let process: Process
    private let base: URL

    /// `host`: `--host`, the address to listen on. `openFiles`: the most
    /// files the server may have open at once (`ulimit -n`), when not the
    /// test's own.
    init(host: String = "127.0.0.1", openFiles: Int? = nil) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("larder-serve-binary-\(UUID().uuidString)")
        folder = base.appendingPathComponent("kitchen")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ServedKitchen.examples, to: folder)
        process = Process()
        let larder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("larder")
        let arguments = ["serve", folder.path, "--host", host, "--port", "0", "--color", "never"]
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", larder.path] + arguments
        } else {
            process.executableURL = larder
            process.arguments = arguments
        }
        process.environment = ["LARDER_SECRET": "a test secret of some length"]
        process.standardError = FileHandle.nullDevice
        let out = try ChildProcess.start(process, captureErrors: false).output!
        // "Serving kitchen at http://127.0.0.1:PORT/ (Ctrl-C to stop)"; a
        // server that never says it must not hang the suite.
        let process = self.process
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        var printed = ""
        while !printed.contains("\n") {
            let chunk = out.availableData
            guard !chunk.isEmpty else { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        watchdog.cancel()
        guard let match = printed.firstMatch(of: /:(\d+)\/\s/), let port = UInt16(match.1) else {
            process.terminate()
            throw ClientError(description: "larder serve printed \(printed.debugDescription)")
        }
        self.port = port
    }

    /// Stops the server and removes the folder.
    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: base)
    }
}
