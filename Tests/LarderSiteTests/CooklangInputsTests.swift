import Foundation
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
