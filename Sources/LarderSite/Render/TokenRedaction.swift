import Larder

/// Hides the addresses of unlisted lists in text meant for people: errors,
/// logs, timings. An unlisted list is published only at `lists/<token>/`,
/// and whoever reads the token can open the list, so it must not appear in
/// a CI log (often public) or a terminal recording. A token is shown as
/// `<unlisted:ID>` when its list is known (`lists/<unlisted:weekly>/index.html`,
/// which still tells the user which file failed), else as `<unlisted>`.
///
/// Any 32-hex-digit name right after `lists/` counts as a token, known or
/// not: a journal left by a build with another secret names tokens that this
/// secret cannot derive. Only the ids of the kitchen's own listed lists are
/// spared (an id may be 32 hex digits too).
public struct TokenRedaction: Sendable {
    /// Token to list id, for the unlisted lists of the kitchen.
    private var ids: [String: String] = [:]
    /// Ids of listed lists that look like tokens.
    private var listed: Set<String> = []

    /// Knows no list: hides every token-like name.
    public init() {}

    /// Knows the kitchen's lists: names the unlisted ones (tokens from
    /// `links`, when there is a secret).
    public init(kitchen: Kitchen, links: UnlistedLinks?) {
        for list in kitchen.lists {
            if list.visibility == .unlisted {
                if let links { ids[links.token(for: list.id)] = list.id }
            } else if Self.isToken(ArraySlice(list.id.utf8)) {
                listed.insert(list.id)
            }
        }
    }

    static let tokenLength = 32
    private static let prefix = Array("lists/".utf8)

    /// `text` with each token after `lists/` replaced.
    public func apply(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count >= Self.prefix.count + Self.tokenLength else { return text }
        var out: [UInt8] = []
        var index = 0, copied = 0
        while index + Self.prefix.count + Self.tokenLength <= bytes.count {
            guard bytes[index..<index + Self.prefix.count].elementsEqual(Self.prefix) else {
                index += 1
                continue
            }
            let start = index + Self.prefix.count, end = start + Self.tokenLength
            let candidate = bytes[start..<end]
            // A longer name (an id that starts with 32 hex digits) is no token.
            let bounded = end == bytes.count || !Self.isIDByte(bytes[end])
            let name = String(decoding: candidate, as: UTF8.self)
            guard bounded, Self.isToken(candidate), !listed.contains(name) else {
                index = start
                continue
            }
            out += bytes[copied..<start]
            out += Array((ids[name].map { "<unlisted:\($0)>" } ?? "<unlisted>").utf8)
            index = end
            copied = end
        }
        guard copied > 0 else { return text }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    private static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == tokenLength && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Lowercase letters, digits and `-`: what an id is made of.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
    }
}
