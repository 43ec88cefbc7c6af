import Dispatch
import Foundation
#if canImport(FoundationNetworking)
// URLSession lives here on Linux (over libcurl). The binary links it
// already (FlyingFox's proxy handler imports it), so fetching adds no
// library to load at start-up.
import FoundationNetworking
#endif
import Larder
import Synchronization

/// One web request of `larder import`: a page or its picture, fetched with
/// Foundation's URLSession. Redirects are followed up to a limit and the
/// address the body came from is kept (a page's relative links resolve
/// against it); the body is bounded while it arrives, not after; gzip and
/// deflate bodies are decoded by libcurl (and the bound applies to the
/// decoded bytes, so a small compressed body cannot fill the memory).
public struct WebFetcher: Sendable {
    /// The most one request may take, redirects included.
    public var timeout: Duration
    /// Redirects followed before giving up.
    public var maximumRedirects: Int

    /// The User-Agent sent: Larder and its version, so a site can tell who
    /// asks.
    public static let userAgent = "Larder/\(LarderVersion.current) (recipe import)"

    public init(timeout: Duration = .seconds(20), maximumRedirects: Int = 10) {
        self.timeout = timeout
        self.maximumRedirects = maximumRedirects
    }

    /// A response body and where it came from.
    public struct Response: Sendable, Hashable {
        /// The address after redirects.
        public var url: String
        public var bytes: [UInt8]
        /// The `Content-Type` header's media type, lowercased (`text/html`).
        public var mediaType: String?
        /// The `charset` the `Content-Type` header names, if any.
        public var charset: String?
    }

    /// Why a request gave no body.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case badAddress(String)
        /// An answer that is not 2xx.
        case status(url: String, code: Int)
        case timedOut(url: String, seconds: Double)
        case hostNotFound(url: String, host: String)
        case cannotConnect(url: String, reason: String)
        case tooLarge(url: String, limit: Int)
        case tooManyRedirects(url: String, limit: Int)
        case redirectLoop(url: String)
        /// A redirect to an address that is not http(s) (`file:`, `ftp:`).
        case redirectOut(url: String, to: String)

        public var description: String {
            switch self {
            case .badAddress(let url): "\(url): not a web address Larder can fetch (http:// or https:// and a host)"
            case .status(let url, let code):
                "\(url): the server answered HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code).capitalized)"
            case .timedOut(let url, let seconds):
                "\(url): no complete answer within \(WebFetcher.seconds(seconds)) (timed out; --timeout sets the limit)"
            case .hostNotFound(let url, let host): "\(url): the host \(host) is not found (no such name, or no network)"
            case .cannotConnect(let url, let reason): "\(url): \(reason)"
            case .tooLarge(let url, let limit): "\(url): more than \(limit >> 20) MB, over the limit for this kind of file"
            case .tooManyRedirects(let url, let limit): "\(url): more than \(limit) redirects"
            case .redirectLoop(let url): "\(url): the redirects go round in a loop"
            case .redirectOut(let url, let to): "\(url): redirected to \(to), which is not a web address; not followed"
            }
        }
    }

    /// The body at `address`, at most `limit` bytes (decoded). `accept` is
    /// the `Accept` header.
    public func fetch(_ address: String, limit: Int, accept: String) throws(Failure) -> Response {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw .badAddress(address)
        }
        var request = URLRequest(url: url)
        request.setValue(WebFetcher.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = seconds
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let delegate = Transfer(address: address, limit: limit, maximumRedirects: maximumRedirects)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        // The session's own timeouts are per wait for data; this one bounds
        // the whole request, slow trickles and redirects included.
        if delegate.finished.wait(timeout: .now() + seconds) == .timedOut {
            task.cancel()
            throw .timedOut(url: address, seconds: seconds)
        }
        return try delegate.result(seconds: seconds)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// The state of one request, fed by URLSession's delegate calls (on the
/// session's queue) and read once the task completes.
private final class Transfer: NSObject, URLSessionDataDelegate, Sendable {
    struct State {
        var body: [UInt8] = []
        var response: HTTPURLResponse?
        var visited: [String] = []
        var failure: WebFetcher.Failure?
        var error: URLError?
    }

    let address: String
    let limit: Int
    let maximumRedirects: Int
    let state = Mutex(State())
    let finished = DispatchSemaphore(value: 0)

    init(address: String, limit: Int, maximumRedirects: Int) {
        self.address = address
        self.limit = limit
        self.maximumRedirects = maximumRedirects
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next = request.url?.absoluteString ?? ""
        let refusal: WebFetcher.Failure? = state.withLock { state in
            // Only to the web: never to a local file or another protocol.
            guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .redirectOut(url: address, to: next)
            }
            if state.visited.isEmpty { state.visited.append(address) }
            if state.visited.contains(next) { return .redirectLoop(url: address) }
            state.visited.append(next)
            return state.visited.count - 1 > maximumRedirects ? .tooManyRedirects(url: address, limit: maximumRedirects) : nil
        }
        guard let refusal else { return completionHandler(request) }
        state.withLock { $0.failure = $0.failure ?? refusal }
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let refusal: WebFetcher.Failure? = state.withLock { state in
            state.response = http
            if let failure = state.failure { return failure }
            let url = response.url?.absoluteString ?? address
            if let code = http?.statusCode, !(200..<300).contains(code) { return .status(url: url, code: code) }
            // A stated length past the limit is refused before any byte.
            if response.expectedContentLength > Int64(limit) { return .tooLarge(url: url, limit: limit) }
            return nil
        }
        guard let refusal else { return completionHandler(.allow) }
        state.withLock { $0.failure = $0.failure ?? refusal }
        completionHandler(.cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state in
            guard state.failure == nil else { return true }
            guard state.body.count + data.count <= limit else {
                state.failure = .tooLarge(url: dataTask.currentRequest?.url?.absoluteString ?? address, limit: limit)
                state.body = []
                return true
            }
            state.body += data
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { state in
            if let error = error as? URLError { state.error = error }
            else if error != nil { state.error = URLError(.unknown) }
        }
        finished.signal()
    }

    /// The response, or why there is none.
    func result(seconds: Double) throws(WebFetcher.Failure) -> WebFetcher.Response {
        let state = state.withLock { $0 }
        if let failure = state.failure { throw failure }
        if let error = state.error {
            let host = URL(string: address)?.host ?? address
            switch error.code {
            case .timedOut: throw .timedOut(url: address, seconds: seconds)
            case .cannotFindHost, .dnsLookupFailed: throw .hostNotFound(url: address, host: host)
            case .httpTooManyRedirects: throw .tooManyRedirects(url: address, limit: maximumRedirects)
            case .cannotConnectToHost: throw .cannotConnect(url: address, reason: "cannot connect to \(host) (refused)")
            case .notConnectedToInternet: throw .cannotConnect(url: address, reason: "no network")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                 .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
                throw .cannotConnect(url: address, reason: "the secure connection to \(host) failed (its certificate?)")
            default:
                throw .cannotConnect(url: address, reason: "the request failed (\(error.localizedDescription))")
            }
        }
        guard let response = state.response else {
            throw .cannotConnect(url: address, reason: "the server sent no answer")
        }
        let contentType = response.value(forHTTPHeaderField: "Content-Type")
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return WebFetcher.Response(
            url: response.url?.absoluteString ?? address, bytes: state.body, mediaType: mediaType,
            charset: response.textEncodingName
        )
    }
}
