import Foundation
@testable import LarderTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Incremental builds through the real binary: after every kind of change an
/// incremental build gives, byte for byte, what a clean build does; files it
/// did not need to change keep their inode; and a rebuild with nothing
/// changed stops early, but never when something did.
@Suite struct IncrementalBuildTests {
    let larder = Repository.binary

    /// A data folder, an output built into again and again, and clean builds.
    struct Workspace {
        let root: TestFolder
        var kitchen: URL { root.url.appendingPathComponent("kitchen") }
        var site: URL { root.url.appendingPathComponent("site") }
        var environment = ["LARDER_SECRET": "incremental-tests-secret-1"]
        var larder: URL
        private var cleanCount = 0

        init(larder: URL) throws {
            self.larder = larder
            root = try TestFolder("work")
        }

        /// On a thread of its own, so that long tests do not hold the few
        /// threads that run the others.
        func build(into output: URL) async throws -> ProcessResult {
            try await ProcessResult.runDetached(larder, ["build", kitchen.path, "-o", output.path], environment: environment)
        }

        /// Builds incrementally into `site` and clean into a fresh folder;
        /// checks the two trees are the same, and that the files that came
        /// out the same as the previous site's kept their inode (and only
        /// those). Returns the incremental build's stderr.
        @discardableResult
        mutating func step(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
            let previous = FileManager.default.fileExists(atPath: site.path) ? try SiteTree(site) : nil
            let incremental = try await build(into: site)
            #expect(incremental.status == 0, "\(name): \(incremental.stderr)", sourceLocation: sourceLocation)
            cleanCount += 1
            let fresh = root.url.appendingPathComponent("clean-\(cleanCount)")
            let clean = try await build(into: fresh)
            #expect(clean.status == 0, "\(name): \(clean.stderr)", sourceLocation: sourceLocation)
            let after = try SiteTree(site), expected = try SiteTree(fresh)
            #expect(after == expected, "\(name): differs at \(after.differences(from: expected).prefix(10))", sourceLocation: sourceLocation)
            try FileManager.default.removeItem(at: fresh)
            if let previous {
                var kept = 0
                for (path, entry) in after.entries where path != ".larder-site" {
                    guard case .file = entry, let old = previous.entries[path] else { continue }
                    let sameInode = previous.inodes[path] == after.inodes[path]
                    #expect(sameInode == (old == entry), "\(name): \(path) kept its inode: \(sameInode)", sourceLocation: sourceLocation)
                    if sameInode { kept += 1 }
                }
                #expect(!incremental.stderr.contains("unchanged") || kept > 0, sourceLocation: sourceLocation)
            }
            return incremental.stderr
        }

        func write(_ path: String, _ text: String) throws {
            let url = kitchen.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func read(_ path: String) throws -> String {
            try String(contentsOf: kitchen.appendingPathComponent(path), encoding: .utf8)
        }

        func move(_ from: String, _ to: String) throws {
            try FileManager.default.moveItem(at: kitchen.appendingPathComponent(from), to: kitchen.appendingPathComponent(to))
        }

        func remove(_ path: String) throws {
            try FileManager.default.removeItem(at: kitchen.appendingPathComponent(path))
        }
    }

    @Test func theExampleKitchenIncrementallyEqualsClean() async throws {
        var work = try Workspace(larder: larder)
        try copyFolder(Repository.examples, to: work.kitchen)
        try await work.step("first build")
        try work.write("recipes/pancakes.md", try work.read("recipes/pancakes.md").replacingOccurrences(of: "Fluffy", with: "Fluffier"))
        #expect(try await work.step("edit a recipe").contains("unchanged"))
        try work.write("recipes/toast.md", "---\ntitle: Toast\ncategory: breakfast\n---\n## Ingredients\n\n- 2 slices bread\n")
        try await work.step("add a recipe")
        try work.move("lists/camping.md", "lists/hiking.md")
        try await work.step("rename a list")
        try work.remove("recipes/banana-bread.md")
        try await work.step("delete a recipe")
        try work.write("larder.json", try work.read("larder.json").replacingOccurrences(of: "Ana & Ben's Kitchen", with: "Our Kitchen"))
        try await work.step("change larder.json")
        let template = try String(
            contentsOf: Repository.root.appendingPathComponent("Sources/LarderSite/Templates/recipe.mustache"), encoding: .utf8
        )
        try work.write("templates/recipe.mustache", template + "\n<!-- an override -->\n")
        try await work.step("add a template override")
        try work.write("templates/recipe.mustache", template + "\n<!-- changed again -->\n")
        try await work.step("change a template override")
        work.environment["LARDER_SECRET"] = "incremental-tests-secret-2"
        try await work.step("change the secret")
    }

    @Test func aGeneratedKitchenIncrementallyEqualsClean() async throws {
        var work = try Workspace(larder: larder)
        try GeneratedKitchen.make(at: work.kitchen, recipes: 40, lists: 8)
        try await work.step("first build")
        try work.write("recipes/r00007.md", try work.read("recipes/r00007.md").replacingOccurrences(of: "2 eggs", with: "3 eggs"))
        try await work.step("edit a recipe")
        try work.write("recipes/r00000.md", try work.read("recipes/r00000.md").replacingOccurrences(of: "photo0", with: "photo1"))
        try await work.step("change a recipe's image")
        try FileManager.default.removeItem(at: work.kitchen.appendingPathComponent("images/photo1.jpg"))
        try Data(Pictures.jpeg + [1, 2, 3]).write(to: work.kitchen.appendingPathComponent("images/photo1.jpg"))
        try await work.step("replace an image")
        try work.move("lists/l0003.md", "lists/l0099.md")
        try await work.step("rename an unlisted list")
        try work.remove("recipes/r00001.md")
        try work.write("lists/l0001.md", try work.read("lists/l0001.md").replacingOccurrences(of: "r00001", with: "r00002"))
        try await work.step("delete a recipe")
        try work.write("favorites.json", #"{"recipes": ["r00002"]}"#)
        try await work.step("add favorites")
    }

    /// Changes in one file that other pages show: the pages that depend on
    /// the changed file must change with it, however the build decides what
    /// to render again.
    @Test func crossFileChangesIncrementallyEqualClean() async throws {
        var work = try Workspace(larder: larder)
        try GeneratedKitchen.make(at: work.kitchen, recipes: 12, lists: 4)
        try work.write("recipes/r00001.md", try work.read("recipes/r00001.md").replacingOccurrences(
            of: "## Directions", with: "- 1 batch [Recipe 5](r00005)\n\n## Directions"
        ))
        try work.write("lists/l0000.md", try work.read("lists/l0000.md").replacingOccurrences(of: "r00000", with: "r00001"))
        try await work.step("first build")
        try work.write("recipes/r00005.md", try work.read("recipes/r00005.md").replacingOccurrences(of: "title: Recipe 5", with: "title: Stock"))
        try await work.step("a sub-recipe's title")
        try work.write("recipes/r00005.md", try work.read("recipes/r00005.md").replacingOccurrences(of: "## Directions", with: "- 3 leeks\n\n## Directions"))
        try await work.step("a sub-recipe's ingredients")
        try work.write("recipes/r00005.md", try work.read("recipes/r00005.md").replacingOccurrences(of: "Do step 2", with: "Do step two"))
        #expect(try await work.step("a sub-recipe's steps").contains("unchanged"))
        try work.write("favorites.json", #"{"recipes": ["r00002"], "lists": ["l0001"], "items": ["lemons"]}"#)
        try await work.step("favorites")
        try work.move("recipes/r00002.md", "recipes/r00102.md")
        try work.write("lists/l0002.md", try work.read("lists/l0002.md").replacingOccurrences(of: "r00002", with: "r00102"))
        try work.write("favorites.json", #"{"recipes": ["r00102"]}"#)
        try await work.step("rename a recipe a list shops for")
        try work.write("recipes/r00003.md", try work.read("recipes/r00003.md")
            .replacingOccurrences(of: "category: lunch", with: "category: supper")
            .replacingOccurrences(of: "tags: [tag3, family]", with: "tags: [quick]"))
        try await work.step("a recipe's category and tags")
        try work.write("recipes/r00004.md", try work.read("recipes/r00004.md").replacingOccurrences(of: "A dish numbered", with: "A meal numbered"))
        try await work.step("a recipe's description (its summary on the index)")
        try work.write("recipes/r00006.md", try work.read("recipes/r00006.md").replacingOccurrences(of: "prep_time: 10 min\n", with: "prep_time: 10 min\nimage: images/photo2.jpg\n"))
        try await work.step("add an image")
        try work.write("recipes/r00000.md", try work.read("recipes/r00000.md").replacingOccurrences(of: "image: images/photo0.jpg\n", with: ""))
        try await work.step("remove an image")
        try work.remove("recipes/r00005.md")
        try work.write("recipes/r00001.md", try work.read("recipes/r00001.md").replacingOccurrences(of: "- 1 batch [Recipe 5](r00005)\n", with: ""))
        try await work.step("delete a sub-recipe")
    }

    /// Random edits, additions, renames and deletions on a small kitchen,
    /// each followed by an incremental and a clean build that must agree.
    /// A failure names the seed (LARDER_WALK_SEED replays one).
    @Test func aRandomWalkIncrementallyEqualsClean() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["LARDER_WALK_SEED"].flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970 * 1000)
        var random = SplitMix(seed: seed)
        var work = try Workspace(larder: larder)
        // States written as deltas whenever few entries changed, as on a
        // large site (the debug binary takes the switch).
        work.environment["LARDER_TEST_STATE_DELTA_MINIMUM"] = "0"
        try GeneratedKitchen.make(at: work.kitchen, recipes: 10, lists: 5)
        // Basics (b…) are sub-recipes of the others, never of each other, so
        // there is no cycle; they are edited but never renamed or deleted.
        for index in 0..<3 {
            try work.write(
                "recipes/b\(index).md",
                "---\ntitle: Basic \(index)\ncategory: basics\n---\nA basic.\n\n## Ingredients\n\n- 500 g flour\n- 1 tsp salt\n\n## Directions\n\n1. Mix.\n"
            )
        }
        try work.write("favorites.json", #"{"recipes": ["r00001"]}"#)
        var recipes = (0..<10).map { String(format: "r%05d", $0) }
        var next = 100
        func recipePath(_ id: String) -> String { "recipes/\(id).md" }
        func edit(_ path: String, _ change: (String) -> String) throws { try work.write(path, change(try work.read(path))) }
        func lists() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: work.kitchen.appendingPathComponent("lists").path)
                .filter { $0.hasSuffix(".md") }.sorted().map { "lists/" + $0 }
        }
        try await work.step("seed \(seed): first build")
        for number in 1...24 {
            let all = recipes + ["b0", "b1", "b2"]
            let target = all[random.below(all.count)]
            let what: String
            switch random.below(11) {
            case 0:
                what = "edit the steps of \(target)"
                try edit(recipePath(target)) { $0.replacingOccurrences(of: "1. ", with: "1. Now \(number): ") }
            case 1:
                what = "retitle \(target)"
                try edit(recipePath(target)) { $0.replacingOccurrences(of: "\ntitle: ", with: "\ntitle: New \(number) ") }
            case 2:
                what = "change the category and tags of \(target)"
                // Tags are shared between recipes (four of them), but a
                // recipe given one it has already would be a duplicate tag,
                // an error (seed 1795707352008, step 23).
                let tag = "t\(number % 4)"
                try edit(recipePath(target)) {
                    let recategorized = $0.replacingOccurrences(of: "\ncategory: ", with: "\ncategory: c\(number % 3)")
                    return ["[\(tag), ", " \(tag), ", "[\(tag)]", " \(tag)]"].contains { recategorized.contains($0) }
                        ? recategorized : recategorized.replacingOccurrences(of: "tags: [", with: "tags: [\(tag), ")
                }
            case 3:
                let sub = "b\(random.below(3))"
                let line = target.hasPrefix("b") ? "- \(number) g sugar" : "- 1 batch [Basic](\(sub))"
                what = "add '\(line)' to \(target)"
                try edit(recipePath(target)) { $0.replacingOccurrences(of: "## Ingredients\n", with: "## Ingredients\n\(line)\n") }
            case 4:
                let id = String(format: "r%05d", next)
                next += 1
                what = "add \(id)"
                try work.write(recipePath(id), "---\ntitle: Added \(number)\ntags: [t\(number % 4)]\n---\n## Ingredients\n\n- 1 batch [Basic](b\(number % 3))\n- 2 eggs\n")
                recipes.append(id)
            case 5 where !target.hasPrefix("b"):
                let id = String(format: "r%05d", next)
                next += 1
                what = "rename \(target) to \(id)"
                try work.move(recipePath(target), recipePath(id))
                for list in try lists() { try edit(list) { $0.replacingOccurrences(of: target, with: id) } }
                try edit("favorites.json") { $0.replacingOccurrences(of: target, with: id) }
                recipes[recipes.firstIndex(of: target)!] = id
            case 6 where !target.hasPrefix("b") && recipes.count > 2:
                recipes.removeAll { $0 == target }
                what = "delete \(target)"
                try work.remove(recipePath(target))
                for list in try lists() { try edit(list) { $0.replacingOccurrences(of: target, with: recipes[0]) } }
                try edit("favorites.json") { $0.replacingOccurrences(of: target, with: recipes[0]) }
            case 7:
                let favorite = recipes[random.below(recipes.count)]
                what = "favorites: \(favorite)"
                try work.write("favorites.json", #"{"recipes": ["\#(favorite)"], "lists": ["l0001"], "items": ["lemons"]}"#)
            case 8:
                let names = try lists()
                let list = names[random.below(names.count)]
                what = "edit \(list)"
                try edit(list) { $0.replacingOccurrences(of: "## Produce\n", with: "## Produce\n- [ ] \(number) pears\n") }
            case 9 where !target.hasPrefix("b"):
                what = "image of \(target)"
                try edit(recipePath(target)) { text in
                    guard !text.contains("\nimage: ") else {
                        return text.split(separator: "\n", omittingEmptySubsequences: false)
                            .filter { !$0.hasPrefix("image: ") }.joined(separator: "\n")
                    }
                    return text.replacingOccurrences(of: "\ntitle: ", with: "\nimage: images/photo\(number % 3).jpg\ntitle: ")
                }
            default:
                what = "describe \(target)"
                try edit(recipePath(target)) { $0.replacingOccurrences(of: "\n---\n", with: "\n---\nStep \(number) of the walk.\n\n") }
            }
            try await work.step("seed \(seed), step \(number): \(what)")
        }
    }

    /// A rebuild that takes edited recipes as edits (their pages alone, the
    /// folder not loaded whole: `KitchenLoader.recipeEdits`) gives what a
    /// clean build does and prints the warnings a whole build prints; an
    /// edit that shows on other pages, or a site changed by hand, takes
    /// the whole way.
    @Test func editsRenderTheirPagesAloneAndEqualClean() async throws {
        var work = try Workspace(larder: larder)
        // Lists shop for r00000 to r00003; r00010 names r00011.
        try GeneratedKitchen.make(at: work.kitchen, recipes: 30, lists: 4)
        try work.write("recipes/r00010.md", try work.read("recipes/r00010.md").replacingOccurrences(
            of: "## Directions", with: "- 1 batch [Recipe 11](r00011)\n\n## Directions"
        ))
        try work.write("recipes/j00001.json", #"{"title": "Juice", "ingredients": [{"name": "oranges", "quantity": 4}]}"#)
        // A warning elsewhere, which every build prints.
        try work.write("recipes/notes.txt", "not a recipe")
        work.environment["LARDER_TIMINGS"] = "1"
        work.environment["LARDER_TEST_STATE_DELTA_MINIMUM"] = "0"
        try await work.step("first build")
        let warning = "'recipes/notes.txt' is not a data file and is ignored"
        func edit(_ path: String, _ old: String, _ new: String) throws {
            let text = try work.read(path)
            #expect(text.contains(old), "\(path) has no '\(old)'")
            try work.write(path, text.replacingOccurrences(of: old, with: new))
        }
        /// The step, and that it took the edits (`recipes` of them).
        func edits(_ step: String, _ recipes: Int = 1) async throws {
            let stderr = try await work.step(step)
            #expect(stderr.contains("timing: edits: \(recipes) recipes edited"), "\(step): \(stderr)")
        }

        try edit("recipes/r00020.md", "Do step 2", "Do step two")
        var stderr = try await work.step("the steps of a recipe")
        #expect(stderr.contains("timing: edits: 1 recipes edited"), "\(stderr)")
        #expect(stderr.contains(warning))
        #expect(stderr.contains("(") && stderr.contains("unchanged)"))
        try edit("recipes/r00020.md", "Do step 3", "Do step three")
        try await edits("the same recipe again, at once")
        try edit("recipes/r00010.md", "Do step 2", "Do step two")
        try await edits("a recipe that names another")
        try edit("recipes/r00010.md", "A dish numbered 10", "\n\nA dish numbered 10")
        try await edits("lines added above what a recipe refers to")
        try edit("recipes/r00021.md", "1 tsp cumin", "2 tsp cumin")
        try edit("recipes/j00001.json", "4}", "5}")
        try await edits("two recipes, one of them JSON", 2)
        /// The step, and that the build took the whole way for `reason`.
        @discardableResult
        func wholeWay(_ step: String, _ reason: String) async throws -> String {
            let stderr = try await work.step(step)
            #expect(stderr.contains("edits: no; " + reason), "\(step): \(stderr)")
            return stderr
        }
        try edit("recipes/r00011.md", "Do step 2", "Do step two")
        try await wholeWay("a recipe another one names", "another recipe or a list names r00011")
        try edit("recipes/r00002.md", "Do step 2", "Do step two")
        try await wholeWay("a recipe a list shops for", "another recipe or a list names r00002")
        try edit("recipes/r00022.md", "title: Recipe 22", "title: Recipe twenty-two")
        try await wholeWay("a recipe's title, on the cards", "what the other pages show of r00022 changed")
        try edit("recipes/r00023.md", "tags: [tag5, family]", "tags: [tag5, family, quick]")
        try await wholeWay("a recipe's tags", "recipes/r00023.md: its id, category")
        try edit("recipes/j00001.json", #""quantity": 5}"#, #""quantity": 5, "unit": "smidgen"}"#)
        stderr = try await wholeWay("an edit with a warning", "recipes/j00001.json has problems")
        #expect(stderr.contains("unknown unit"))
        // A page edited by hand is written again: by the whole build.
        let page = work.site.appendingPathComponent("recipes/r00025/index.html")
        try Data("edited by hand".utf8).write(to: page)
        try edit("recipes/r00024.md", "Do step 2", "Do step two")
        try await wholeWay("an edit after a page was edited by hand", "a file of the site changed since the last build")
        try edit("lists/l0001.md", "1 lemons", "2 lemons")
        try edit("recipes/r00024.md", "Do step 3", "Do step three")
        try await wholeWay("a recipe and a list", "an input other than a recipe changed")
        try edit("recipes/r00026.md", "Do step 2", "Do step two")
        try await edits("a recipe once more")
    }

    /// The site root's inode: kept by a commit in place, new after a swap.
    func rootInode(_ work: Workspace) throws -> UInt64 {
        var info = stat()
        #expect(lstat(work.site.path, &info) == 0)
        return UInt64(info.st_ino)
    }

    @Test func bothWaysOfWritingGiveTheCleanBuild() async throws {
        var work = try Workspace(larder: larder)
        try GeneratedKitchen.make(at: work.kitchen, recipes: 150, lists: 15)
        try await work.step("first build")
        var root = try rootInode(work)
        // One recipe: a few files, renamed into the output in place.
        work.environment["LARDER_TIMINGS"] = "1"
        try work.write("recipes/r00007.md", try work.read("recipes/r00007.md").replacingOccurrences(of: "2 eggs", with: "3 eggs"))
        #expect(try await work.step("edit a recipe").contains("timing: commit in place"))
        #expect(try rootInode(work) == root)
        try work.write("recipes/r00200.md", "---\ntitle: New\ncategory: breakfast\n---\n## Ingredients\n\n- 2 slices bread\n")
        try work.remove("recipes/r00003.md")
        try work.write("lists/l0003.md", try work.read("lists/l0003.md").replacingOccurrences(of: "r00003", with: "r00002"))
        #expect(try await work.step("add and delete recipes").contains("timing: commit in place"))
        #expect(try rootInode(work) == root)
        // The title is on every page: more than the in-place limit, swapped.
        try work.write("larder.json", #"{"title": "Another title", "baseURL": "https://example.org/"}"#)
        #expect(try await work.step("change larder.json").contains("timing: swap"))
        #expect(try rootInode(work) != root)
        root = try rootInode(work)
        // An output that does not match its state (a file made and removed
        // in its root changes its stamp): swapped, whatever changed.
        try Data().write(to: work.site.appendingPathComponent("by-hand.html"))
        try FileManager.default.removeItem(at: work.site.appendingPathComponent("by-hand.html"))
        try work.write("recipes/r00007.md", try work.read("recipes/r00007.md").replacingOccurrences(of: "3 eggs", with: "4 eggs"))
        #expect(try await work.step("edit after a change by hand").contains("timing: swap"))
        #expect(try rootInode(work) != root)
        try work.write("recipes/r00007.md", try work.read("recipes/r00007.md").replacingOccurrences(of: "4 eggs", with: "5 eggs"))
        #expect(try await work.step("edit again").contains("timing: commit in place"))
    }

    // MARK: Nothing changed

    /// Builds and reports whether the build stopped early.
    func upToDate(_ work: Workspace, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        let result = try await work.build(into: work.site)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result.stderr.contains("nothing changed since the last build")
    }

    @Test func aRebuildStopsEarlyOnlyWhenNothingChanged() async throws {
        var work = try Workspace(larder: larder)
        try GeneratedKitchen.make(at: work.kitchen, recipes: 10, lists: 4)
        // A warning, repeated by the builds that stop early.
        try work.write("recipes/notes.txt", "not a recipe")
        let first = try await work.build(into: work.site)
        #expect(first.status == 0)
        #expect(first.stderr.contains("'recipes/notes.txt' is not a data file and is ignored"))
        let again = try await work.build(into: work.site)
        #expect(again.stderr.contains("'recipes/notes.txt' is not a data file and is ignored"))
        #expect(again.stderr.hasSuffix("nothing changed since the last build: \(work.site.path) is up to date\n"), "\(again.stderr)")

        let recipe = work.kitchen.appendingPathComponent("recipes/r00003.md")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1e9)], ofItemAtPath: recipe.path)
        #expect(try await upToDate(work) == false, "touched")
        #expect(try await upToDate(work))
        try work.write("recipes/r00003.md", try work.read("recipes/r00003.md") + "\nMore.\n")
        #expect(try await upToDate(work) == false, "edited")
        try work.write("lists/l0100.md", "---\ntitle: New\n---\n- [ ] bread\n")
        #expect(try await upToDate(work) == false, "added")
        try work.write("templates/style.css", "body { color: black }\n")
        #expect(try await upToDate(work) == false, "template override")
        work.environment["LARDER_SECRET"] = "incremental-tests-secret-2"
        #expect(try await upToDate(work) == false, "secret")
        #expect(try await upToDate(work))
        let otherOutput = try await work.build(into: work.root.url.appendingPathComponent("other"))
        #expect(!otherOutput.stderr.contains("nothing changed"))

        // Another larder binary (a copy has its own stamp), then the same
        // binary rebuilt (its time changes).
        let copy = work.root.url.appendingPathComponent("larder-copy")
        try FileManager.default.copyItem(at: larder, to: copy)
        var copied = work
        copied.larder = copy
        #expect(try await upToDate(copied) == false, "another binary")
        #expect(try await upToDate(copied))
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: copy.path)
        #expect(try await upToDate(copied) == false, "the binary rebuilt")

        // A state file that does not read back: a full build, no crash.
        try Data("larder-state 1\n\u{0}\u{0}garbage".utf8).write(to: work.root.url.appendingPathComponent(".site.larder-state"))
        let damaged = try await work.build(into: work.site)
        #expect(damaged.status == 0)
        #expect(damaged.stderr.contains("built "), "\(damaged.stderr)")
        #expect(!damaged.stderr.contains("unchanged"), "\(damaged.stderr)")
    }
}

/// A small seeded generator (SplitMix64), so a failing walk can be replayed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
