import FlyingSocks
import Foundation
import Larder

/// What `larder serve` is asked to do.
public struct ServeOptions: Sendable {
    /// The data folder.
    public var folder: URL
    /// The folder as the user named it, for printed paths.
    public var displayName: String
    /// An IPv4 or IPv6 address, or `localhost`.
    public var host: String
    /// 0 picks a free port.
    public var port: UInt16
    /// For `LARDER_SECRET`.
    public var environment: [String: String]
    /// Colour in the diagnostics text of `ServeEvent.failed`.
    public var color: Bool
    /// How often the folder is looked at when polling.
    public var pollInterval: Duration
    /// Poll even where inotify could say when the folder changed (Linux).
    public var polling: Bool
    /// How often open pages get a comment, so closed ones are noticed.
    public var keepAliveInterval: Duration
    /// How long a request head may take to arrive (408 after), which is also
    /// how long an idle connection is kept open.
    public var requestHeadTimeout: Duration

    public init(
        folder: URL, displayName: String, host: String = "127.0.0.1", port: UInt16 = 8080,
        environment: [String: String] = [:], color: Bool = false,
        pollInterval: Duration = .milliseconds(200), polling: Bool = false,
        keepAliveInterval: Duration = .seconds(15), requestHeadTimeout: Duration = .seconds(10)
    ) {
        self.folder = folder
        self.displayName = displayName
        self.host = host
        self.port = port
        self.environment = environment
        self.color = color
        self.pollInterval = pollInterval
        self.polling = polling
        self.keepAliveInterval = keepAliveInterval
        self.requestHeadTimeout = requestHeadTimeout
    }
}

/// What happened while serving, for the terminal.
public enum ServeEvent: Sendable {
    /// A build was published (the first, or a rebuild after `changes`).
    case built(BuildSummary)
    /// A build failed; the last good site stays served.
    case failed(BuildFailure, BuildSummary)
}

/// One build: what set it off, how long it took, what it changed.
public struct BuildSummary: Sendable {
    /// The files whose change started it (empty for the first build).
    public var changes: [String]
    public var timings: BuildTimings
    /// From the change being seen to the site (or the problems) being
    /// published and the pages told.
    public var duration: Duration
    /// Files of the site that differ from the previous build.
    public var changedPages: Int
    /// Files in the site.
    public var pageCount: Int
    /// Warnings of a build that went through, as `larder check` prints them.
    public var warnings: String?
}

/// Why the server cannot run.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// `larder serve`: builds the data folder into memory, serves it over HTTP
/// (`PreviewHTTPServer`), looks for changes and rebuilds, and tells open pages to
/// reload (Server-Sent Events at `/_larder/events`). When a build fails,
/// the last good site stays served and pages show the problems.
public struct PreviewServer: Sendable {
    public let options: ServeOptions
    let state = PreviewState()
    let http: PreviewHTTPServer

    public init(options: ServeOptions) throws(ServeError) {
        self.options = options
        let address: any SocketAddress
        let host = options.host == "localhost" ? "127.0.0.1" : options.host
        do {
            address = host.contains(":")
                ? try sockaddr_in6.inet6(ip6: host, port: options.port)
                : try sockaddr_in.inet(ip4: host, port: options.port)
        } catch {
            throw ServeError(description: "'\(options.host)' is not an IP address; give one such as 127.0.0.1 or ::1")
        }
        http = PreviewHTTPServer(
            address: address, host: options.host, handler: PreviewHandler(state: state),
            headTimeout: options.requestHeadTimeout
        )
    }

    /// Builds the site, then serves it until the task is cancelled or
    /// `stop()` is called. Throws when it cannot listen.
    public func run(onEvent: @escaping @Sendable (ServeEvent) -> Void) async throws {
        let watcher = FolderWatcher(root: options.folder.path, polling: options.polling)
        var builder = PreviewBuilder(
            folder: options.folder, displayName: options.displayName,
            environment: options.environment, color: options.color
        )
        let stamps = watcher.look()
        await rebuild(&builder, changes: [], onEvent: onEvent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await http.run() }
            group.addTask { [builder] in
                var builder = builder
                var stamps = stamps
                while !Task.isCancelled {
                    try await watcher.waitForChange(pollInterval: options.pollInterval)
                    let now = watcher.look()
                    let changes = FolderWatcher.changes(from: stamps, to: now)
                    guard !changes.isEmpty else { continue }
                    stamps = now
                    await rebuild(&builder, changes: changes, onEvent: onEvent)
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: options.keepAliveInterval)
                    await state.keepAlive()
                }
            }
            group.addTask {
                // Cancelling `run` closes too, which ends the event streams.
                await withTaskCancellationHandler {
                    await state.waitUntilClosed()
                } onCancel: {
                    Task { await state.close() }
                }
            }
            defer { group.cancelAll() }
            // The first to end ends all: `stop()`, or the server (cancelled,
            // or unable to listen).
            do {
                try await group.next()
            } catch {
                if await state.isClosed || Task.isCancelled { return }
                throw ServeError(description: "cannot listen on \(options.host):\(options.port): \(error.localizedDescription)")
            }
        }
    }

    /// The port the server listens on, once it does (for port 0).
    public func waitUntilListening(timeout: TimeInterval = 30) async throws -> UInt16 {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if let port = await http.port { return port }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw ServeError(description: "the server did not start listening in \(Int(timeout)) s")
    }

    /// Ends the event streams, so pages see the server go; `run` then
    /// stops listening and returns.
    public func stop() async {
        await state.close()
    }

    private func rebuild(
        _ builder: inout PreviewBuilder, changes: [String], onEvent: @Sendable (ServeEvent) -> Void
    ) async {
        let start = ContinuousClock.now
        // On a thread of its own: the build keeps the cores busy for a while
        // (its own parallel loops included), and the server's tasks must not
        // wait for it.
        // Moved there and back, never copied: held once while it builds, its
        // parse cache and last site change in place (with a copy left here,
        // each rebuild copied some 50,000 cache entries at 50,000 recipes).
        let carried = Carried(builder.detach())
        let (outcome, timings, after) = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var builder = carried.take()
                let (outcome, timings) = builder.build()
                continuation.resume(returning: (outcome, timings, builder))
            }
        }
        builder = after
        switch outcome {
        case .built(let site, let report):
            let previous = await state.site
            let changed = previous.map { site.changedCount(since: $0) } ?? site.files.count
            await state.publish(site, changed: changed > 0)
            let formatter = DiagnosticFormatter(format: .text, color: options.color, pathPrefix: options.displayName)
            onEvent(.built(BuildSummary(
                changes: changes, timings: timings, duration: start.duration(to: .now),
                changedPages: changed, pageCount: site.files.count,
                warnings: report.diagnostics.isEmpty ? nil : formatter.render(report)
            )))
        case .failed(let failure):
            await state.publish(failure)
            let pages = await state.site?.files.count ?? 0
            onEvent(.failed(failure, BuildSummary(
                changes: changes, timings: timings, duration: start.duration(to: .now),
                changedPages: 0, pageCount: pages, warnings: nil
            )))
        }
    }
}

/// A value handed to another thread by moving it: `take()` leaves nothing
/// behind, so the taker holds the only reference to its storage.
private final class Carried<Value: Sendable>: @unchecked Sendable {
    private var value: Value?

    init(_ value: Value) { self.value = value }

    /// Called once, on the thread that goes on with the value.
    func take() -> Value { value.take()! }
}
