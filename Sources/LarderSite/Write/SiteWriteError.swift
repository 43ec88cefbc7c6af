/// What stops writing the site. Every error names a path and says how to fix
/// it; nothing of the previous site has been changed when one is thrown
/// before the swap (see `SiteWriter.write(_:)`).
public struct SiteWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
