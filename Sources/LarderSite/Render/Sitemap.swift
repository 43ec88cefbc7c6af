import LarderCore
/// `sitemap.xml` (sitemaps.org protocol 0.9), written only when the site has
/// a `baseURL`. No `lastmod`: the same input must give the same bytes.
enum Sitemap {
    /// - Parameters:
    ///   - baseURL: the site's absolute URL, ending in `/`.
    ///   - paths: pages relative to the site root ("", "recipes/pancakes/"),
    ///     folders with a trailing slash; sorted and deduplicated here.
    static func xml(baseURL: String, paths: [String]) -> String {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        let urls = Set(paths.map { base + percentEncoded(String($0.drop { $0 == "/" })) }).sorted()
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for url in urls {
            out += "  <url><loc>\(xmlEscaped(url))</loc></url>\n"
        }
        out += "</urlset>\n"
        return out
    }

    /// Spaces, `%` and non-ASCII characters as `%XX` (UTF-8), as the
    /// protocol asks; `path` is a file path, not yet percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        // Nearly every page path needs no escape: no copy, no per-byte append.
        if path.utf8.allSatisfy(allowed.contains) { return path }
        var out = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// RFC 3986 unreserved characters, sub-delimiters, `:`, `@` and `/`.
    private static let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@".utf8)

    static func xmlEscaped(_ text: String) -> String { text.markupEscaped }
}
