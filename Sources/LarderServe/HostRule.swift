import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which `Host` a request may name: the defence against DNS rebinding. A
/// page on any web site can point a name it controls at 127.0.0.1 and then
/// read the preview as its own origin, but the browser still sends that
/// name as the `Host`. So only names that cannot be rebound are served:
/// the address the server is bound to, and for a loopback or every-address
/// bind the loopback names (`localhost`, `127.0.0.1`, `[::1]`), each with
/// the server's port. Bound to every address (`0.0.0.0`, `::`), any IP
/// address is accepted too (a literal address names no site that could
/// rebind it), but still no other name.
struct HostRule: Sendable, CustomStringConvertible {
    /// Lowercased host names and canonical addresses (IPv6 in brackets).
    let names: Set<String>
    let port: UInt16
    /// Bound to every address: any literal IP address is the server's.
    let anyAddress: Bool

    static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

    /// For a server bound to `host` (as `--host` gave it: an address or
    /// `localhost`) listening on `port`.
    init(boundTo host: String, port: UInt16) {
        self.port = port
        let bound = Self.canonicalAddress(host.contains(":") ? "[\(host)]" : host) ?? host.lowercased()
        anyAddress = bound == "0.0.0.0" || bound == "[::]"
        let loopback = bound == "localhost" || bound == "[::1]" || bound.hasPrefix("127.")
        names = Set([bound]).union(loopback || anyAddress ? Self.loopbackNames : [])
    }

    /// Whether `value`, a request's `Host` field, names this server.
    func allows(_ value: String) -> Bool {
        var name = Substring(value.lowercased())
        var portText: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return false }
                portText = rest.dropFirst()
            }
            name = name[...close]
        } else if let colon = name.firstIndex(of: ":") {
            portText = name[name.index(after: colon)...]
            name = name[..<colon]
        }
        if let portText {
            guard portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }), UInt16(portText) == port else { return false }
        } else if port != 80 {
            return false
        }
        if names.contains(String(name)) { return true }
        guard let address = Self.canonicalAddress(String(name)) else { return false }
        return anyAddress || names.contains(address)
    }

    /// The hosts allowed, for the answer to a request that named another.
    var description: String {
        let names = names.subtracting(["0.0.0.0", "[::]"]).sorted().map { "\($0):\(port)" }
        return names.joined(separator: ", ") + (anyAddress ? " and any IP address with port \(port)" : "")
    }

    /// A literal address in one spelling (`[0:0::1]` → `[::1]`), nil for a
    /// name.
    static func canonicalAddress(_ text: String) -> String? {
        let bracketed = text.hasPrefix("[") && text.hasSuffix("]")
        let family = bracketed ? AF_INET6 : AF_INET
        var bytes = [UInt8](repeating: 0, count: 16)
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_pton(family, bracketed ? String(text.dropFirst().dropLast()) : text, &bytes) == 1,
              inet_ntop(family, bytes, &out, socklen_t(out.count)) != nil
        else { return nil }
        let address = String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return bracketed ? "[\(address)]" : address
    }
}
