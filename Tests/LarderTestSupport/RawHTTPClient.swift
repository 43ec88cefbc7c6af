import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reply as it came off the wire.
struct HTTPReply: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
}

/// A plain HTTP/1.1 client over a blocking loopback socket, so request
/// targets go out exactly as written (`/%2e%2e/larder.json`, `//etc/passwd`),
/// which URLSession would normalise. Every read has a timeout. The blocking
/// calls run on a thread of their own (`offThread`), never on the
/// concurrency pool the server needs.
final class RawConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, address host: String = "127.0.0.1", timeout: Double = 0.25) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        var interval = timeval()
        interval.tv_sec = .init(timeout)
        interval.tv_usec = .init((timeout - Double(Int(timeout))) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No `close` here: a class whose initializer throws once every
        // property is set is deinitialized, and `deinit` closes the socket.
        // Closing it here too closed it twice, and the second time closed
        // whatever file had its number by then: in the serve tests, a
        // server's newly accepted connection, which ended its accept loop
        // (fcntl: EBADF) and reset the clients' connections ("read: errno
        // 104") now and then.
        guard connected == 0 else {
            throw ClientError(description: "connect to port \(port): errno \(errno)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        guard sendAll(fd, Array(text.utf8)) else { throw ClientError(description: "write: errno \(errno)") }
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    /// Throws once `deadline` has passed.
    private func fill(before deadline: ContinuousClock.Instant) throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[..<n]
                return true
            }
            if n == 0 { return false }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw ClientError(description: "read: errno \(errno)")
            }
            guard ContinuousClock.now < deadline else { throw ClientError(description: "timed out") }
        }
    }

    /// Bytes up to and including `delimiter`.
    private func read(through delimiter: [UInt8], before deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while true {
            if let range = buffer.firstRange(of: delimiter) {
                let out = Array(buffer[..<range.upperBound])
                buffer.removeFirst(range.upperBound)
                return out
            }
            guard try fill(before: deadline) else { throw ClientError(description: "connection closed") }
        }
    }

    private func read(count: Int, before deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill(before: deadline) else { throw ClientError(description: "connection closed") }
        }
        let out = Array(buffer[..<count])
        buffer.removeFirst(count)
        return out
    }

    /// The status line and headers of a response.
    func readHead(before deadline: ContinuousClock.Instant) throws -> (status: Int, headers: [String: String]) {
        let head = String(decoding: try read(through: Array("\r\n\r\n".utf8), before: deadline), as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ")[1]) else {
            throw ClientError(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    /// The next piece of a chunked body, nil after the last one.
    func readChunk(before deadline: ContinuousClock.Instant) throws -> [UInt8]? {
        let sizeLine = String(decoding: try read(through: Array("\r\n".utf8), before: deadline), as: UTF8.self)
        guard let size = Int(sizeLine.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) else {
            throw ClientError(description: "bad chunk size \(sizeLine)")
        }
        let data = try read(count: size, before: deadline)
        _ = try read(count: 2, before: deadline)
        return size == 0 ? nil : data
    }

    /// A whole response to a request that was not HEAD.
    func readResponse(head isHead: Bool, before deadline: ContinuousClock.Instant) throws -> HTTPReply {
        let (status, headers) = try readHead(before: deadline)
        var body: [UInt8] = []
        if isHead {
            // Headers only.
        } else if headers["transfer-encoding"] == "chunked" {
            while let chunk = try readChunk(before: deadline) { body += chunk }
        } else {
            body = try read(count: Int(headers["content-length"] ?? "0") ?? 0, before: deadline)
        }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    /// One request on a new connection.
    static func request(
        _ method: String = "GET", _ target: String, port: UInt16, timeout: Duration = .seconds(30)
    ) throws -> HTTPReply {
        try exchange("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port, timeout: timeout)
    }

    /// `request`, sent as written, on a new connection to `address`.
    static func exchange(
        _ request: String, port: UInt16, address: String = "127.0.0.1", timeout: Duration = .seconds(30)
    ) throws -> HTTPReply {
        let connection = try RawConnection(port: port, address: address)
        try connection.send(request)
        return try connection.readResponse(head: request.hasPrefix("HEAD "), before: .now + timeout)
    }
}

/// A page's view of `/_larder/events`: the events in order.
final class EventStreamClient {
    struct Event: Sendable, Hashable {
        var name: String
        var data: String
    }

    private let connection: RawConnection
    private var text = ""

    init(port: UInt16, timeout: Duration = .seconds(30)) throws {
        connection = try RawConnection(port: port)
        try connection.send("GET /_larder/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        let (status, headers) = try connection.readHead(before: .now + timeout)
        guard status == 200, headers["content-type"]?.hasPrefix("text/event-stream") == true else {
            throw ClientError(description: "events: status \(status), \(headers)")
        }
    }

    /// The next event (comments and `retry:` skipped); nil when the stream ended.
    func next(timeout: Duration = .seconds(30)) throws -> Event? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = text.range(of: "\n\n") {
                let block = text[..<end.lowerBound]
                text.removeSubrange(..<end.upperBound)
                var event = Event(name: "message", data: "")
                var isEvent = false
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)); isEvent = true }
                    if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)); isEvent = true }
                }
                if isEvent { return event }
                continue
            }
            guard let chunk = try connection.readChunk(before: deadline) else { return nil }
            text += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The next event named `name`, skipping others.
    func next(named name: String, timeout: Duration = .seconds(30)) throws -> Event {
        let deadline = ContinuousClock.now + timeout
        while let event = try next(timeout: deadline - .now) {
            if event.name == name { return event }
        }
        throw ClientError(description: "the event stream ended before a \(name) event")
    }
}

/// Sends all of `bytes` on a socket; false when the other end is gone (an
/// error, not SIGPIPE).
func sendAll(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
    #if canImport(Glibc)
    let flags = Int32(MSG_NOSIGNAL)
    #else
    let flags: Int32 = 0
    #endif
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, flags) }
        guard n > 0 else { return false }
        sent += n
    }
    return true
}
