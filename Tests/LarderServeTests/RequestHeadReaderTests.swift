import Testing
@testable import LarderServe

/// Request heads read from bytes as they come: the same head however the
/// bytes are split, the limits exact, bad syntax refused.
@Suite struct RequestHeadReaderTests {
    static let head = "GET /recipes/pancakes/?q=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\nX-Empty:\r\n\r\n"
    static let expected = RequestHead(
        method: "GET", target: "/recipes/pancakes/?q=1", version: "HTTP/1.1",
        fields: [.init(name: "Host", value: "127.0.0.1:8080"), .init(name: "Accept", value: "text/html"), .init(name: "X-Empty", value: "")]
    )

    /// All heads of `text` fed `size` bytes at a time.
    static func read(_ text: String, by size: Int = .max, limits: RequestLimits = RequestLimits()) throws(RequestRefusal) -> [RequestHead] {
        var reader = RequestHeadReader(limits: limits)
        var heads: [RequestHead] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = start + min(size, bytes.count - start)
            reader.append(bytes[start..<end])
            start = end
            while let head = try reader.next() { heads.append(head) }
        }
        return heads
    }

    @Test(arguments: [1, 2, 3, 7, 64, .max])
    func theSameHeadHoweverTheBytesCome(size: Int) throws {
        #expect(try Self.read(Self.head, by: size) == [Self.expected])
        // Bare line feeds too, empty lines before the request line, and a
        // second request in the same bytes.
        let bare = "\r\n\n" + Self.head.replacingOccurrences(of: "\r\n", with: "\n") + Self.head
        #expect(try Self.read(bare, by: size) == [Self.expected, Self.expected])
    }

    @Test func limitsAreExact() throws {
        let limits = RequestLimits(requestLine: 100, fieldLine: 50, fieldCount: 4, fieldBytes: 120)
        let line = { (length: Int) in "GET /" + String(repeating: "a", count: length - 14) + " HTTP/1.1\r\n" }
        let field = { (i: Int, length: Int) in "X-\(i): " + String(repeating: "b", count: length - 4 - String(i).count) + "\r\n" }
        #expect(try Self.read(line(100) + "\r\n", limits: limits).count == 1)
        #expect(throws: RequestRefusal.requestLineTooLong) { try Self.read(line(101) + "\r\n", limits: limits) }
        // Refused before the line ends.
        #expect(throws: RequestRefusal.requestLineTooLong) { try Self.read("GET /" + String(repeating: "a", count: 96), limits: limits) }
        // Empty lines before it count too.
        #expect(try Self.read(String(repeating: "\r\n", count: 50) + line(20) + "\r\n", limits: limits).count == 1)
        #expect(throws: RequestRefusal.badRequest("the request line is missing after empty lines")) {
            try Self.read(String(repeating: "\r\n", count: 51), limits: limits)
        }

        #expect(try Self.read(line(20) + field(1, 50) + "\r\n", limits: limits).count == 1)
        #expect(throws: RequestRefusal.self) { try Self.read(line(20) + field(1, 51) + "\r\n", limits: limits) }
        #expect(throws: RequestRefusal.self) { try Self.read(line(20) + "X-1: " + String(repeating: "b", count: 60), limits: limits) }

        let four = (1...4).map { field($0, 10) }.joined()
        #expect(try Self.read(line(20) + four + "\r\n", limits: limits).count == 1)
        #expect(throws: RequestRefusal.fieldsTooLarge("more than 4 header fields")) {
            try Self.read(line(20) + four + field(5, 10) + "\r\n", limits: limits)
        }
        let three = (1...3).map { field($0, 40) }.joined()
        #expect(try Self.read(line(20) + three + "\r\n", limits: limits).count == 1)
        #expect(throws: RequestRefusal.fieldsTooLarge("the header fields are longer than 120 bytes")) {
            try Self.read(line(20) + three + field(4, 10) + "\r\n", limits: limits)
        }
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", RequestRefusal.badRequest("a header field is not NAME: VALUE")),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", .badRequest("a header field is not NAME: VALUE")),
        ("GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n", .badRequest("a header field is not NAME: VALUE")),
        ("GET / HTTP/1.1\r\nX-A: 1\r2\r\n\r\n", .badRequest("a header field's value has a control character")),
        ("GET / HTTP/1.1\r\nX-A: \u{0}\r\n\r\n", .badRequest("a header field's value has a control character")),
        ("GET http://attacker.example/ HTTP/1.1\r\n\r\n", .badRequest("the request target is not a path")),
        ("GET /a\u{1}b HTTP/1.1\r\n\r\n", .badRequest("the request target is not a path")),
        ("GET  / HTTP/1.1\r\n\r\n", .badRequest("the request line is not METHOD TARGET HTTP/1.1")),
        ("GET /\r\n\r\n", .badRequest("the request line is not METHOD TARGET HTTP/1.1")),
        ("GET / HTTP/2.0\r\n\r\n", .versionNotSupported),
        ("GET / SPDY\r\n\r\n", .badRequest("the request line has no HTTP version")),
    ])
    func badSyntaxIsRefused(_ text: String, refusal: RequestRefusal) {
        #expect(throws: refusal) { try Self.read(text) }
    }
}
