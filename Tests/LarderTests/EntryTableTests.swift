import Testing

@testable import Larder

/// The parse cache's table of entries by path (`DocumentCache.EntryTable`):
/// positions into the arrays the entries were decoded into, and entries set
/// later in an array of their own. It must behave as a dictionary by path.
@Suite struct EntryTableTests {
    typealias Entry = DocumentCache.Entry

    func entry(_ path: String, size: Int64 = 1) -> Entry {
        Entry(
            stamp: FileStamp(
                mode: 0o100644, size: size, seconds: 1, nanoseconds: 0, changeSeconds: 1, changeNanoseconds: 0,
                inode: UInt64(size), device: 1
            ),
            document: ReadDocument(
                file: DataFile(kind: .recipe, format: .markdown, path: path, id: path),
                bytes: [], content: .unreadable, diagnostics: [], references: []
            )
        )
    }

    func sizes(_ table: DocumentCache.EntryTable) -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value.stamp.size) })
    }

    @Test func decodedPartsReadAsOneTableLaterEntriesWinAndRefusedOnesAreLeftOut() {
        let table = DocumentCache.EntryTable(parts: [
            [entry("a", size: 1), entry("b", size: 2)],
            [entry("c", size: 3), entry("a", size: 4), entry("d", size: 5)],
        ]) { stamp, _ in stamp.size != 5 }
        #expect(sizes(table) == ["a": 4, "b": 2, "c": 3])
        #expect(table.count == 3)
        #expect(table["d"] == nil)
    }

    @Test func settingReplacingAndRemovingActAsInADictionary() {
        var table = DocumentCache.EntryTable(parts: [[entry("a", size: 1), entry("b", size: 2)]]) { _, _ in true }
        table["b"] = entry("b", size: 20)
        table["c"] = entry("c", size: 3)
        table["a"] = nil
        table["missing"] = nil
        #expect(sizes(table) == ["b": 20, "c": 3])
        #expect(Set(table.paths) == ["b", "c"])
        #expect(table.values.map(\.stamp.size).sorted() == [3, 20])
        // A copy is a value: changing it leaves the table as it was.
        var copy = table
        copy["b"] = nil
        copy["d"] = entry("d", size: 4)
        #expect(sizes(table) == ["b": 20, "c": 3])
        #expect(sizes(copy) == ["c": 3, "d": 4])
        #expect(sizes(table.filter { $0.value.stamp.size > 5 }) == ["b": 20])
    }

    /// The stamp alone, as the entry by path would give it: the live one.
    @Test func aPathsStampIsThatOfItsLiveEntry() {
        var table = DocumentCache.EntryTable(parts: [[entry("a", size: 1)], [entry("a", size: 2), entry("b", size: 3)]]) { _, _ in true }
        table["b"] = entry("b", size: 30)
        table["c"] = entry("c", size: 4)
        table["c"] = nil
        for path in ["a", "b", "c", "missing"] { #expect(table.stamp(of: path) == table[path]?.stamp, "\(path)") }
        #expect(table.stamp(of: "a")?.size == 2)
        #expect(table.stamp(of: "b")?.size == 30)
    }

    /// `larder serve` sets the entry of a file it read anew on every save:
    /// the versions no path leads to are let go once they outnumber the
    /// live entries (and a few dozen), not kept for the whole session.
    @Test func entriesSetAgainAndAgainAreLetGo() {
        var table = DocumentCache.EntryTable(parts: [[entry("a", size: 1), entry("b", size: 2)]]) { _, _ in true }
        for version in 1...1_000 {
            table["a"] = entry("a", size: Int64(version))
            table["gone-\(version)"] = entry("gone-\(version)", size: 7)
            table["gone-\(version)"] = nil
            #expect(table.unreachable <= table.count + 64)
        }
        #expect(sizes(table) == ["a": 1_000, "b": 2])
        table["c"] = entry("c", size: 3)
        #expect(sizes(table) == ["a": 1_000, "b": 2, "c": 3])
    }

    @Test func aDocumentIsFoundOnlyWithTheStampAndFileItWasReadWith() {
        let table = DocumentCache.EntryTable(parts: [[entry("a", size: 1)]]) { _, _ in true }
        let file = DataFile(kind: .recipe, format: .markdown, path: "a", id: "a")
        #expect(table.document(of: file, stamp: entry("a", size: 1).stamp)?.file == file)
        #expect(table.document(of: file, stamp: entry("a", size: 2).stamp) == nil)
        #expect(table.document(of: DataFile(kind: .recipe, format: .json, path: "a", id: "a"), stamp: entry("a", size: 1).stamp) == nil)
        #expect(table.document(of: DataFile(kind: .recipe, format: .markdown, path: "b", id: "b"), stamp: entry("a", size: 1).stamp) == nil)
    }
}
