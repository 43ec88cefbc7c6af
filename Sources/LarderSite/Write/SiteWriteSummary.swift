/// What a successful `SiteWriter.write` put on disk.
public struct SiteWriteSummary: Sendable, Hashable {
    /// The site's files (the `OutputFile`s given), not counting Larder's marker.
    public var fileCount: Int
    /// The bytes of those files, copies included.
    public var byteCount: Int
    /// Of those files, the ones linked unchanged from the previous site
    /// instead of written (or, committed in place, left as they were).
    public var reusedCount: Int
    /// How the site went in: the changed files renamed into the output in
    /// place (`true`), or a whole new tree swapped in.
    public var inPlace: Bool
    /// The time spent in the sink's `add` and `keep`, summed over the
    /// threads that called them: the writer's own share of rendering.
    public var writerTime: Duration

    public init(
        fileCount: Int, byteCount: Int, reusedCount: Int = 0, inPlace: Bool = false,
        writerTime: Duration = .zero
    ) {
        self.fileCount = fileCount
        self.byteCount = byteCount
        self.reusedCount = reusedCount
        self.inPlace = inPlace
        self.writerTime = writerTime
    }

    /// Equal by what was written, whatever the time it took.
    public static func == (a: Self, b: Self) -> Bool {
        (a.fileCount, a.byteCount, a.reusedCount, a.inPlace) == (b.fileCount, b.byteCount, b.reusedCount, b.inPlace)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileCount)
        hasher.combine(byteCount)
        hasher.combine(reusedCount)
        hasher.combine(inPlace)
    }
}
