import Foundation
@testable import LarderTestSupport
import Testing
@testable import LarderServe

/// The real `larder serve` against hostile requests: heads over the limits
/// (answered at once while other clients are served), other hosts (DNS
/// rebinding), and the headers every response carries.
@Suite struct HostileRequestTests {
    /// A head sent in two parts: the first within the limits, so the
    /// request is in progress; the second takes it over one.
    struct HugeHead: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var first: String
        var rest: String
        var status: Int

        static let all: [HugeHead] = {
            let start = "GET / HTTP/1.1\r\nHost: {host}\r\n"
            func fields(_ range: Range<Int>, size: Int = 1) -> String {
                range.map { "X-\($0): \(String(repeating: "a", count: size))\r\n" }.joined()
            }
            return [
                HugeHead(
                    testDescription: "a 100 KB request line", first: "GET /" + String(repeating: "a", count: 6_000),
                    rest: String(repeating: "a", count: 94_000) + " HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 414
                ),
                HugeHead(
                    testDescription: "a 1 MB header field", first: start + "X-Big: " + String(repeating: "a", count: 4_000),
                    rest: String(repeating: "a", count: 996_000) + "\r\n\r\n", status: 431
                ),
                HugeHead(
                    testDescription: "1 MB of 1 KB fields", first: start + fields(0..<5, size: 1_000),
                    rest: fields(5..<1_000, size: 1_000) + "\r\n", status: 431
                ),
                HugeHead(
                    testDescription: "12,500 small fields", first: start + fields(0..<50),
                    rest: fields(50..<12_500) + "\r\n", status: 431
                ),
                HugeHead(testDescription: "101 fields", first: start + fields(0..<50), rest: fields(50..<100) + "\r\n", status: 431),
            ]
        }()
    }

    /// A client holding more connections than the server has files for
    /// (each connection takes one) does not stop it: the connections past
    /// that wait, and once they close the server answers again. It used to
    /// end `larder serve` ("Too many open files" from accept).
    @Test func runningOutOfFilesDoesNotStopTheServer() async throws {
        let server = try ServedBinary(openFiles: 64)
        defer { server.stop() }
        let port = server.port
        try await offThread {
            #expect(try RawConnection.request("GET", "/", port: port).status == 200)
            var held = try (0..<100).map { _ in try RawConnection(port: port) }
            // Long enough for the server to take them, and run out.
            Thread.sleep(forTimeInterval: 0.5)
            held.removeAll()
            #expect(try RawConnection.request("GET", "/", port: port, timeout: .seconds(20)).status == 200)
        }
    }

    @Test(arguments: HugeHead.all)
    func aHugeHeadIsRefusedAtOnceWhileOthersAreServed(_ head: HugeHead) async throws {
        let server = try ServedBinary()
        defer { server.stop() }
        let port = server.port
        try await offThread {
            let host = "127.0.0.1:\(port)"
            let hostile = try RawConnection(port: port, timeout: 5)
            try hostile.send(head.first.replacingOccurrences(of: "{host}", with: host))
            // While it is in progress, another client is served at once.
            let asked = ContinuousClock.now
            #expect(try RawConnection.request("GET", "/", port: port).status == 200)
            #expect(ContinuousClock.now - asked < .seconds(1))
            let sent = ContinuousClock.now
            // The server may have stopped reading by the end: not an error.
            try? hostile.send(head.rest.replacingOccurrences(of: "{host}", with: host))
            let reply = try hostile.readResponse(head: false, before: sent + .seconds(1))
            #expect(reply.status == head.status)
            #expect(reply.headers["connection"] == "close")
            #expect(ContinuousClock.now - sent < .seconds(1))
            // And the server goes on.
            #expect(try RawConnection.request("GET", "/recipes/pancakes/", port: port).status == 200)
        }
    }

    /// DNS rebinding: a page of any site can point its own name at
    /// 127.0.0.1, and the browser then sends that name as the Host.
    @Test func onlyTheServersOwnHostIsServed() async throws {
        let server = try ServedBinary()
        defer { server.stop() }
        let port = server.port
        let otherPort = port == 8080 ? 8081 : 8080
        try await offThread {
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LocalHost:\(port)", "[::1]:\(port)", "[0:0::1]:\(port)"] {
                let reply = try Self.get("/", host: host, port: port)
                #expect(reply.status == 200, "\(host)")
            }
            let refused = [
                "attacker.example:\(port)", "attacker.example", "127.0.0.1.nip.io:\(port)", "localhost.:\(port)",
                "localhost:\(otherPort)", "127.0.0.1", "localhost", "127.0.0.1:+\(port)", "127.0.0.1:\(port)0",
                "0x7f000001:\(port)", "[::1]", "[::2]:\(port)", "127.0.0.1:\(port)@attacker.example", "",
            ]
            for host in refused {
                for target in ["/", "/_larder/errors", "/_larder/events", "/_larder/reload.js"] {
                    let reply = try Self.get(target, host: host, port: port)
                    #expect(reply.status == 421, "\(host) \(target)")
                    #expect(reply.headers["content-type"] == "text/plain; charset=utf-8", "\(host) \(target)")
                    #expect(!reply.text.contains("<"), "\(host) \(target)")
                }
            }
            let misdirected = try Self.get("/", host: "attacker.example:\(port)", port: port)
            #expect(misdirected.text == "421 Misdirected Request: larder serve answers only for 127.0.0.1:\(port), [::1]:\(port), localhost:\(port)\n")
            let noHost = try RawConnection.exchange("GET / HTTP/1.1\r\nConnection: close\r\n\r\n", port: port)
            #expect(noHost.status == 400)
            let twoHosts = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: attacker.example\r\nConnection: close\r\n\r\n"
            #expect(try RawConnection.exchange(twoHosts, port: port).status == 400)
        }
    }

    #if os(Linux)
    /// Asked for another address, the server takes that address as its host
    /// (Linux answers on all of 127.0.0.0/8 without setup).
    @Test func anotherBindAddressIsTheHost() async throws {
        let server = try ServedBinary(host: "127.0.0.2")
        defer { server.stop() }
        let port = server.port
        try await offThread {
            let own = try RawConnection.exchange(Self.request("/", host: "127.0.0.2:\(port)"), port: port, address: "127.0.0.2")
            #expect(own.status == 200)
            let other = try RawConnection.exchange(Self.request("/", host: "attacker.example:\(port)"), port: port, address: "127.0.0.2")
            #expect(other.status == 421)
        }
    }
    #endif

    /// Pages, assets, images, redirects, not-found, the problems page, the
    /// script, the event stream and the server's own refusals: each with
    /// the built pages' policy (as their `<meta>` has it) and `nosniff`.
    @Test func everyResponseCarriesThePolicy() async throws {
        let server = try ServedBinary()
        defer { server.stop() }
        let port = server.port
        let page = server.folder.appendingPathComponent("recipes/pancakes.md")
        try await offThread {
            let home = try RawConnection.request("GET", "/", port: port)
            let meta = try #require(home.text.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
            let policy = String(meta).replacingOccurrences(of: "&#39;", with: "'")
            var replies = [("GET /", home)]
            let asked = [
                ("GET", "/recipes/pancakes/", 200), ("GET", "/assets/style.css", 200), ("GET", "/images/pancakes.jpg", 200),
                ("HEAD", "/", 200), ("GET", "/recipes/pancakes", 302), ("GET", "/no/such/page/", 404),
                ("GET", "/_larder/reload.js", 200), ("HEAD", "/_larder/events", 200), ("POST", "/", 405),
            ]
            for (method, target, status) in asked {
                let reply = try RawConnection.request(method, target, port: port)
                #expect(reply.status == status, "\(method) \(target)")
                replies.append(("\(method) \(target)", reply))
            }
            let events = try RawConnection(port: port)
            try events.send("GET /_larder/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let (status, headers) = try events.readHead(before: .now + .seconds(30))
            #expect(status == 200)
            replies.append(("GET /_larder/events", HTTPReply(status: status, headers: headers, body: [])))
            replies.append(("421", try Self.get("/", host: "attacker.example", port: port)))
            replies.append(("400", try RawConnection.exchange("GET / HTTP/1.1\r\n\r\n", port: port)))
            let long = "GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\n\r\n"
            replies.append(("414", try RawConnection.exchange(long, port: port)))

            // A problem whose line holds markup: shown as text, under the policy.
            let text = try String(contentsOf: page, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\nservings: 4\n", with: "\nservings: <script>alert(1)</script>\n").utf8).write(to: page)
            let deadline = ContinuousClock.now + .seconds(30)
            var errors = try RawConnection.request("GET", "/_larder/errors", port: port)
            while !errors.text.contains("servings: "), ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
                errors = try RawConnection.request("GET", "/_larder/errors", port: port)
            }
            #expect(errors.text.contains("servings: &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!errors.text.contains("<script>alert"))
            replies.append(("GET /_larder/errors", errors))

            for (name, reply) in replies {
                #expect(reply.headers["content-security-policy"] == policy, "\(name)")
                #expect(reply.headers["x-content-type-options"] == "nosniff", "\(name)")
            }
        }
    }

    /// A head that stalls is answered 408 and closed; an idle connection is
    /// closed without a word.
    @Test func aStalledHeadTimesOut() async throws {
        let kitchen = try await ServedKitchen.start(requestHeadTimeout: .milliseconds(500))
        let port = kitchen.port
        try await offThread {
            let stalled = try RawConnection(port: port)
            try stalled.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ")
            let reply = try stalled.readResponse(head: false, before: .now + .seconds(5))
            #expect(reply.status == 408)
            let idle = try RawConnection(port: port)
            #expect(throws: ClientError.self) { try idle.readResponse(head: false, before: .now + .seconds(5)) }
        }
        try await kitchen.stop()
    }

    /// Two requests in one write, each answered in turn on the same
    /// connection; one with a body is answered and its connection closed.
    @Test func requestsOnOneConnection() async throws {
        let kitchen = try await ServedKitchen.start()
        let port = kitchen.port
        try await offThread {
            let connection = try RawConnection(port: port)
            try connection.send(Self.request("/assets/style.css", host: "127.0.0.1:\(port)", close: false) + Self.request("/", host: "localhost:\(port)", close: false))
            let css = try connection.readResponse(head: false, before: .now + .seconds(30))
            let home = try connection.readResponse(head: false, before: .now + .seconds(30))
            #expect(css.headers["content-type"] == "text/css; charset=utf-8")
            #expect(home.text.contains("<!doctype html>"))

            let post = try RawConnection(port: port)
            try post.send("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 33\r\n\r\nGET /secret HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = try post.readResponse(head: false, before: .now + .seconds(30))
            #expect(reply.status == 405)
            #expect(reply.headers["connection"] == "close")
            #expect(throws: ClientError.self) { try post.readResponse(head: false, before: .now + .seconds(5)) }
        }
        try await kitchen.stop()
    }

    static func request(_ target: String, host: String, close: Bool = true) -> String {
        "GET \(target) HTTP/1.1\r\nHost: \(host)\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n"
    }

    static func get(_ target: String, host: String, port: UInt16) throws -> HTTPReply {
        try RawConnection.exchange(request(target, host: host), port: port)
    }
}
