/// What a successful `SiteWriter.write(_:)` put on disk.
public struct SiteWriteSummary: Sendable, Hashable {
    /// The site's files (the `OutputFile`s given), not counting Larder's marker.
    public var fileCount: Int
    /// The folders made under the site root.
    public var directoryCount: Int
    /// The bytes of those files, copies included.
    public var byteCount: Int

    public init(fileCount: Int, directoryCount: Int, byteCount: Int) {
        self.fileCount = fileCount
        self.directoryCount = directoryCount
        self.byteCount = byteCount
    }
}
