import Foundation

extension ExportFiles {
    /// The files of a folder (and its folders), read whole, as an unpacked
    /// export: paths relative to it, sorted, hidden files and `__MACOSX`
    /// left out, links not followed (a link could lead out of the folder),
    /// under the same bounds as a zip's.
    public init(folder: URL, maximumBytes: Int = maximumUnpackedBytes, maximumEntries: Int = maximumEntries) throws(Failure) {
        var entries: [Entry] = []
        var total = 0
        for path in ExportFiles.paths(in: folder) {
            guard entries.count < maximumEntries else { throw .tooManyEntries(limit: maximumEntries) }
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw .damaged(entry: path)
            }
            total += data.count
            guard total <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
            entries.append(Entry(path: path, bytes: Array(data)))
        }
        self.init(entries: entries)
    }

    /// The relative paths of a folder's regular files (no links, nothing
    /// hidden), sorted: what `init(folder:)` reads, listed without reading.
    public static func paths(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        var found: [String] = []
        for case let url as URL in walk {
            // lstat, not the URL's resource values: a link is never read.
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let path = url.standardizedFileURL.pathComponents.dropFirst(root.pathComponents.count).joined(separator: "/")
            if !isJunk(path) { found.append(path) }
        }
        return found.sorted()
    }

    /// Whether `bytes` start as gzip data does (a `.paprikarecipe`).
    public static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// What the files are, for a message about an archive that is no known
    /// export: "3 files: notes.txt, a.png, b.png", the first few named.
    public var summary: String {
        guard !entries.isEmpty else { return "no files" }
        let shown = 5
        var names = entries.prefix(shown).map(\.path).joined(separator: ", ")
        if entries.count > shown { names += " and \(entries.count - shown) more" }
        return "\(entries.count) file\(entries.count == 1 ? "" : "s"): \(names)"
    }
}

/// An export's files by path, whatever the case, for the readers to find
/// the picture beside each recipe in constant time (a search through the
/// entries per recipe made an export of 2,000 recipes quadratic).
struct ExportLookup {
    private let files: ExportFiles
    private let byPath: [String: Int]

    init(_ files: ExportFiles) {
        self.files = files
        var byPath: [String: Int] = [:]
        for (index, entry) in files.entries.enumerated() where byPath[entry.path.lowercased()] == nil {
            byPath[entry.path.lowercased()] = index
        }
        self.byPath = byPath
    }

    /// The entry at `path`, whatever its case.
    func entry(_ path: String) -> ExportFiles.Entry? {
        byPath[path.lowercased()].map { files.entries[$0] }
    }

    /// The entry named `name` in the folder of `path` (`full.jpg` beside
    /// `Soup/recipe.json`).
    func entry(named name: String, besides path: String) -> ExportFiles.Entry? {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return entry(folder.isEmpty ? name : folder + "/" + name)
    }
}
