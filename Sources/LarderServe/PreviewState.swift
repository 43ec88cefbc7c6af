import Foundation

/// What the server shows, changed only by builds: the last good site, the
/// problems of the latest build when it failed, and the pages listening for
/// events.
actor PreviewState {
    /// The last site that built; kept while later builds fail.
    private(set) var site: SiteSnapshot?
    /// The latest build's problems, nil when it built.
    private(set) var failure: BuildFailure?
    /// Counts published sites, so a page that reconnects can tell it missed one.
    private(set) var build = 0
    private var listeners: [UUID: AsyncStream<ServerSentEvent>.Continuation] = [:]
    private var closed = false
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// A new site: pages reload when it differs from the one they show, or
    /// when they show an error overlay.
    func publish(_ newSite: SiteSnapshot, changed: Bool) {
        let hadFailure = failure != nil
        site = newSite
        failure = nil
        guard changed || hadFailure else { return }
        build += 1
        send(ServerSentEvent(name: "reload", data: "{\"build\":\(build)}"))
    }

    /// A failed build: the site stays, pages show the problems.
    func publish(_ newFailure: BuildFailure) {
        failure = newFailure
        send(ServerSentEvent(name: "errors", data: newFailure.json))
    }

    /// The events for one page: first `hello` (the build it is on) and the
    /// current problems, if any; then every change. `unsubscribe(id)` ends it.
    func subscribe() -> (id: UUID, events: AsyncStream<ServerSentEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ServerSentEvent.self, bufferingPolicy: .bufferingNewest(8)
        )
        let id = UUID()
        guard !closed else {
            continuation.finish()
            return (id, stream)
        }
        continuation.yield(ServerSentEvent(name: "hello", data: "{\"build\":\(build)}"))
        if let failure { continuation.yield(ServerSentEvent(name: "errors", data: failure.json)) }
        listeners[id] = continuation
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        listeners.removeValue(forKey: id)?.finish()
    }

    /// A comment to every page, so connections of closed tabs fail and end.
    func keepAlive() {
        send(.keepAlive)
    }

    var listenerCount: Int { listeners.count }

    var isClosed: Bool { closed }

    /// Ends every event stream, so their connections finish (on shutdown).
    func close() {
        closed = true
        for continuation in listeners.values { continuation.finish() }
        listeners = [:]
        for waiter in closeWaiters { waiter.resume() }
        closeWaiters = []
    }

    /// Returns once `close()` has been called.
    func waitUntilClosed() async {
        guard !closed else { return }
        await withCheckedContinuation { closeWaiters.append($0) }
    }

    private func send(_ event: ServerSentEvent) {
        for continuation in listeners.values { continuation.yield(event) }
    }
}

/// One Server-Sent Event (`event: name`, `data: …`); `data` is one line.
/// Without a name, a comment (which pages ignore).
struct ServerSentEvent: Sendable, Hashable {
    var name: String
    var data: String

    static let keepAlive = ServerSentEvent(name: "", data: "keep-alive")

    var bytes: [UInt8] {
        Array((name.isEmpty ? ": \(data)\n\n" : "event: \(name)\ndata: \(data)\n\n").utf8)
    }
}
