/// A URI reference split as RFC 3986 appendix B does, just enough to resolve
/// `$id` and `$ref` against a base (RFC 3986 section 5.2).
struct SchemaURI: Hashable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    init(parsing text: String) {
        var rest = Substring(text)
        if let end = rest.firstIndex(where: { ":/?#".contains($0) }), rest[end] == ":", end != rest.startIndex {
            scheme = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        path = String(rest)
    }

    var text: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// The URI without its fragment: the key of a schema resource.
    var withoutFragment: SchemaURI {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against this base, as RFC 3986 section 5.2.2 says.
    func resolving(_ reference: SchemaURI) -> SchemaURI {
        if reference.scheme != nil {
            return SchemaURI(
                scheme: reference.scheme, authority: reference.authority,
                path: Self.removingDotSegments(reference.path), query: reference.query,
                fragment: reference.fragment)
        }
        if reference.authority != nil {
            return SchemaURI(
                scheme: scheme, authority: reference.authority,
                path: Self.removingDotSegments(reference.path), query: reference.query,
                fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return SchemaURI(
                scheme: scheme, authority: authority, path: path,
                query: reference.query ?? query, fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil && path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + reference.path
        } else {
            merged = reference.path
        }
        return SchemaURI(
            scheme: scheme, authority: authority, path: Self.removingDotSegments(merged),
            query: reference.query, fragment: reference.fragment)
    }

    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, segment) in segments.enumerated() {
            let isLast = i == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return output.joined(separator: "/")
    }
}

extension String {
    /// Decodes `%XX` escapes as UTF-8, leaving malformed ones as they are.
    var percentDecoded: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The reference tokens of a JSON Pointer (RFC 6901), `~1` and `~0` decoded.
    var jsonPointerTokens: [String] {
        split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Escapes one JSON Pointer reference token (RFC 6901).
func jsonPointerEscaped(_ token: String) -> String {
    guard token.contains("~") || token.contains("/") else { return token }
    return token.replacing("~", with: "~0").replacing("/", with: "~1")
}
