import Foundation

/// The folder names of the category or tag pages: one per tag, distinct for
/// distinct tags, the same from build to build.
///
/// Spellings that differ only in case or in accents on Latin letters
/// ("Crème", "creme", "CREME") are one tag with one page. Otherwise each tag
/// gets its readable slug ("Quick & Easy" -> "quick-easy"), cut to
/// `maximumLength` bytes; a tag with none ("🍕", "ラーメン") gets `prefix` and a
/// short hash of its text. Tags whose slugs would be the same ("a b" and
/// "a-b") are taken in order: first a tag whose text is its slug, then the
/// others sorted by their text; a later one gets a hash added. Without this,
/// one page would overwrite the other.
struct TaxonSlugs: Sendable {
    /// Longest slug: a folder name well under the 255 bytes file systems allow.
    static let maximumLength = 64
    /// Hex digits of the hash in a slug.
    static let hashDigits = 8

    private var byKey: [String: String] = [:]

    /// Slugs for `names` (each spelling once or more, in any order).
    init(_ names: some Sequence<String>, prefix: String) {
        var readable: [String: String?] = [:]
        for name in names {
            let key = Self.key(name)
            if readable[key] == nil { readable[key] = .some(SiteBuilder.readableSlug(key)) }
        }
        let ordered = readable.keys.sorted { a, b in
            let exactA = readable[a]! == a, exactB = readable[b]! == b
            return exactA != exactB ? exactA : a < b
        }
        var taken = Set<String>()
        for key in ordered {
            let slug = Self.unique(key, readable: readable[key]!, prefix: prefix, taken: taken)
            taken.insert(slug)
            byKey[key] = slug
        }
    }

    /// What the names given to `init` come to (each spelling's `key`),
    /// sorted: given to `init` again, they make the same slugs.
    var keys: [String] { byKey.keys.sorted() }

    /// The slug of a name given to `init`.
    func slug(_ name: String) -> String {
        byKey[Self.key(name)] ?? SiteBuilder.slug(name)
    }

    /// What makes two spellings one tag: lowercase, accents on Latin,
    /// Greek and Cyrillic letters (U+0300–U+036F) removed, NFC. Other marks
    /// stay: a Japanese voicing mark makes another word.
    static func key(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
        var scalars = String.UnicodeScalarView()
        for scalar in name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The first slug not `taken`: the readable one (cut, with a hash, when
    /// too long), else `prefix` and the hash; then with more of the hash.
    private static func unique(_ key: String, readable: String?, prefix: String, taken: Set<String>) -> String {
        let hash = SHA256.hash(Array(key.utf8)).lowercaseHex
        func with(_ digits: Int) -> String {
            let tail = hash.prefix(digits)
            guard let readable else { return prefix + tail }
            let room = maximumLength - 1 - digits
            var cut = readable.prefix(room)
            while cut.last == "-" { cut.removeLast() }
            return cut + "-" + tail
        }
        if let readable, readable.utf8.count <= maximumLength, !taken.contains(readable) { return readable }
        var digits = hashDigits
        while digits < hash.count, taken.contains(with(digits)) { digits += 8 }
        return with(digits)
    }
}
