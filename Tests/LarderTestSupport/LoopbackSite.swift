import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A web site on a free loopback port, for `larder import https://…`'s
/// tests: each request's path is answered by `respond` (a page, a redirect,
/// a 404, a picture, a body sent slowly or without a length). Plain
/// blocking sockets on threads of their own, so that a test waiting for a
/// child process cannot hold up the answers, and so that an answer can be
/// exactly what a test needs (a wrong Content-Type, a body past its limit
/// with no Content-Length) where a server library would correct it.
final class LoopbackSite: Sendable {
    /// One answer.
    struct Reply: Sendable {
        var status: Int = 200
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        /// Waited before the head is sent.
        var delay: Duration = .zero
        /// Sent without Content-Length, the end marked by closing the
        /// connection.
        var unsized = false

        static func page(_ html: String, type: String = "text/html; charset=utf-8") -> Reply {
            Reply(headers: [("Content-Type", type)], body: Array(html.utf8))
        }

        static func bytes(_ body: [UInt8], type: String) -> Reply {
            Reply(headers: [("Content-Type", type)], body: body)
        }

        static func redirect(_ location: String, status: Int = 301) -> Reply {
            Reply(status: status, headers: [("Location", location)])
        }

        static let notFound = Reply(status: 404, headers: [("Content-Type", "text/html")], body: Array("<h1>Not Found</h1>".utf8))
    }

    /// A request as it arrived: its path and headers (names lowercased).
    struct Request: Sendable {
        var path: String
        var headers: [String: String]
    }

    let port: UInt16
    private let listener: Int32
    private let respond: @Sendable (Request) -> Reply
    private let log = Mutex<[Request]>([])

    /// Starts listening on 127.0.0.1 and answering.
    init(_ respond: @escaping @Sendable (Request) -> Reply) throws {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw ClientError(description: "bind: errno \(errno)")
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        self.respond = respond
        Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }  // closed by stop()
                Thread { self.serve(connection) }.start()
            }
        }.start()
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The requests answered so far.
    var requests: [Request] { log.withLock { $0 } }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while !head.ends(with: end) {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0, head.count < 65_536 else { return }
            head += chunk[..<count]
            if let range = head.firstRange(of: end) { head = Array(head[..<range.upperBound]) }
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        guard let first = lines.first?.split(separator: " "), first.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(path: String(first[1]), headers: headers)
        log.withLock { $0.append(request) }
        let reply = respond(request)
        if reply.delay > .zero { Thread.sleep(forTimeInterval: Double(reply.delay.components.seconds) + Double(reply.delay.components.attoseconds) / 1e18) }
        var text = "HTTP/1.1 \(reply.status) \(HTTPURLResponseReason.phrase(reply.status))\r\nConnection: close\r\n"
        for (name, value) in reply.headers { text += "\(name): \(value)\r\n" }
        if !reply.unsized { text += "Content-Length: \(reply.body.count)\r\n" }
        // A client that gave up (a timeout, a body past its limit) is no failure here.
        _ = sendAll(connection, Array((text + "\r\n").utf8) + reply.body)
    }
}

private enum HTTPURLResponseReason {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 404: "Not Found"
        default: "Status"
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
