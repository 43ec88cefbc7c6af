import FlyingFox
import Foundation
import LarderSite

/// Answers requests from the built site in memory and the few `/_larder/`
/// addresses of live reload. GET and HEAD only. `PreviewHTTPServer` has
/// checked the request's head and host, and adds the security headers.
struct PreviewHandler: Sendable {
    let state: PreviewState

    func handleRequest(_ request: HTTPRequest) async -> HTTPResponse {
        let isHead = request.method == .HEAD
        guard request.method == .GET || isHead else {
            return HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"]))
        }
        // The path as sent, still percent-encoded: FlyingFox's `path` has
        // already resolved `..`, which would hide what was asked for.
        let raw = request.target.path()
        switch raw {
        case LiveReload.scriptPath:
            return respond(Array(LiveReload.script.utf8), type: "text/javascript; charset=utf-8", head: isHead)
        case LiveReload.eventsPath:
            return await events(head: isHead)
        case LiveReload.errorsPath:
            let page = ErrorsPage.html(await state.failure)
            return respond(LiveReload.inject(into: Array(page.utf8)), type: "text/html; charset=utf-8", head: isHead)
        default:
            return await siteFile(raw, head: isHead)
        }
    }

    private func siteFile(_ raw: String, head: Bool) async -> HTTPResponse {
        // Not the built site's service worker: a preview must show each save
        // at once, and a worker would stay on this address after it stops.
        guard let path = SitePath.file(forRequestPath: raw), path != ServiceWorker.path else { return notFound(head: head) }
        guard let site = await state.site else {
            // Nothing has built yet: the page waits for the first good build
            // (the script shows the problems and reloads then).
            let page = Self.message("The site has not built yet", "Fix the problems shown; this page reloads when the site builds.")
            return respond(page, type: "text/html; charset=utf-8", status: .serviceUnavailable, head: head)
        }
        if let bytes = site.bytes(at: path) {
            let type = SitePath.contentType(of: path)
            let body = path.hasSuffix(".html") ? LiveReload.inject(into: bytes) : bytes
            return respond(body, type: type, head: head)
        }
        if !raw.hasSuffix("/"), site.contains(path + "/index.html") {
            return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: raw + "/", .cacheControl: "no-store"]))
        }
        return notFound(head: head)
    }

    private func events(head: Bool) async -> HTTPResponse {
        let headers: HTTPHeaders = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
            HTTPHeader("X-Accel-Buffering"): "no",
        ]
        if head { return HTTPResponse(statusCode: .ok, headers: headers) }
        let (id, events) = await state.subscribe()
        let state = self.state
        let body = EventStreamBody(events: events) { Task { await state.unsubscribe(id) } }
        return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: body))
    }

    private func notFound(head: Bool) -> HTTPResponse {
        let page = Self.message("Not found", "The site has no page at this address.")
        return respond(page, type: "text/html; charset=utf-8", status: .notFound, head: head)
    }

    private func respond(
        _ bytes: [UInt8], type: String, status: HTTPStatusCode = .ok, head: Bool
    ) -> HTTPResponse {
        let headers: HTTPHeaders = [
            .contentType: type, .contentLength: String(bytes.count), .cacheControl: "no-store",
        ]
        return HTTPResponse(statusCode: status, headers: headers, body: head ? Data() : Data(bytes))
    }

    /// A small page of the server's own (with the reload script).
    static func message(_ title: String, _ text: String) -> [UInt8] {
        let page = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><title>\(ErrorsPage.escape(title))</title></head>
            <body>
            <h1>\(ErrorsPage.escape(title))</h1>
            <p>\(ErrorsPage.escape(text))</p>
            <p><a href="/">Home</a> · <a href="\(LiveReload.errorsPath)">Problems</a></p>
            </body>
            </html>

            """
        return LiveReload.inject(into: Array(page.utf8))
    }
}
