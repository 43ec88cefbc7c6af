/// One file of the built site, in memory. Rendering produces these and never
/// touches the disk; only `SiteWriter` writes.
public struct OutputFile: Sendable, Hashable {
    /// Relative to the site root, with `/` (e.g. `lists/weekly/index.html`).
    public var path: String
    public var contents: Contents

    public enum Contents: Sendable, Hashable {
        case bytes([UInt8])
        /// A file of the data folder copied as is (images); absolute path.
        case copy(from: String)
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.contents = .bytes(bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public init(path: String, copyingFrom source: String) {
        self.path = path
        self.contents = .copy(from: source)
    }
}
