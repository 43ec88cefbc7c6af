import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP/1.1 server of `larder serve`: FlyingSocks' non-blocking sockets
/// and event loop, with its own reading of requests. FlyingFox's
/// `HTTPServer` (0.27.1) cannot be used: its decoder reads a request line or
/// header field byte by byte and after every byte tests the line's end with
/// `Sequence.suffix`, which walks the whole line (`CollectUntil` in
/// AsyncSequence+Extensions.swift): quadratic, a 100 KB request line took
/// 5 s in a release build, and it has no limit on line length or field
/// count. Here a head is read in chunks, in linear time, and refused (414,
/// 431) as soon as it is over a limit of `RequestLimits`; a request whose
/// `Host` is not this server's (`HostRule`) gets 421; every response carries
/// `securityHeaders`. Each connection is a task of its own, so a slow or
/// huge request never holds up another.
actor PreviewHTTPServer {
    let address: any SocketAddress
    /// The address as `--host` gave it, for `HostRule`.
    let host: String
    let handler: PreviewHandler
    let limits: RequestLimits
    /// How long a request head may take to arrive, counted from the end of
    /// the previous response (so it is also how long an idle connection is
    /// kept).
    let headTimeout: Duration
    /// The port, once listening.
    private(set) var port: UInt16?

    init(
        address: any SocketAddress, host: String, handler: PreviewHandler,
        limits: RequestLimits = RequestLimits(), headTimeout: Duration = .seconds(10)
    ) {
        self.address = address
        self.host = host
        self.handler = handler
        self.limits = limits
        self.headTimeout = headTimeout
    }

    /// The built pages' Content-Security-Policy (`Templates/layout.mustache`),
    /// sent with every response: the pages carry it as a `<meta>` already,
    /// the server's own pages (404, problems), redirects, the script and the
    /// event stream did not, and a template override may have dropped it.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'"

    static let securityHeaders: [(HTTPHeader, String)] = [
        (HTTPHeader("Content-Security-Policy"), contentSecurityPolicy),
        (HTTPHeader("X-Content-Type-Options"), "nosniff"),
    ]

    /// Listens and serves until cancelled. Throws when it cannot listen.
    func run() async throws {
        let pool = HTTPServer.defaultPool()
        try await pool.prepare()
        let socket = try Socket(domain: Int32(type(of: address).family))
        defer { try? socket.close() }
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: address)
        try socket.listen()
        let listener = try AsyncSocket(socket: socket, pool: pool)
        let port: UInt16 = switch try socket.sockname() {
        case .ip4(_, let port), .ip6(_, let port): port
        case .unix: 0
        }
        let connection = Connection(
            handler: handler, rule: HostRule(boundTo: host, port: port), limits: limits,
            headTimeout: headTimeout, pool: pool
        )
        self.port = port
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await pool.run() }
            group.addTask {
                try await withThrowingDiscardingTaskGroup { connections in
                    while true {
                        let client: AsyncSocket
                        do {
                            client = try await listener.accept()
                        } catch SocketError.disconnected {
                            return
                        } catch let error as SocketError where Self.acceptFailureIsPassing(error) {
                            // Out of files (connections hold one each) or a
                            // connection that failed before it was taken:
                            // the others are served, and the next one is
                            // taken once a file is free. Ending here ended
                            // `larder serve`: any local program could stop
                            // it by opening enough connections.
                            try await Task.sleep(for: .milliseconds(20))
                            continue
                        }
                        connections.addTask { await connection.serve(client) }
                    }
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Whether `accept` failed for a while only: the process or the system
    /// out of files or memory for now, or a connection that failed on the
    /// network before it was taken (accept(2) passes those on, "treat them
    /// like EAGAIN"). Anything else ends the server, as before.
    static func acceptFailureIsPassing(_ error: SocketError) -> Bool {
        guard case .failed(_, let number, _) = error else { return false }
        return passingAcceptFailures.contains(number)
    }

    private static let passingAcceptFailures: Set<Int32> = {
        var numbers: Set<Int32> = [
            EMFILE, ENFILE, ENOBUFS, ENOMEM, EINTR, ECONNABORTED, EPROTO, EPERM,
            ENETDOWN, ENOPROTOOPT, EHOSTDOWN, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH,
        ]
        #if os(Linux)
        numbers.insert(ENONET)
        #endif
        return numbers
    }()

    /// One connection: its requests one after another, each head read
    /// within `headTimeout`, each answered before the next is read.
    struct Connection: Sendable {
        let handler: PreviewHandler
        let rule: HostRule
        let limits: RequestLimits
        let headTimeout: Duration
        let pool: any AsyncSocketPool

        func serve(_ client: AsyncSocket) async {
            defer { try? client.close() }
            var reader = RequestHeadReader(limits: limits)
            do {
                while let head = try await readHead(client, into: &reader) {
                    let (response, keepOpen) = await respond(to: head)
                    try await Self.write(response, head: head.method == "HEAD", close: !keepOpen, to: client)
                    if !keepOpen { return await linger(client) }
                }
            } catch let refusal as RequestRefusal {
                let (code, phrase) = refusal.status
                let response = Self.plain(HTTPStatusCode(code, phrase: phrase), refusal.reason)
                if (try? await Self.write(response, head: false, close: true, to: client)) != nil { await linger(client) }
            } catch {
                // The client went away or stalled, or the server is stopping.
            }
        }

        /// Before closing after a last response: the sending side is shut
        /// first, so the client has the whole response, then what it still
        /// sends (the rest of a refused head, a body) is read and dropped
        /// for a while. Closing with unread bytes would reset the connection,
        /// and the client could lose the response (RFC 9112 §9.6).
        private func linger(_ client: AsyncSocket) async {
            _ = shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
            let deadline = ContinuousClock.now + .seconds(2)
            while (try? await read(client.socket, before: deadline)) != nil {}
        }

        /// The response to a head, and whether the connection may carry
        /// another request after it.
        private func respond(to head: RequestHead) async -> (HTTPResponse, Bool) {
            let hosts = head.values("Host")
            guard hosts.count == 1 else {
                return (Self.plain(.badRequest, "a request names its host in exactly one Host header field"), false)
            }
            guard rule.allows(hosts[0]) else {
                return (Self.plain(HTTPStatusCode(421, phrase: "Misdirected Request"), "larder serve answers only for \(rule)"), false)
            }
            let parts = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let request = HTTPRequest(
                method: HTTPMethod(head.method), version: HTTPVersion(head.version),
                target: HTTPRequest.Target(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : ""),
                headers: HTTPHeaders(Dictionary(head.fields.map { (HTTPHeader($0.name), $0.value) }) { $1 }),
                body: HTTPBodySequence()
            )
            // A body is never read, so its connection ends with the response.
            return (await handler.handleRequest(request), head.keepsAlive && !head.hasBody)
        }

        /// The next request head; nil when the client closed the connection
        /// between requests, or left it idle for `headTimeout`. A head that
        /// has begun and does not finish in time is a 408.
        private func readHead(_ client: AsyncSocket, into reader: inout RequestHeadReader) async throws -> RequestHead? {
            let deadline = ContinuousClock.now + headTimeout
            while true {
                if let head = try reader.next() { return head }
                do {
                    reader.append(try await read(client.socket, before: deadline))
                } catch SocketError.disconnected {
                    return nil
                } catch is TimedOut {
                    guard reader.hasPartialHead else { return nil }
                    throw RequestRefusal.timedOut
                }
            }
        }

        private struct TimedOut: Error {}

        /// What the socket has, waiting for it until `deadline` at most.
        private func read(_ socket: Socket, before deadline: ContinuousClock.Instant) async throws -> [UInt8] {
            while true {
                do {
                    return try socket.read(atMost: 16_384)
                } catch SocketError.blocked {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await pool.suspendSocket(socket, untilReadyFor: .read) }
                        group.addTask {
                            try await Task.sleep(until: deadline)
                            throw TimedOut()
                        }
                        defer { group.cancelAll() }
                        try await group.next()
                    }
                }
            }
        }

        /// A short plain-text answer of the server's own; it ends the
        /// connection.
        static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
            let body = Data("\(status.code) \(status.phrase): \(text)\n".utf8)
            return HTTPResponse(statusCode: status, headers: [
                .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store",
            ], body: body)
        }

        /// Sends a response: the head with the security headers, then the
        /// body, whole when its length is known, else chunk by chunk as it
        /// comes (the event stream).
        static func write(_ response: HTTPResponse, head: Bool, close: Bool, to client: AsyncSocket) async throws {
            guard case .httpBody(let body) = response.payload else { return }
            var headers = response.headers
            for (name, value) in PreviewHTTPServer.securityHeaders { headers[name] = value }
            if let count = body.count {
                if headers[.contentLength] == nil { headers[.contentLength] = String(count) }
            } else {
                headers[.transferEncoding] = "chunked"
            }
            if close { headers[.connection] = "close" }
            var text = "HTTP/1.1 \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
            for (name, value) in headers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                text += "\(name.rawValue): \(value)\r\n"
            }
            var bytes = Data((text + "\r\n").utf8)
            if body.count != nil {
                // Small enough to send with the head in one write.
                if !head { for try await chunk in body { bytes.append(chunk) } }
                try await client.write(bytes)
                return
            }
            try await client.write(bytes)
            if head { return }
            for try await chunk in body { try await client.write(chunk) }
        }
    }
}
