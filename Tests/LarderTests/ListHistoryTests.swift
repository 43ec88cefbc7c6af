import Testing

@testable import Larder

/// The pure parts of a list's history: items compared by what Larder
/// reads, the log followed through renames, the suggestion rule, dates.
/// (A real repository is used end to end in HistoryCLITests.)
@Suite struct ListHistoryTests {
    func item(_ name: String, _ amount: String? = nil, checked: Bool = false) -> VersionItem {
        VersionItem(name: name, amount: amount, checked: checked)
    }

    @Test func changesCompareItemsByNameNotByLine() {
        let old = [item("Eggs", "6"), item("milk", "1 l"), item("bread"), item("jam", checked: true)]
        // Moved, renamed in case and plural, ticked, amount changed.
        let new = [item("milk", "2 l"), item("egg", "6", checked: true), item("jam"), item("butter", "250 g")]
        #expect(VersionItem.changes(from: old, to: new) == [
            ItemChange(kind: .added, name: "butter", to: "250 g"),
            ItemChange(kind: .removed, name: "bread"),
            ItemChange(kind: .amountChanged, name: "milk", from: "1 l", to: "2 l"),
            ItemChange(kind: .ticked, name: "egg"),
            ItemChange(kind: .unticked, name: "jam"),
        ])
        #expect(VersionItem.changes(from: new, to: new).isEmpty)
    }

    @Test func aListLineIsReadAsTheSiteReadsIt() throws {
        let result = try #require(KitchenLoader.readFile("lists/a.md", bytes: Array("---\ntitle: A\n---\n- [x] 2 x 400g tins tomatoes\n".utf8)))
        let items = try #require(result.list).items.map(VersionItem.init)
        #expect(items.count == 1 && items[0].checked && items[0].name == "tomatoes", "\(items)")
    }

    static let ids = (1...6).map { String(repeating: String($0), count: 40) }

    func commit(_ number: Int, _ entries: [HistoryReader.Entry]) -> HistoryReader.Commit {
        HistoryReader.Commit(id: Self.ids[number - 1], author: "A", time: Int64(number), zone: "+0000", entries: entries)
    }

    func entry(_ status: Character, _ from: String, _ to: String? = nil, blob: String) -> HistoryReader.Entry {
        HistoryReader.Entry(
            status: status, source: status == "A" ? HistoryReader.nullBlob : "s" + blob, blob: blob,
            sourcePath: from, path: to ?? from
        )
    }

    @Test func theLogIsFollowedThroughRenamesNewestFirst() {
        // Newest first, as git log gives it.
        let commits = [
            commit(6, [entry("M", "lists/b.md", blob: "b3")]),
            commit(5, [entry("A", "lists/a.md", blob: "a-new")]),  // a new file at the old name
            commit(4, [entry("R", "lists/a.md", "lists/b.md", blob: "b2")]),
            commit(3, [entry("D", "lists/gone.md", blob: "0")]),
            commit(2, [entry("M", "lists/a.md", blob: "a2"), entry("M", "recipes/x.md", blob: "x")]),
            commit(1, [entry("A", "lists/a.md", blob: "a1"), entry("A", "lists/gone.md", blob: "g1")]),
        ]
        let tracked = HistoryReader.track(commits, depth: nil)
        #expect(Set(tracked.keys) == ["lists/a.md", "lists/b.md"])
        #expect(tracked["lists/b.md"]?.map(\.blob) == ["b3", "b2", "a2", "a1"])
        #expect(tracked["lists/b.md"]?.map(\.renamedFrom) == [nil, "lists/a.md", nil, nil])
        #expect(tracked["lists/b.md"]?.last?.source == HistoryReader.nullBlob)
        #expect(tracked["lists/a.md"]?.map(\.blob) == ["a-new"])
        #expect(HistoryReader.track(commits, depth: 2)["lists/b.md"]?.map(\.blob) == ["b3", "b2"])
    }

    @Test func theRawLogIsParsed() {
        let log = "\u{1E}\(Self.ids[1])\u{1F}Ana María\u{1F}1795000000\u{1F}2026-11-18 10:00:00 +0100\0\n"
            + ":100644 100644 \(Self.ids[2]) \(Self.ids[3]) R087\0kitchen/lists/a.md\0kitchen/lists/b.md\0"
            + ":100644 100644 \(Self.ids[4]) \(Self.ids[5]) M\0kitchen/lists/c.md\0"
        let commits = HistoryReader.parseLog(Array(log.utf8), prefix: "kitchen/")
        #expect(commits == [HistoryReader.Commit(id: Self.ids[1], author: "Ana María", time: 1_795_000_000, zone: "+0100", entries: [
            HistoryReader.Entry(status: "R", source: Self.ids[2], blob: Self.ids[3], sourcePath: "lists/a.md", path: "lists/b.md"),
            HistoryReader.Entry(status: "M", source: Self.ids[4], blob: Self.ids[5], sourcePath: "lists/c.md", path: "lists/c.md"),
        ])])
    }

    func version(_ items: [String], readable: Bool = true) -> ListVersion {
        ListVersion(commit: "c", author: "A", time: 0, zone: "+0000", path: "lists/a.md", changes: [], items: items, readable: readable)
    }

    @Test func suggestionsFollowTheDocumentedRule() {
        var list = ShoppingList(id: "a", path: "lists/a.md", title: "A")
        list.items = [Item(name: "Bread", location: .file("lists/a.md"))]
        let versions = [
            version(["milk", "bread"]), version(["eggs", "milk"]), version([], readable: false),
            version(["Eggs", "milk", "tea"]), version(["tea", "jam"]),
        ]
        var settings = HistorySettings()
        // 4 readable versions: at least 2. Bread is on the list now.
        #expect(ListSuggestion.suggestions(for: list, versions: versions, settings: settings).map(\.text) == [
            "milk (3 of the last 4 versions)", "eggs (2 of the last 4 versions)", "tea (2 of the last 4 versions)",
        ])
        settings.share = 0.75
        #expect(ListSuggestion.suggestions(for: list, versions: versions, settings: settings).map(\.name) == ["milk"])
        settings.share = 0.5
        settings.suggestions = 2
        #expect(ListSuggestion.suggestions(for: list, versions: versions, settings: settings).map(\.name) == ["milk", "eggs"])
        settings.versions = 1
        // One version: an item must still be in two.
        #expect(ListSuggestion.suggestions(for: list, versions: versions, settings: settings).isEmpty)
    }

    @Test func datesAreWrittenWithoutTheClockOrLocale() {
        #expect(HistoryDate.iso(1_795_521_600) == "2026-11-24T12:00:00Z")
        #expect(HistoryDate.local(1_795_521_600, zone: "-0530") == "2026-11-24 06:30 -0530")
        #expect(HistoryDate.iso(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(HistoryDate.relative(100, to: 50) == "just now")
        #expect(HistoryDate.relative(0, to: 2 * 86400) == "2 days ago")
    }
}
