/// What a successful `SiteWriter.write` put on disk.
public struct SiteWriteSummary: Sendable, Hashable {
    /// The site's files (the `OutputFile`s given), not counting Larder's marker.
    public var fileCount: Int
    /// The folders made under the site root.
    public var directoryCount: Int
    /// The bytes of those files, copies included.
    public var byteCount: Int
    /// Of those files, the ones linked unchanged from the previous site
    /// instead of written.
    public var reusedCount: Int

    public init(fileCount: Int, directoryCount: Int, byteCount: Int, reusedCount: Int = 0) {
        self.fileCount = fileCount
        self.directoryCount = directoryCount
        self.byteCount = byteCount
        self.reusedCount = reusedCount
    }
}
