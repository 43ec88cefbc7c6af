/// The request line and header fields of one HTTP/1.1 request, as sent.
struct RequestHead: Sendable, Equatable {
    var method: String
    /// The request target as sent (origin form: `/path?query`, still
    /// percent-encoded).
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// The header fields in order, names as sent.
    var fields: [Field]

    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// The values of the fields named `name` (any case), in order.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// Whether the connection may carry another request after this one
    /// (RFC 9112 §9.3: HTTP/1.1 persists unless `close`; 1.0 only with
    /// `keep-alive`).
    var keepsAlive: Bool {
        let tokens = values("Connection").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return version == "HTTP/1.1" ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// Whether a body follows the head. The preview reads none: a request
    /// with one is answered and its connection closed, so its body is never
    /// taken for a next request.
    var hasBody: Bool {
        !values("Transfer-Encoding").isEmpty || values("Content-Length").contains { $0 != "0" }
    }
}

/// How big a request head may be. A browser's requests are a few hundred
/// bytes to a few KiB (cookies of every `localhost` app included); these are
/// Apache's defaults, with the whole head capped too.
struct RequestLimits: Sendable {
    /// Bytes in the request line (414 past it).
    var requestLine = 8_192
    /// Bytes in one header field line (431 past it).
    var fieldLine = 8_192
    /// Header fields in one request (431 past it).
    var fieldCount = 100
    /// Bytes of all the header field lines together (431 past it).
    var fieldBytes = 65_536
}

/// Why a request head is refused, as the status to answer with.
enum RequestRefusal: Error, Sendable, Equatable {
    /// 400: not HTTP/1.x syntax.
    case badRequest(String)
    /// 408: a head began and did not end in time.
    case timedOut
    /// 414: the request line is longer than the limit.
    case requestLineTooLong
    /// 431: a field line, the count or the total is over the limit.
    case fieldsTooLarge(String)
    /// 505: HTTP/2 or later, or before 1.0.
    case versionNotSupported

    var status: (code: Int, phrase: String) {
        switch self {
        case .badRequest: (400, "Bad Request")
        case .timedOut: (408, "Request Timeout")
        case .requestLineTooLong: (414, "URI Too Long")
        case .fieldsTooLarge: (431, "Request Header Fields Too Large")
        case .versionNotSupported: (505, "HTTP Version Not Supported")
        }
    }

    var reason: String {
        switch self {
        case .badRequest(let why): why
        case .timedOut: "the request head did not arrive in time"
        case .requestLineTooLong: "the request line is too long"
        case .fieldsTooLarge(let why): why
        case .versionNotSupported: "only HTTP/1.1 and HTTP/1.0 are served"
        }
    }
}

/// Reads request heads from the bytes of a connection as they arrive, in
/// time linear in the bytes (each byte is looked at once, whatever the
/// chunking), and refuses a head as soon as it is over a limit, before the
/// rest of it has come. Bytes after a head stay for the next request.
struct RequestHeadReader: Sendable {
    let limits: RequestLimits
    private var buffer: [UInt8] = []
    /// Where the line being read starts in `buffer`.
    private var lineStart = 0
    /// How far `buffer` has been searched for the end of that line.
    private var scanned = 0
    private var requestLine: [UInt8]?
    private var fields: [RequestHead.Field] = []
    private var fieldBytes = 0

    init(limits: RequestLimits = RequestLimits()) {
        self.limits = limits
    }

    /// Whether some of a next head has arrived (an idle connection has none).
    var hasPartialHead: Bool { buffer.count > lineStart || requestLine != nil }

    /// Adds bytes that came off the connection.
    mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole head, nil while more bytes are needed.
    mutating func next() throws(RequestRefusal) -> RequestHead? {
        while let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[lineStart..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            lineStart = end + 1
            scanned = lineStart
            if let head = try take(line) {
                buffer.removeFirst(lineStart)
                lineStart = 0
                scanned = 0
                return head
            }
        }
        scanned = buffer.count
        // No end of line yet: refuse now if the line is already too long.
        let pending = buffer.count - lineStart
        if requestLine == nil, pending > limits.requestLine { throw .requestLineTooLong }
        if requestLine != nil { try checkField(length: pending) }
        return nil
    }

    /// One line without its line end; a head once the empty line ends it.
    private mutating func take(_ line: ArraySlice<UInt8>) throws(RequestRefusal) -> RequestHead? {
        guard let request = requestLine else {
            if line.count > limits.requestLine { throw .requestLineTooLong }
            // RFC 9112 §2.2: empty lines before a request line are ignored,
            // but only so many: they would pile up in the buffer.
            if !line.isEmpty {
                requestLine = Array(line)
            } else if lineStart > limits.requestLine {
                throw .badRequest("the request line is missing after empty lines")
            }
            return nil
        }
        guard line.isEmpty else {
            try checkField(length: line.count)
            fields.append(try Self.field(line))
            fieldBytes += line.count
            if fields.count > limits.fieldCount { throw .fieldsTooLarge("more than \(limits.fieldCount) header fields") }
            return nil
        }
        let head = try Self.head(request, fields: fields)
        requestLine = nil
        fields = []
        fieldBytes = 0
        return head
    }

    private func checkField(length: Int) throws(RequestRefusal) {
        if length > limits.fieldLine { throw .fieldsTooLarge("a header field is longer than \(limits.fieldLine) bytes") }
        if fieldBytes + length > limits.fieldBytes { throw .fieldsTooLarge("the header fields are longer than \(limits.fieldBytes) bytes") }
    }

    /// `METHOD SP target SP HTTP/1.x`, the target in origin form.
    private static func head(_ line: [UInt8], fields: [RequestHead.Field]) throws(RequestRefusal) -> RequestHead {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            throw .badRequest("the request line is not METHOD TARGET HTTP/1.1")
        }
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("the request target is not a path")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw version.hasPrefix("HTTP/") ? .versionNotSupported : .badRequest("the request line has no HTTP version")
        }
        return RequestHead(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
            version: version, fields: fields
        )
    }

    /// `name: value`, with no space before the colon (RFC 9112 §5.1), no
    /// folded lines and no control characters but tab in the value.
    private static func field(_ line: ArraySlice<UInt8>) throws(RequestRefusal) -> RequestHead.Field {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
              line[..<colon].allSatisfy(isTokenByte)
        else { throw .badRequest("a header field is not NAME: VALUE") }
        let value = line[line.index(after: colon)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .badRequest("a header field's value has a control character")
        }
        let isText = { (byte: UInt8) in byte != 0x20 && byte != 0x09 }
        let trimmed = value.firstIndex(where: isText).map { value[$0...value.lastIndex(where: isText)!] } ?? []
        return RequestHead.Field(
            name: String(decoding: line[..<colon], as: UTF8.self), value: String(decoding: trimmed, as: UTF8.self)
        )
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
