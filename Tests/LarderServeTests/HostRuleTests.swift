import Testing
@testable import LarderServe

/// Which Host a request may name, for each kind of bind address.
@Suite struct HostRuleTests {
    @Test func loopback() {
        let rule = HostRule(boundTo: "127.0.0.1", port: 8080)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "[0:0:0:0:0:0:0:1]:8080"] {
            #expect(rule.allows(host), "\(host)")
        }
        for host in ["127.0.0.1", "localhost:8081", "attacker.example:8080", "192.168.1.20:8080", "localhost.:8080", "127.1:8080", "[::1]", "localhost:08080x"] {
            #expect(!rule.allows(host), "\(host)")
        }
        #expect(HostRule(boundTo: "localhost", port: 8080).names == rule.names)
        #expect(rule.description == "127.0.0.1:8080, [::1]:8080, localhost:8080")
        #expect(HostRule(boundTo: "::1", port: 80).allows("[::1]"))
        #expect(HostRule(boundTo: "::1", port: 80).allows("localhost"))
        #expect(!HostRule(boundTo: "::1", port: 80).allows("[::2]"))
    }

    @Test func anotherAddress() {
        let rule = HostRule(boundTo: "192.168.1.20", port: 8080)
        #expect(rule.allows("192.168.1.20:8080"))
        for host in ["localhost:8080", "127.0.0.1:8080", "192.168.1.21:8080", "laptop.local:8080", "192.168.1.20:80"] {
            #expect(!rule.allows(host), "\(host)")
        }
    }

    /// Every address: any literal address (no site can rebind one), never
    /// a name other than localhost.
    @Test(arguments: ["0.0.0.0", "::"])
    func everyAddress(_ bound: String) {
        let rule = HostRule(boundTo: bound, port: 8080)
        for host in ["192.168.1.20:8080", "[fe80::1]:8080", "10.0.0.1:8080", "localhost:8080", "127.0.0.1:8080"] {
            #expect(rule.allows(host), "\(host)")
        }
        for host in ["laptop.local:8080", "attacker.example:8080", "192.168.1.20:8081", "192.168.1.20"] {
            #expect(!rule.allows(host), "\(host)")
        }
        #expect(rule.description == "127.0.0.1:8080, [::1]:8080, localhost:8080 and any IP address with port 8080")
    }
}
