import Foundation

/// Maps the path of a request to a file of the built site. Only names the
/// site itself produces can come out: no `.` or `..` names, encoded or not,
/// no empty names (`//etc/passwd`), no backslashes or NUL bytes. A folder
/// (`/`, `/recipes/pancakes/`) means its `index.html`; there are no
/// directory listings.
enum SitePath {
    /// The site-relative file for the raw (percent-encoded) request path,
    /// or nil when the path cannot name one.
    static func file(forRequestPath raw: String) -> String? {
        guard raw.hasPrefix("/"), let decoded = raw.removingPercentEncoding else { return nil }
        var path = decoded.dropFirst()
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        for name in path.split(separator: "/", omittingEmptySubsequences: false) {
            if name.isEmpty || name == "." || name == ".." { return nil }
        }
        if path.contains("\\") || path.utf8.contains(0) { return nil }
        return String(path)
    }

    /// The content type of a site file, from its extension.
    static func contentType(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "txt": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
