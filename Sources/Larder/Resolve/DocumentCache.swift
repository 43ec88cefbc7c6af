/// Documents already read and checked, kept between loads of the same folder
/// (`KitchenLoader.load(_:cache:)`), so a change to one file re-reads that
/// file only. A file counts as unchanged while its `FileStamp` is the same.
public struct DocumentCache: Sendable {
    struct Entry: Sendable {
        var stamp: FileStamp
        var document: ReadDocument
    }

    private var entries: [String: Entry] = [:]
    /// The category lookup the Markdown documents were read with: headings
    /// (`## Dairy`) resolve through it, so a change of categories in
    /// larder.json invalidates them. JSON documents do not depend on it.
    private var markdownLookup: [String: String] = [:]

    /// How many documents the last load took from the cache, and how many it read.
    public private(set) var lastHits = 0
    public private(set) var lastReads = 0

    public init() {}

    /// The documents for `files`, in order: cached ones whose file is
    /// unchanged, the others read (in parallel) and remembered.
    mutating func read(_ files: [DataFile], with reader: DocumentReader) -> [ReadDocument] {
        if files.contains(where: { $0.format == .markdown }), reader.categoryLookup != markdownLookup {
            entries = entries.filter { $0.value.document.file.format == .json }
            markdownLookup = reader.categoryLookup
        }
        let known = entries
        // The stamp is taken before the file is read: a write while it is
        // being read changes the stamp, so the next load reads it again.
        let results = files.concurrentMap { file -> (FileStamp?, ReadDocument, hit: Bool) in
            let stamp = FileStamp(path: reader.folder.absolute(file.path))
            if let stamp, let entry = known[file.path], entry.stamp == stamp, entry.document.file == file {
                return (stamp, entry.document, true)
            }
            return (stamp, reader.read(file), false)
        }
        var documents: [ReadDocument] = []
        documents.reserveCapacity(results.count)
        for (stamp, document, hit) in results {
            if hit { lastHits += 1 } else { lastReads += 1 }
            if let stamp {
                entries[document.file.path] = Entry(stamp: stamp, document: document)
            } else {
                entries[document.file.path] = nil
            }
            documents.append(document)
        }
        return documents
    }

    /// Forgets files that are gone.
    mutating func keepOnly(_ paths: Set<String>) {
        entries = entries.filter { paths.contains($0.key) }
    }

    /// Starts the counts of a new load.
    mutating func resetCounts() {
        lastHits = 0
        lastReads = 0
    }
}
