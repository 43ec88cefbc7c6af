/// The `format` values this validator can assert (others are annotations only).
public enum SchemaFormat: String, Sendable, Hashable, CaseIterable {
    case date
    case dateTime = "date-time"
    case time
    case email
    case uri
    case uuid

    /// What a person is told the value should be.
    var noun: String {
        switch self {
        case .date: "date (YYYY-MM-DD)"
        case .dateTime: "date and time (like 2024-05-01T18:30:00Z)"
        case .time: "time (like 18:30:00Z)"
        case .email: "email address"
        case .uri: "URL"
        case .uuid: "UUID"
        }
    }

    func accepts(_ string: String) -> Bool {
        let scalars = Array(string.unicodeScalars)[...]
        switch self {
        case .date: return Self.isDate(scalars)
        case .dateTime:
            guard let t = scalars.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
            return Self.isDate(scalars[..<t]) && Self.isTime(scalars[(t + 1)...])
        case .time: return Self.isTime(scalars)
        case .email: return Self.isEmail(string)
        case .uri: return Self.isURI(string)
        case .uuid:
            let groups = string.split(separator: "-", omittingEmptySubsequences: false)
            return groups.map(\.count) == [8, 4, 4, 4, 12]
                && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
        }
    }

    private static func number(_ s: ArraySlice<Unicode.Scalar>) -> Int? {
        guard !s.isEmpty, s.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return s.reduce(0) { $0 * 10 + Int($1.value - 48) }
    }

    private static func isDate(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        let s = Array(s)
        guard s.count == 10, s[4] == "-", s[7] == "-",
            let year = number(s[0..<4]), let month = number(s[5..<7]), let day = number(s[8..<10]),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// RFC 3339 full-time: `hh:mm:ss[.frac](Z|±hh:mm)`; a leap second only at
    /// 23:59:60 UTC.
    private static func isTime(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        let s = Array(s)
        guard s.count >= 9, s[2] == ":", s[5] == ":",
            let hour = number(s[0..<2]), let minute = number(s[3..<5]), let second = number(s[6..<8]),
            hour < 24, minute < 60, second <= 60
        else { return false }
        var i = 8
        if s[i] == "." {
            i += 1
            let start = i
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            guard i > start else { return false }
        }
        guard i < s.count else { return false }
        var offset = 0
        if s[i] == "Z" || s[i] == "z" {
            guard i + 1 == s.count else { return false }
        } else {
            guard s[i] == "+" || s[i] == "-", s.count - i == 6, s[i + 3] == ":",
                let h = number(s[(i + 1)..<(i + 3)]), let m = number(s[(i + 4)..<(i + 6)]), h < 24, m < 60
            else { return false }
            offset = (s[i] == "+" ? 1 : -1) * (h * 60 + m)
        }
        guard second == 60 else { return true }
        let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    private static func isEmail(_ string: String) -> Bool {
        guard let at = string.lastIndex(of: "@") else { return false }
        let local = string[..<at]
        let domain = string[string.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.count >= 2, local.hasPrefix("\""), local.hasSuffix("\"") {
            // A quoted local part may hold almost anything.
        } else {
            let atext = "!#$%&'*+-/=?^_`{|}~."
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
                local.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || atext.contains($0) })
            else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let address = domain.dropFirst().dropLast()
            if address.hasPrefix("IPv6:") { return true }
            let parts = address.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts.allSatisfy { Int($0).map { (0...255).contains($0) } ?? false }
        }
        return domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
        }
    }

    /// An absolute URI (RFC 3986): a scheme, then only characters a URI may hold.
    private static func isURI(_ string: String) -> Bool {
        let uri = SchemaURI(parsing: string)
        guard let scheme = uri.scheme, let first = scheme.unicodeScalars.first,
            ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            scheme.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0) || "+-.".unicodeScalars.contains($0) })
        else { return false }
        var rest = string
        if let authority = uri.authority {
            let at = authority.lastIndex(of: "@")
            var hostPort = at.map { String(authority[authority.index(after: $0)...]) } ?? authority
            if hostPort.hasPrefix("[") {
                guard let close = hostPort.firstIndex(of: "]"), isIPLiteral(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
                else { return false }
                hostPort = String(hostPort[hostPort.index(after: close)...])
                guard hostPort.isEmpty || hostPort.hasPrefix(":") else { return false }
            }
            if let colon = hostPort.lastIndex(of: ":") {
                guard hostPort[hostPort.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            }
            // Checked above; the generic scan below rejects brackets.
            rest = (at.map { String(authority[..<$0]) } ?? "") + hostPort + uri.path + (uri.query ?? "") + (uri.fragment ?? "")
        }
        let allowed = "-._~:/?#@!$&'()*+,;=%".unicodeScalars
        let scalars = Array(rest.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            guard isASCIIAlphanumeric(c) || allowed.contains(c) else { return false }
            if c == "%" {
                guard i + 2 < scalars.count, scalars[i + 1].properties.isASCIIHexDigit,
                    scalars[i + 2].properties.isASCIIHexDigit
                else { return false }
            }
        }
        return true
    }

    /// The inside of `[...]` in a URI host: IPv6 (maybe ending in IPv4) or IPvFuture.
    private static func isIPLiteral(_ text: Substring) -> Bool {
        if text.hasPrefix("v") || text.hasPrefix("V") { return text.contains(".") }
        guard text.contains(":"), text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        guard let lastColon = text.lastIndex(of: ":"), text.contains(".") else { return true }
        let octets = text[text.index(after: lastColon)...].split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy {
            !$0.isEmpty && $0.allSatisfy(\.isNumber) && ($0 == "0" || !$0.hasPrefix("0")) && (Int($0) ?? 256) <= 255
        }
    }

    private static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }
}
