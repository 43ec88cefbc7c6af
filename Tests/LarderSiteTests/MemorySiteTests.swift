import Foundation
import Larder
import Testing

@testable import LarderSite
@testable import LarderTestSupport

/// `larder serve` builds into memory and keeps the site it made
/// (`SiteBuild.run(documents:site:)`): a rebuild renders only the pages
/// whose inputs changed and takes the others from that site, and gives,
/// file for file, what a build of every page gives.
@Suite struct MemorySiteTests {
    /// Runs of one kitchen that keep their site, each checked against a
    /// build of everything from nothing.
    struct Runs {
        let folder: SiteBuildTests.Folder
        var documents = DocumentCache()
        var site: MemorySite?

        init(_ folder: SiteBuildTests.Folder) { self.folder = folder }

        var pipeline: SiteBuild { folder.build(.memory) }

        /// A run that keeps `site`, and a build of everything, which must
        /// agree file for file; the run's result.
        @discardableResult
        mutating func step(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> SiteBuild.Result {
            let kept = pipeline.run(documents: &documents, site: &site)
            let whole = pipeline.run()
            guard case .rendered(let made) = kept.outcome, case .rendered(let expected) = whole.outcome else {
                Issue.record("\(name): not rendered: \(kept.report.diagnostics) \(String(describing: kept.report.stop))", sourceLocation: sourceLocation)
                return kept
            }
            #expect(made.map(\.path) == expected.map(\.path), "\(name)", sourceLocation: sourceLocation)
            let different = zip(made, expected).filter { $0 != $1 }.map(\.0.path)
            #expect(different.isEmpty, "\(name): \(different.prefix(10))", sourceLocation: sourceLocation)
            return kept
        }
    }

    @Test func aRebuildInMemoryRendersWhatChangedAndGivesTheWholeBuild() throws {
        let folder = try SiteBuildTests.Folder(copying: Repository.examples)
        var runs = Runs(folder)
        func step(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> SiteBuild.Result {
            runs.step(name, sourceLocation: sourceLocation)
        }
        let first = step("first build")
        // A first build renders everything.
        let fileCount = first.filesRendered ?? 0
        #expect(fileCount > 40)
        // With nothing changed, only what is made every time: the theme's
        // assets (no record of their own) and the service worker.
        let everyTime = step("nothing changed").filesRendered ?? 0
        #expect(everyTime < fileCount / 3)

        try folder.edit("recipes/pizza-dough.md") { $0.replacingOccurrences(of: "Knead for 10 minutes", with: "Knead for 12 minutes") }
        let edited = step("edit a recipe's steps")
        // Then only the pages that show the recipe's steps: its page and
        // text, the pizza's, which uses it as a sub-recipe, and the list
        // pages and print sheets that shop for the pizza.
        #expect((1...12).contains((edited.filesRendered ?? 0) - everyTime), "\(edited.filesRendered ?? -1) of \(fileCount), \(everyTime) every time")

        try folder.edit("recipes/pancakes.md") { $0.replacingOccurrences(of: "title: Fluffy", with: "title: Fluffier") }
        _ = step("retitle a recipe a list shops for")
        try folder.edit("recipes/lemonade.md") { $0.replacingOccurrences(of: "tags: [summer, party, make-ahead]", with: "tags: [summer]") }
        _ = step("a recipe's tags")
        try folder.write("recipes/toast.md", "---\ntitle: Toast\ncategory: breakfast\n---\n## Ingredients\n\n- 2 slices bread\n")
        _ = step("add a recipe")
        try folder.edit("lists/weekly.md") { $0.replacingOccurrences(of: "- [ ] 3 lemons", with: "- [x] 3 lemons") }
        _ = step("tick an item")
        try folder.remove("recipes/banana-bread.md")
        _ = step("delete a recipe")
        try folder.write("favorites.json", #"{"recipes": ["toast"]}"#)
        _ = step("favorites")
        try folder.edit("larder.json") { $0.replacingOccurrences(of: "Ana & Ben's Kitchen", with: "Our Kitchen") }
        _ = step("change larder.json")
        let template = try String(
            contentsOf: Repository.root.appendingPathComponent("Sources/LarderSite/Templates/recipe.mustache"), encoding: .utf8
        )
        try folder.write("templates/recipe.mustache", template + "\n<!-- an override -->\n")
        _ = step("add a template override")
        try folder.remove("templates/recipe.mustache")
        _ = step("remove the template override")
    }

    /// Cooklang files in folders of their own, pictures beside them, a
    /// menu, cook's aisle configuration: the inputs a Cooklang user edits.
    @Test func aCooklangFolderRebuiltInMemoryGivesTheWholeBuild() throws {
        let folder = try SiteBuildTests.Folder(copying: Repository.root.appendingPathComponent("Examples/cooklang"))
        var runs = Runs(folder)
        runs.step("first build")
        try folder.edit("Shared/Pizza Dough.cook") { $0 + "\nLet it rest for another @salt{1%pinch} hour.\n" }
        runs.step("a sub-recipe's steps")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 64))
            .write(to: folder.kitchen.appendingPathComponent("Breakfast/Overnight Oats.jpg"))
        runs.step("a picture beside a recipe")
        try folder.remove("Breakfast/Easy Pancakes.4.jpg")
        runs.step("a second picture removed")
        try folder.edit("config/aisle.conf") { "[bakery]\nflour\n\n" + $0 }
        runs.step("the aisles")
        try folder.edit("Plans/This Week.menu") { $0 + "\n@./Tomato Soup{2}\n" }
        runs.step("the menu")
        try folder.write("Dinner/Fish Pie.cook", "Bake @fish{400%g} with @potatoes{600%g}.\n")
        runs.step("a new recipe in a folder")
    }

    /// A build that fails keeps the last good site as the base of the next.
    @Test func aFailedBuildLeavesTheSiteToTheNext() throws {
        let folder = try SiteBuildTests.Folder(copying: Repository.examples)
        var documents = DocumentCache()
        var site: MemorySite?
        _ = folder.build(.memory).run(documents: &documents, site: &site)
        let built = try #require(site)
        try folder.write("recipes/broken.md", "---\ntitle: [\n---\n")
        let failed = folder.build(.memory).run(documents: &documents, site: &site)
        #expect(failed.report.hasErrors)
        #expect(site?.files.keys.sorted() == built.files.keys.sorted())
        try folder.remove("recipes/broken.md")
        let again = folder.build(.memory).run(documents: &documents, site: &site)
        guard case .rendered(let files) = again.outcome else {
            Issue.record("not rendered")
            return
        }
        #expect(files == built.sortedFiles)
        // Nothing changed since the site kept: only what is made every
        // time (see above) rendered again.
        #expect((again.filesRendered ?? .max) < files.count / 3)
    }
}
