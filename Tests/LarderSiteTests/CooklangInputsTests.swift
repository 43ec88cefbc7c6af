import Foundation
import Larder
@testable import LarderSite
@testable import LarderTestSupport
import Testing

/// A build's inputs include the Cooklang files wherever they are, and the
/// pictures beside them, so that changing one is never "up to date"; a
/// site built inside the data folder and files that are not Larder's are
/// not inputs.
@Suite struct CooklangInputsTests {
    @Test func cooklangFilesAndTheirPicturesAreStamped() throws {
        let folder = try TestFolder()
        for path in ["Breakfast/Easy Pancakes.cook", "Top.cook", "Plans/Week 1.menu", "Breakfast/README.txt",
                     "_site/recipes/x.cook", "config/aisle.conf", "recipes/Sides/Rice.cook", ".git/x.cook"] {
            try folder.write(path, "x\n")
        }
        try folder.write("Breakfast/Easy Pancakes.jpg", [0xFF, 0xD8, 0xFF])
        try folder.write("_site/.larder-site", "")
        let inputs = BuildInputs(dataFolder: folder.url, options: [], secret: nil)
        let first = inputs.snapshot()
        #expect(Set(first.stamps.keys) == [
            "Breakfast/Easy Pancakes.cook", "Breakfast/Easy Pancakes.jpg", "Top.cook", "Plans/Week 1.menu",
            "config/aisle.conf", "recipes/Sides/Rice.cook",
            // Stamped whether they are there or not.
            "larder.json", "favorites.json", ".larder-secret",
        ])
        try folder.write("Breakfast/Easy Pancakes.cook", "Mix @flour{200%g}.\n")
        #expect(inputs.snapshot().digest != first.digest)
    }

    /// One listing of the folder per build: the loader walks `recipes/`,
    /// `lists/` and the Cooklang folders as the snapshot listed them (with
    /// their types), so a file made after the snapshot is for the next
    /// build, which a walk of its own would have read.
    @Test func theLoaderWalksTheFolderAsTheSnapshotListedIt() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        try folder.write("Breakfast/Easy Pancakes.cook", "Mix @flour{200%g}.\n")
        try folder.write("Breakfast/Easy Pancakes.jpg", [0xFF, 0xD8, 0xFF])
        let inputs = BuildInputs(dataFolder: folder.url, options: [], secret: nil)
        var snapshot = inputs.snapshot()
        snapshot.index()
        #expect(snapshot.listings["recipes"] == [FolderEntry(name: "soup.md", type: UInt8(DT_REG))])
        #expect(snapshot.listings["Breakfast"]?.map(\.name) == ["Easy Pancakes.cook", "Easy Pancakes.jpg"])
        try folder.write("recipes/stew.md", "---\ntitle: Stew\n---\n")
        try folder.write("Breakfast/Waffles.cook", "Mix @flour{100%g}.\n")
        let (indexed, listings) = (snapshot, snapshot.listings)
        var cache = DocumentCache()
        let loaded = try KitchenLoader.load(
            folder.url, cache: &cache, knownStamp: { indexed.own($0) }, knownListing: { listings[$0] }, takenAt: snapshot.takenAt
        )
        #expect(loaded.kitchen.recipeIDs == ["breakfast-easy-pancakes", "soup"])
        #expect(loaded.kitchen.recipe("breakfast-easy-pancakes")?.image != nil)
        // Walked anew, the folder has them.
        var fresh = DocumentCache()
        let walked = try KitchenLoader.load(folder.url, cache: &fresh)
        #expect(walked.kitchen.recipeIDs == ["breakfast-easy-pancakes", "breakfast-waffles", "soup", "stew"])
    }

    /// The snapshot's listing carries each regular file's stamp, and the
    /// loader's scan takes it from there, not from a `stat` of its own:
    /// a file changed after the snapshot is remembered in the parse cache
    /// under the snapshot's stamp (so the next build reads it again).
    @Test func theScanTakesEachFilesStampFromTheSnapshotsListing() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        let inputs = BuildInputs(dataFolder: folder.url, options: [], secret: nil)
        var snapshot = inputs.snapshot()
        snapshot.index()
        let listed = try #require(snapshot.listings["recipes"]?.first?.stamp)
        #expect(listed == snapshot.own("recipes/soup.md"))
        try folder.write("recipes/soup.md", "---\ntitle: Soup, now for six\n---\n")
        let listings = snapshot.listings
        var cache = DocumentCache()
        for _ in 0..<2 {
            _ = try KitchenLoader.load(
                folder.url, cache: &cache, knownStamp: { _ in nil }, knownListing: { listings[$0] }, takenAt: snapshot.takenAt
            )
        }
        // The second load took it from the cache, by the listing's stamp.
        #expect(cache.tookFromCache("recipes/soup.md", stamp: listed))
    }

    /// A new commit (git's HEAD, when list pages show history) makes the
    /// site out of date, but is no part of every page's fingerprint: only
    /// the list pages whose history changed are made again.
    @Test func freshnessDecidesUpToDateButNotThePagesContext() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", "- [ ] milk\n")
        let before = BuildInputs(dataFolder: folder.url, options: ["site"], secret: nil, freshness: ["git HEAD 1"]).snapshot()
        let after = BuildInputs(dataFolder: folder.url, options: ["site"], secret: nil, freshness: ["git HEAD 2"]).snapshot()
        #expect(before.digest != after.digest)
        #expect(before.context == after.context)
        #expect(before.stamps == after.stamps)
    }
}
