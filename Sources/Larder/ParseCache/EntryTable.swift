extension DocumentCache {
    /// The cache's entries by path. The table holds a position per path;
    /// the entries stay in the arrays they were decoded into (one per part
    /// of the file, decoded in parallel), and entries set later go into an
    /// array of their own. An entry is some 300 bytes: moved into a
    /// dictionary's storage, 50,000 of them were a twentieth of a
    /// one-recipe rebuild's main thread (fresh pages faulted in and copied
    /// into). A path removed or set again leaves its old entry unreachable
    /// in its array until there are more such entries than live ones (and a
    /// few dozen): then the table is copied into one array, so that a long
    /// `larder serve` does not keep every version of an edited file.
    struct EntryTable: Sendable, Sequence {
        private var positions: [String: Int] = [:]
        private var parts: [[Entry]] = [[]]
        /// Entries in `parts` no path leads to.
        private(set) var unreachable = 0

        init() {}

        /// The entries of `parts`, by their document's path, but those whose
        /// stamp `keep` refuses; a later entry for a path wins.
        init(parts decoded: [[Entry]], keep: (FileStamp, _ stampedAt: Int) -> Bool) {
            parts = decoded + [[]]
            positions.reserveCapacity(decoded.reduce(0) { $0 + $1.count })
            for (part, entries) in decoded.enumerated() {
                // By index: an entry copied out costs a retain of each field.
                for index in entries.indices where keep(entries[index].stamp, entries[index].stampedAt) {
                    positions[entries[index].document.file.path] = Self.position(part, index)
                }
            }
        }

        private static func position(_ part: Int, _ index: Int) -> Int { part << 32 | index }

        private func entry(at position: Int) -> Entry { parts[position >> 32][position & 0xFFFF_FFFF] }

        /// The document of the entry for `file` when it was made with
        /// `stamp` (copied out alone, not the whole entry).
        func document(of file: DataFile, stamp: FileStamp) -> ReadDocument? {
            guard let position = positions[file.path] else { return nil }
            let part = position >> 32, index = position & 0xFFFF_FFFF
            guard parts[part][index].stamp == stamp, parts[part][index].document.file == file else { return nil }
            return parts[part][index].document
        }

        /// The stamp of the entry for `path` (the entry is not copied out).
        func stamp(of path: String) -> FileStamp? {
            guard let position = positions[path] else { return nil }
            return parts[position >> 32][position & 0xFFFF_FFFF].stamp
        }

        /// Calls `body` with each entry's document's content, read in place
        /// (an entry copied out is a retain of each of its fields), until
        /// it returns false; false then.
        func forEachContent(_ body: (ReadDocument.Content) -> Bool) -> Bool {
            for position in positions.values {
                guard body(parts[position >> 32][position & 0xFFFF_FFFF].document.content) else { return false }
            }
            return true
        }

        var count: Int { positions.count }
        var isEmpty: Bool { positions.isEmpty }
        var paths: Dictionary<String, Int>.Keys { positions.keys }

        /// Every entry, in no particular order.
        var values: some Sequence<Entry> { positions.values.lazy.map { entry(at: $0) } }

        subscript(path: String) -> Entry? {
            get { positions[path].map { entry(at: $0) } }
            set {
                let old: Int?
                if let newValue {
                    let last = parts.count - 1
                    old = positions.updateValue(Self.position(last, parts[last].count), forKey: path)
                    parts[last].append(newValue)
                } else {
                    old = positions.removeValue(forKey: path)
                }
                if old != nil { unreachable += 1 }
                if unreachable > positions.count + 64 { compact() }
            }
        }

        /// The live entries into one array, the others let go.
        private mutating func compact() {
            var entries: [Entry] = [], moved: [String: Int] = [:]
            entries.reserveCapacity(positions.count)
            moved.reserveCapacity(positions.count)
            for (path, position) in positions {
                moved[path] = Self.position(0, entries.count)
                entries.append(entry(at: position))
            }
            (parts, positions, unreachable) = ([entries], moved, 0)
        }

        /// Each path with its entry, in no particular order.
        func makeIterator() -> some IteratorProtocol<(key: String, value: Entry)> {
            positions.lazy.map { (key: $0.key, value: entry(at: $0.value)) }.makeIterator()
        }

        /// The entries `isIncluded` takes, in a new table.
        func filter(_ isIncluded: ((key: String, value: Entry)) -> Bool) -> EntryTable {
            var table = EntryTable()
            for element in self where isIncluded(element) { table[element.key] = element.value }
            return table
        }
    }
}
