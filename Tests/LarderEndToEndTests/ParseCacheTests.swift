import Foundation
@testable import LarderTestSupport
@testable import Larder
import LarderCore
import Testing

/// The parse cache `larder build` keeps beside its output (`DocumentCache`
/// on disk): every document reads back equal to what the reader made, a
/// damaged or foreign cache is ignored, and a changed file is always read
/// again, whatever its stamp tries to hide.
@Suite struct ParseCacheTests {
    // MARK: Round trips

    /// Loads `folder` through a cache, writes the cache out and reads it
    /// back; every document (larder.json aside) must come back equal.
    /// Returns how many there were.
    @discardableResult
    func roundTrip(_ folder: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        var cache = DocumentCache()
        _ = try KitchenLoader.load(folder, cache: &cache)
        let decoded = try DocumentCache.decode(cache.encoded(), keepRecent: true)
        let expected = cache.entries.filter { if case .config = $0.value.document.content { false } else { true } }
        #expect(decoded.entries.count == expected.count, sourceLocation: sourceLocation)
        for (path, entry) in expected {
            guard let back = decoded.entries[path] else {
                Issue.record("\(path) is missing", sourceLocation: sourceLocation)
                continue
            }
            #expect(back.stamp == entry.stamp, "\(path)", sourceLocation: sourceLocation)
            #expect(Self.same(back.document, entry.document), "\(path)", sourceLocation: sourceLocation)
            // Written back as read (not encoded again): the bytes a fresh
            // encoding gives.
            var fresh = CacheWriter()
            fresh.entry(back.stamp, stampedAt: back.stampedAt, back.document)
            #expect(back.encoded.map { $0.withUnsafeBufferPointer(Array.init) } == fresh.bytes, "\(path)", sourceLocation: sourceLocation)
        }
        let again = try DocumentCache.decode(decoded.encoded(), keepRecent: true)
        #expect(again.entries.count == expected.count, sourceLocation: sourceLocation)
        for (path, entry) in expected {
            #expect(again.entries[path].map { Self.same($0.document, entry.document) } == true, "\(path)", sourceLocation: sourceLocation)
        }
        return expected.count
    }

    /// Equal documents; bytes only for those with diagnostics (the others
    /// are not kept).
    static func same(_ a: ReadDocument, _ b: ReadDocument) -> Bool {
        guard a.file == b.file, a.diagnostics == b.diagnostics, a.references == b.references else { return false }
        guard a.diagnostics.isEmpty ? a.bytes.isEmpty : a.bytes == b.bytes else { return false }
        switch (a.content, b.content) {
        case (.recipe(let x), .recipe(let y)): return x == y
        // Read back undecoded: its outline must be the recipe's, and the
        // recipe decoded from the cache the same.
        case (.storedRecipe(let x), .recipe(let y)), (.recipe(let y), .storedRecipe(let x)):
            return x.outline == RecipeOutline(y) && x.recipe == y
        case (.storedRecipe(let x), .storedRecipe(let y)): return x.outline == y.outline && x.recipe == y.recipe
        case (.list(let x), .list(let y)): return x == y
        case (.favorites(let x), .favorites(let y)): return x == y
        case (.unreadable, .unreadable): return true
        default: return false
        }
    }

    static func same(_ a: Kitchen, _ b: Kitchen) -> Bool {
        a.recipes == b.recipes && a.lists == b.lists && a.favorites == b.favorites && a.categories == b.categories
    }

    @Test func theExampleKitchenReadsBackEqual() throws {
        #expect(try roundTrip(Repository.examples) > 10)
    }

    /// The upper end of a range of servings is kept too.
    @Test func aRangeOfServingsReadsBackEqual() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", "---\ntitle: Soup\nservings: 4-6\n---\n")
        #expect(try roundTrip(folder.url) == 1)
    }

    @Test func aBenchmarkKitchenReadsBackEqual() throws {
        let folder = try TestFolder()
        #expect(try roundTrip(try BenchKitchenTests.generate(into: folder)) > 50)
    }

    /// Every file of every bad-input case, read as the loader reads it
    /// (diagnostics and all), through the codec alone.
    @Test(arguments: ["invalid", "fuzz"])
    func everyBadInputCaseReadsBackEqual(_ set: String) throws {
        let reader = DocumentReader(
            folder: DataFolder(memory: URL(fileURLWithPath: "/")),
            categoryLookup: KitchenLoader.categoryLookup(KitchenLoader.mergedCategories([]))
        )
        var count = 0
        for fixture in FixtureCase.all(in: Repository.fixtures.appendingPathComponent(set)) {
            for (path, bytes) in fixture.files {
                // The 60 KB YAML bomb takes a minute to refuse in a debug
                // build, and refusing it leaves one diagnostic.
                guard bytes.count < 32_768, let file = DataFile(memoryPath: path), file.kind != .config else { continue }
                let document = reader.read(file, bytes: bytes)
                var writer = CacheWriter()
                writer.document(document)
                let back = try writer.bytes.withUnsafeBufferPointer { buffer in
                    var reader = CacheReader(buffer)
                    defer { #expect(reader.isAtEnd) }
                    return try reader.document()
                }
                #expect(Self.same(back, document), "\(fixture.name): \(path)")
                count += 1
            }
        }
        #expect(count > 0)
    }

    // MARK: Damaged and foreign caches

    /// A kitchen loaded once, its cache written as if the files had been
    /// saved long before (so that none is too recent to trust).
    struct Cached {
        let folder: TestFolder
        let file: URL
        let bytes: [UInt8]

        init() throws {
            folder = try TestFolder()
            try GeneratedKitchen.make(at: folder.url, recipes: 12, lists: 3)
            var cache = DocumentCache()
            _ = try KitchenLoader.load(folder.url, cache: &cache)
            cache.stampedAt += 60
            file = folder.url.deletingLastPathComponent().appendingPathComponent("._site.larder-cache")
            try cache.write(to: file)
            bytes = Array(try Data(contentsOf: file))
        }

        /// A load through the cache on disk, with its counts.
        func load() throws -> (result: LoadResult, cache: DocumentCache) {
            var cache = DocumentCache(contentsOf: file)
            let result = try KitchenLoader.load(folder.url, cache: &cache)
            return (result, cache)
        }

        func write(_ bytes: [UInt8]) throws {
            try Data(bytes).write(to: file)
        }
    }

    @Test func aSoundCacheIsUsed() throws {
        let cached = try Cached()
        let (result, cache) = try cached.load()
        #expect(cache.lastReads == 1)  // larder.json, read on every load
        #expect(cache.lastHits == 15)
        let fresh = try KitchenLoader.load(cached.folder.url)
        #expect(Self.same(result.kitchen, fresh.kitchen))
        #expect(result.report.diagnostics == fresh.report.diagnostics)
    }

    /// A cache read back whole and used for a load that read nothing anew
    /// need not be written again; one with a file changed or gone must be.
    @Test func onlyAChangedCacheNeedsWriting() throws {
        let cached = try Cached()
        var cache = try cached.load().cache
        #expect(!cache.changed)  // larder.json, read again, is never written
        _ = try KitchenLoader.load(cached.folder.url, cache: &cache)
        #expect(!cache.changed)
        #expect(DocumentCache().changed)

        let edited = try Cached()
        try edited.folder.write("recipes/r00001.md", "---\ntitle: Changed\n---\n")
        #expect(try edited.load().cache.changed)

        let removed = try Cached()
        let lists = removed.folder.url.appendingPathComponent("lists")
        let gone = try #require(try FileManager.default.contentsOfDirectory(atPath: lists.path).sorted().first)
        try FileManager.default.removeItem(at: lists.appendingPathComponent(gone))
        #expect(try removed.load().cache.changed)
    }

    static func inode(_ url: URL) -> UInt64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// A load through `file`'s cache, then the cache written back as if its
    /// files had been saved long before (none too recent to trust).
    static func loadAndWrite(_ folder: URL, _ file: URL) throws -> (LoadResult, DocumentCache) {
        var cache = DocumentCache(contentsOf: file)
        let result = try KitchenLoader.load(folder, cache: &cache)
        cache.stampedAt += 60
        try cache.write(to: file)
        return (result, cache)
    }

    /// After a load that read few files anew, the cache goes into a delta
    /// beside the base, which is left as it was; base and delta read back
    /// as the whole cache. Past a few, a whole new base, without a delta.
    @Test func fewChangesAreWrittenAsADeltaBesideTheBase() throws {
        let folder = try TestFolder(), place = try TestFolder()
        try GeneratedKitchen.make(at: folder.url, recipes: 40, lists: 4)
        let file = place.url.appendingPathComponent("cache"), delta = DocumentCache.deltaFile(of: file)
        _ = try Self.loadAndWrite(folder.url, file)
        let base = try #require(Self.inode(file))
        #expect(!FileManager.default.fileExists(atPath: delta.path))

        try folder.write("recipes/r00003.md", "---\ntitle: Three\n---\n")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("recipes/r00004.md"))
        let (edited, cache) = try Self.loadAndWrite(folder.url, file)
        #expect(cache.lastReads == 2)  // larder.json and the edit
        #expect(Self.inode(file) == base && FileManager.default.fileExists(atPath: delta.path))

        var again = DocumentCache(contentsOf: file)
        let reloaded = try KitchenLoader.load(folder.url, cache: &again)
        #expect(again.lastReads == 1 && !again.changed)
        #expect(again.entries["recipes/r00003.md"]?.inBase == false && again.entries["recipes/r00004.md"] == nil)
        let clean = try KitchenLoader.load(folder.url)
        #expect(Self.same(reloaded.kitchen, edited.kitchen) && Self.same(reloaded.kitchen, clean.kitchen))
        #expect(reloaded.kitchen.recipes.contains { $0.title == "Three" })

        for index in 10..<20 {
            try folder.write(String(format: "recipes/r%05d.md", index), "---\ntitle: Changed \(index)\n---\n")
        }
        _ = try Self.loadAndWrite(folder.url, file)
        #expect(Self.inode(file) != base && !FileManager.default.fileExists(atPath: delta.path))
        var whole = DocumentCache(contentsOf: file)
        let last = try KitchenLoader.load(folder.url, cache: &whole)
        #expect(whole.lastReads == 1 && whole.entries.values.filter { $0.document.file.kind != .config }.allSatisfy(\.inBase))
        let cleanAgain = try KitchenLoader.load(folder.url)
        #expect(Self.same(last.kitchen, cleanAgain.kitchen))
    }

    /// A delta names the base it was made on: beside another base (written
    /// by an older larder, or by a build killed between the two), it is not
    /// read.
    @Test func aDeltaBesideAnotherBaseIsNotRead() throws {
        let folder = try TestFolder(), place = try TestFolder()
        try GeneratedKitchen.make(at: folder.url, recipes: 40, lists: 4)
        let file = place.url.appendingPathComponent("cache")
        _ = try Self.loadAndWrite(folder.url, file)
        try folder.write("recipes/r00003.md", "---\ntitle: Three\n---\n")
        _ = try Self.loadAndWrite(folder.url, file)
        #expect(FileManager.default.fileExists(atPath: DocumentCache.deltaFile(of: file).path))
        // Another base in its place.
        var fresh = DocumentCache()
        _ = try KitchenLoader.load(folder.url, cache: &fresh)
        fresh.stampedAt += 60
        try Data(fresh.encoded()).write(to: file)
        var cache = DocumentCache(contentsOf: file)
        _ = try KitchenLoader.load(folder.url, cache: &cache)
        #expect(cache.lastReads == 1)
        #expect(cache.entries["recipes/r00003.md"]?.inBase == true)
    }

    @Test func garbageTruncationsAndDamageAreIgnored() throws {
        let cached = try Cached()
        let bytes = cached.bytes
        var variants: [[UInt8]] = [[], Array("not a cache".utf8), (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }]
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            variants.append(Array(bytes[..<length]))
        }
        variants.append(Array(bytes.dropLast()))
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 61)) {
            var damaged = bytes
            damaged[position] ^= 0x5A
            variants.append(damaged)
        }
        variants.append(bytes + [0])
        for variant in variants {
            #expect(throws: CacheCorrupt.self) { try DocumentCache.decode(variant) }
            try cached.write(variant)
            let (result, cache) = try cached.load()
            #expect(cache.lastHits == 0)
            #expect(result.report.diagnostics.isEmpty)
            #expect(result.kitchen.recipes.count == 12)
        }
    }

    @Test func anotherFormatVersionOrBinaryIsIgnored() throws {
        let cached = try Cached()
        let magic = DocumentCache.magic.count
        #expect(cached.bytes[magic] == UInt8(DocumentCache.formatVersion))
        var version = cached.bytes
        version[magic] += 1
        // Another build of larder: the fingerprint names the binary's path,
        // size and times.
        var binary = cached.bytes
        let fingerprint = Array(DocumentCache.fingerprint.utf8)
        let at = try #require((0..<binary.count - fingerprint.count).first { binary[$0..<$0 + fingerprint.count].elementsEqual(fingerprint) })
        binary[at + fingerprint.count - 1] ^= 0x01
        for variant in [version, binary] {
            #expect(throws: CacheCorrupt.self) { try DocumentCache.decode(variant) }
            try cached.write(variant)
            #expect(try cached.load().cache.lastHits == 0)
        }
    }

    @Test func anotherDataFolderReadsEverything() throws {
        let cached = try Cached()
        let other = try TestFolder()
        try GeneratedKitchen.make(at: other.url, recipes: 12, lists: 3)
        var cache = DocumentCache(contentsOf: cached.file)
        _ = try KitchenLoader.load(other.url, cache: &cache)
        #expect(cache.lastHits == 0)
    }

    @Test func filesChangedJustBeforeTheCacheWasWrittenAreNotTrusted() throws {
        let folder = try TestFolder()
        try GeneratedKitchen.make(at: folder.url, recipes: 4, lists: 1)
        var cache = DocumentCache()
        _ = try KitchenLoader.load(folder.url, cache: &cache)
        let file = folder.url.deletingLastPathComponent().appendingPathComponent("cache")
        try cache.write(to: file)
        var reloaded = DocumentCache(contentsOf: file)
        #expect(reloaded.entries.isEmpty)
        _ = try KitchenLoader.load(folder.url, cache: &reloaded)
        #expect(reloaded.lastHits == 0)
    }

    // MARK: Changed files

    @Test func editedAddedRenamedAndDeletedFilesAreReadAgain() throws {
        let cached = try Cached()
        let recipes = cached.folder.url.appendingPathComponent("recipes")
        let edited = recipes.appendingPathComponent("r00003.md")
        try (try String(contentsOf: edited, encoding: .utf8)).replacingOccurrences(of: "Recipe 3", with: "Recipe Three")
            .write(to: edited, atomically: false, encoding: .utf8)
        try "---\ntitle: Toast\n---\n## Ingredients\n\n- 2 slices bread\n"
            .write(to: recipes.appendingPathComponent("toast.md"), atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(at: recipes.appendingPathComponent("r00005.md"), to: recipes.appendingPathComponent("moved.md"))
        try FileManager.default.removeItem(at: recipes.appendingPathComponent("r00006.md"))
        let (result, cache) = try cached.load()
        // larder.json, the edit, the new file and the renamed one.
        #expect(cache.lastReads == 4)
        #expect(cache.lastHits == 15 - 3)
        let fresh = try KitchenLoader.load(cached.folder.url)
        #expect(Self.same(result.kitchen, fresh.kitchen))
        #expect(result.kitchen.recipes.contains { $0.title == "Recipe Three" })
        #expect(result.kitchen.recipes.contains { $0.id == "moved" })
        #expect(!result.kitchen.recipes.contains { $0.id == "r00006" })
    }

    @Test func anEditHiddenBehindTheOldModificationTimeIsReadAgain() throws {
        let cached = try Cached()
        let edited = cached.folder.url.appendingPathComponent("recipes/r00002.md")
        var before = stat()
        try #require(stat(edited.path, &before) == 0)
        let text = try String(contentsOf: edited, encoding: .utf8)
        // The same size, inode and modification time (as `touch -d` puts
        // back): only the change time tells.
        try text.replacingOccurrences(of: "Recipe 2\n", with: "Recipe Z\n").write(to: edited, atomically: false, encoding: .utf8)
        let times = [before.st_atim, before.st_mtim]
        try #require(utimensat(AT_FDCWD, edited.path, times, 0) == 0)
        var after = stat()
        try #require(stat(edited.path, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_ino == before.st_ino)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let (result, cache) = try cached.load()
        #expect(cache.lastReads == 2)
        #expect(result.kitchen.recipes.contains { $0.title == "Recipe Z" })
    }

    @Test func aCategoryChangeInLarderJSONReadsTheMarkdownAgain() throws {
        let cached = try Cached()
        let config = cached.folder.url.appendingPathComponent("larder.json")
        try #"{"title": "Generated kitchen", "baseURL": "https://example.org/", "current": "l0000", "categories": [{"id": "fruit", "name": "Produce"}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let (result, cache) = try cached.load()
        #expect(cache.lastHits == 0)
        let fresh = try KitchenLoader.load(cached.folder.url)
        #expect(Self.same(result.kitchen, fresh.kitchen))
        #expect(result.report.diagnostics == fresh.report.diagnostics)
        // `## Produce` headings now name the new category.
        #expect(result.kitchen.lists.flatMap(\.items).allSatisfy { $0.category == "fruit" })
    }

    @Test func aCrossCheckIntoACachedFileStillShowsItsLine() throws {
        let cached = try Cached()
        // r00000 is what l0000 shops for; without it, the list's line is shown.
        try FileManager.default.removeItem(at: cached.folder.url.appendingPathComponent("recipes/r00000.md"))
        let (result, cache) = try cached.load()
        #expect(cache.lastHits > 0)
        let fresh = try KitchenLoader.load(cached.folder.url)
        #expect(result.report.diagnostics == fresh.report.diagnostics)
        #expect(!result.report.diagnostics.isEmpty)
        let path = try #require(result.report.diagnostics.first?.location?.path)
        #expect(result.report.sources[path]?.lines == fresh.report.sources[path]?.lines)
        #expect(result.report.sources[path]?.lines.count ?? 0 > 1)
    }
}
