import Foundation
@testable import LarderTestSupport
import Testing

@testable import Larder
import LarderSite

/// Issue 18's history and suggestions, end to end: a real git repository
/// made here with commits by two authors at fixed dates (so commit ids and
/// output are the same on every run), a rename, ticks and amounts changed;
/// `larder history`, `larder share --suggest` and the list page, through
/// the real binary; no repository, a shallow clone, no git.
@Suite struct HistoryCLITests {
    let larder = Repository.binary
    static let git = ["/usr/bin/git", "/usr/local/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The kitchen's repository: five commits to one list, newest last.
    ///
    ///     1 Ana  11-01  weekly.md: milk 1 l, eggs 6, bread
    ///     2 Ben  11-08  milk 2 l, eggs ticked, butter added
    ///     3 Ana  11-10  renamed to groceries.md (no other change)
    ///     4 Ana  11-15  eggs unticked, bread removed, coffee added
    ///     5 Ben  11-22  a new week: oat milk and apples only
    struct GitKitchen {
        let folder: TestFolder
        let git: URL
        var url: URL { folder.url }

        init(config: String = "{\"title\": \"Home\"}") throws {
            folder = try TestFolder()
            git = URL(fileURLWithPath: try #require(HistoryCLITests.git))
            try run(["init", "-q", "-b", "main"])
            try folder.write("larder.json", config)
            try list("weekly", ["- [ ] 1 l milk", "- [ ] 6 eggs", "- [ ] bread"])
            try commit("Ana", "2026-11-01T09:00:00+0100", "start")
            try list("weekly", ["- [ ] 2 l milk", "- [x] 6 eggs", "- [ ] bread", "- [ ] butter"])
            try commit("Ben", "2026-11-08T18:00:00+0100", "ticks")
            try run(["mv", "lists/weekly.md", "lists/groceries.md"])
            try commit("Ana", "2026-11-10T08:00:00+0100", "rename")
            try list("groceries", ["- [ ] 2 l milk", "- [ ] 6 eggs", "- [ ] butter", "- [ ] coffee"])
            try commit("Ana", "2026-11-15T10:00:00+0100", "coffee")
            try list("groceries", ["- [ ] oat milk", "- [ ] apples"])
            try commit("Ben", "2026-11-22T18:00:00+0100", "new week")
        }

        func list(_ id: String, _ lines: [String]) throws {
            // A title and a paragraph keep a rename recognised as one.
            let text = "---\ntitle: Groceries\n---\nThe weekly shop, for the two of us, on Saturdays.\n\n## Shopping\n\n"
                + lines.joined(separator: "\n") + "\n"
            try folder.write("lists/\(id).md", text)
        }

        @discardableResult
        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
            var base = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]
            base.merge(environment) { _, new in new }
            let result = try ProcessResult.run(git, arguments, in: url, environment: base)
            try #require(result.status == 0, "git \(arguments): \(result.stderr)")
            return result.stdout
        }

        func commit(_ author: String, _ date: String, _ message: String) throws {
            let email = author.lowercased() + "@example.org"
            try run(["add", "-A"])
            try run(["commit", "-q", "-m", message], environment: [
                "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": date,
                "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": email, "GIT_COMMITTER_DATE": date,
            ])
        }

        /// The short ids of the commits, newest first.
        func shortIDs() throws -> [String] {
            try run(["log", "--format=%h", "--abbrev=7"]).split(separator: "\n").map(String.init)
        }
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func historyPrintsEachChangeItemByItemFollowingTheRename() throws {
        let kitchen = try GitKitchen()
        let ids = try kitchen.shortIDs()
        let result = try ProcessResult.run(larder, ["history", "groceries", "--dir", kitchen.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            2026-11-22 18:00 +0100  Ben  \(ids[0])
              added     oat milk
              added     apples
              removed   milk (2 l)
              removed   eggs (6)
              removed   butter
              removed   coffee

            2026-11-15 10:00 +0100  Ana  \(ids[1])
              added     coffee
              removed   bread
              unticked  eggs

            2026-11-10 08:00 +0100  Ana  \(ids[2])
              renamed   from lists/weekly.md to lists/groceries.md

            2026-11-08 18:00 +0100  Ben  \(ids[3])
              added     butter
              changed   milk: 1 l → 2 l
              ticked    eggs

            2026-11-01 09:00 +0100  Ana  \(ids[4])
              added     milk (1 l)
              added     eggs (6)
              added     bread

            """)
        // A path names the list as well as its id; -n keeps the newest.
        let latest = try ProcessResult.run(larder, ["history", "lists/groceries.md", "-n", "1"], in: kitchen.url)
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(latest.stdout.hasPrefix("2026-11-22 18:00 +0100  Ben  \(ids[0])\n") && !latest.stdout.contains("Ana"), "\(latest.stdout)")
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func historyAsJSON() throws {
        let kitchen = try GitKitchen()
        let result = try ProcessResult.run(larder, ["history", "groceries", "--format", "json", "-n", "3", "--dir", kitchen.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        struct Output: Decodable {
            struct Change: Decodable {
                var author: String
                var date: String
                var path: String
                var renamedFrom: String?
                var items: [[String: String]]
            }
            var list: String
            var path: String
            var changes: [Change]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.list == "groceries" && output.path == "lists/groceries.md")
        #expect(output.changes.map(\.author) == ["Ben", "Ana", "Ana"])
        #expect(output.changes.map(\.date) == ["2026-11-22T17:00:00Z", "2026-11-15T09:00:00Z", "2026-11-10T07:00:00Z"])
        #expect(output.changes[2].renamedFrom == "lists/weekly.md" && output.changes[2].items.isEmpty)
        #expect(output.changes[1].items == [
            ["change": "added", "name": "coffee"], ["change": "removed", "name": "bread"],
            ["change": "unticked", "name": "eggs"],
        ])
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func shareSuggestsWhatIsUsuallyOnTheList() throws {
        let kitchen = try GitKitchen()
        let text = try ProcessResult.run(larder, ["share", "groceries", "--suggest", "--dir", kitchen.url.path])
        #expect(text.status == 0, "\(text.stderr)")
        // In 3 of the 5 versions at least: eggs and milk in 4 (equal counts
        // by name), butter (last seen in version 4) before bread (version 3).
        #expect(text.stdout.hasSuffix("""

            Usually on this list
            • eggs (4 of the last 5 versions)
            • milk (4 of the last 5 versions)
            • butter (3 of the last 5 versions)
            • bread (3 of the last 5 versions)

            """), "\(text.stdout)")
        let markdown = try ProcessResult.run(larder, ["share", "groceries", "--suggest", "--format", "markdown", "--dir", kitchen.url.path])
        #expect(markdown.stdout.contains("### Usually on this list\n\n- eggs (4 of the last 5 versions)\n"), "\(markdown.stdout)")
        let json = try ProcessResult.run(larder, ["share", "groceries", "--suggest", "--format", "json", "--dir", kitchen.url.path])
        struct Output: Decodable {
            struct Suggestion: Decodable, Equatable {
                var name: String
                var count: Int
                var of: Int
            }
            var title: String
            var suggestions: [Suggestion]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(json.stdout.utf8))
        #expect(output.title == "Groceries")
        #expect(output.suggestions.map(\.name) == ["eggs", "milk", "butter", "bread"])
        #expect(output.suggestions.first == Output.Suggestion(name: "eggs", count: 4, of: 5))
        // Without --suggest, the share is as before.
        let plain = try ProcessResult.run(larder, ["share", "groceries", "--dir", kitchen.url.path])
        #expect(!plain.stdout.contains("Usually"))
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func larderJSONTunesTheRule() throws {
        let kitchen = try GitKitchen(config: "{\"title\": \"Home\", \"history\": {\"suggestions\": 1, \"versions\": 3, \"share\": 0.6}}")
        // In 2 of the last 3 versions: butter, eggs and milk (equal, all last
        // seen in version 4: by name); one shown.
        let result = try ProcessResult.run(larder, ["share", "groceries", "--suggest", "--format", "json", "--dir", kitchen.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"suggestions\": [\n    {\"name\": \"butter\", \"count\": 2, \"of\": 3}\n  ]"), "\(result.stdout)")
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func listPageShowsHistoryAndSuggestionsFromTheReferenceTime() throws {
        let kitchen = try GitKitchen()
        let site = kitchen.url.appendingPathComponent("_site")
        let environment = ["SOURCE_DATE_EPOCH": "1795521600"]  // 2026-11-24T12:00:00Z
        let built = try ProcessResult.run(larder, ["build", "-o", site.path], in: kitchen.url, environment: environment)
        #expect(built.status == 0, "\(built.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("lists/groceries/index.html"), encoding: .utf8)
        #expect(page.contains("""
            <li><span class="history-author">Ben</span> added oat milk and apples and removed milk, eggs, butter and coffee · \
            <time datetime="2026-11-22T17:00:00Z" title="2026-11-22 18:00 +0100" data-relative>yesterday</time></li>
            """), "\(page)")
        #expect(page.contains("""
            <span class="history-author">Ana</span> renamed the list file · <time datetime="2026-11-10T07:00:00Z" \
            title="2026-11-10 08:00 +0100" data-relative>14 days ago</time>
            """))
        #expect(page.contains("""
            <li id="suggestion-eggs"><span class="item-name">eggs</span> <span class="chip-meta">(4 of the last 5 versions)</span> \
            <button type="button" class="btn btn-quiet" data-action="remind" data-name="eggs" hidden>Remind me</button></li>
            """))
        // Same input, same bytes.
        let again = kitchen.url.appendingPathComponent("_again")
        _ = try ProcessResult.run(larder, ["build", "-o", again.path], in: kitchen.url, environment: environment)
        #expect(try Data(contentsOf: again.appendingPathComponent("lists/groceries/index.html")) == Data(page.utf8))
        // The history shows on the list's own page only.
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!index.contains("history-author") && !index.contains("Usually on this list"))
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func anUnlistedListsHistoryIsOnlyOnItsOwnPage() throws {
        let kitchen = try GitKitchen()
        try kitchen.folder.write("lists/party.md", "---\ntitle: Party\nvisibility: unlisted\n---\n- [ ] secret cake\n")
        try kitchen.commit("Ana", "2026-11-23T10:00:00+0100", "party")
        let site = kitchen.url.appendingPathComponent("_site")
        let built = try ProcessResult.run(
            larder, ["build", "-o", site.path], in: kitchen.url, environment: ["LARDER_SECRET": String(repeating: "s", count: 32)]
        )
        #expect(built.status == 0, "\(built.stderr)")
        var pages: [String: String] = [:]
        let files = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.contains("secret cake") || text.contains("added secret") {
                pages[file.path.replacingOccurrences(of: site.path + "/", with: "")] = text
            }
        }
        let withHistory = pages.filter { $0.value.contains("added secret cake") }.map(\.key)
        #expect(withHistory.count == 1 && withHistory[0].hasSuffix("/index.html") && !withHistory[0].contains("party"), "\(pages.keys)")
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func aRebuildWithNoNewCommitRunsNoGit() throws {
        let kitchen = try GitKitchen()
        // A git on PATH that logs each run, then runs the real one.
        let tools = try TestFolder("tools")
        let log = tools.url.appendingPathComponent("runs")
        try tools.write("git", """
            #!/bin/sh
            for word; do case $word in log|cat-file) echo $word >> '\(log.path)';; esac; done
            exec '\(kitchen.git.path)' "$@"

            """)
        chmod(tools.url.appendingPathComponent("git").path, 0o755)
        let environment = ["PATH": tools.url.path + ":/usr/bin:/bin", "SOURCE_DATE_EPOCH": "1795521600"]
        let site = kitchen.url.appendingPathComponent("_site")
        func build() throws -> (stderr: String, runs: [String]) {
            let result = try ProcessResult.run(larder, ["build", "-o", site.path], in: kitchen.url, environment: environment)
            try #require(result.status == 0, "\(result.stderr)")
            let runs = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: log)
            return (result.stderr, runs.split(separator: "\n").map(String.init))
        }
        #expect(try build().runs == ["log", "cat-file"], "one log and one batch, whatever the number of commits")
        // An edit, not committed: the page is made again, git is not asked.
        try kitchen.list("groceries", ["- [ ] oat milk", "- [ ] apples", "- [ ] pears"])
        let edited = try build()
        #expect(edited.runs.isEmpty)
        let page = site.appendingPathComponent("lists/groceries/index.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("pears"))
        #expect(try build().stderr.contains("up to date"))
        // A commit is new history.
        try kitchen.commit("Ben", "2026-11-23T09:00:00+0100", "pears")
        #expect(try build().runs == ["log", "cat-file"])
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Ben</span> added pears · <time datetime=\"2026-11-23T08:00:00Z\" title=\"2026-11-23 09:00 +0100\" data-relative>yesterday"))
        // Another reference time, no commit: the dates are counted again, from the cache.
        let later = try ProcessResult.run(larder, ["build", "-o", site.path], in: kitchen.url,
                                          environment: environment.merging(["SOURCE_DATE_EPOCH": "1795780800"]) { $1 })
        #expect(later.status == 0 && (try? String(contentsOf: log, encoding: .utf8)) == nil, "\(later.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("data-relative>4 days ago"))
    }

    /// `larder serve`'s builds (into memory) keep the history between runs,
    /// as a build keeps it beside its output: an edit runs no git, a commit does.
    @Test(.enabled(if: git != nil, "git is not installed"))
    func previewBuildsKeepTheHistoryInMemoryUntilANewCommit() throws {
        let kitchen = try GitKitchen()
        var build = SiteBuild(
            dataFolder: kitchen.url, destination: .memory, displayName: ".",
            environment: ["PATH": URL(fileURLWithPath: kitchen.git.path).deletingLastPathComponent().path, "SOURCE_DATE_EPOCH": "1795521600"]
        )
        build.historyMemory = HistoryCache.Memory()
        // Kept between runs as serve keeps them: a list page kept from the
        // last site must still show a new commit.
        var documents = DocumentCache()
        var site: MemorySite?
        func run() throws -> (source: String?, page: String) {
            let result = build.run(documents: &documents, site: &site)
            guard case .rendered(let files) = result.outcome else { throw ToolFailure(tool: "build", status: 1, output: "\(result.report)") }
            let source = result.timings.entries.lazy.compactMap { entry -> String? in
                if case .note(let text) = entry, text.hasPrefix("history: ") { return String(text.dropFirst(9)) }
                return nil
            }.first
            let page = files.first { $0.path == "lists/groceries/index.html" }.flatMap { file -> String? in
                guard case .bytes(let bytes) = file.contents else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            return (source, page ?? "")
        }
        #expect(try run().source == "read from git")
        try kitchen.list("groceries", ["- [ ] oat milk", "- [ ] apples", "- [ ] pears"])
        let edited = try run()
        #expect(edited.source == "from the cache (no new commit)")
        #expect(edited.page.contains("pears") && edited.page.contains("Ben</span>"))
        try kitchen.commit("Ben", "2026-11-23T09:00:00+0100", "pears")
        let committed = try run()
        #expect(committed.source == "read from git")
        #expect(committed.page.contains("Ben</span> added pears"))
        // Without the memory, every run reads git.
        build.historyMemory = nil
        #expect(try run().source == "read from git")
    }

    @Test func historyOutsideARepositorySaysSo() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] milk\n")
        let result = try ProcessResult.run(larder, ["history", "weekly", "--dir", folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr == """
            larder: error: \(folder.url.path) is not in a git repository, so its lists have no history; \
            git init there and commit the lists (see docs/commands.md#larder-history)

            """)
        // A build asked to show history goes on without it, and says why.
        try folder.write("larder.json", "{\"history\": {\"show\": true}}")
        let built = try ProcessResult.run(larder, ["build", "-o", folder.url.appendingPathComponent("_site").path, "--dir", folder.url.path])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("warning: list pages show no history: \(folder.url.path) is not in a git repository"), "\(built.stderr)")
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func aShallowCloneHasNoHistory() throws {
        let kitchen = try GitKitchen()
        let clones = try TestFolder("clones")
        let clone = clones.url.appendingPathComponent("shallow")
        let cloned = try ProcessResult.run(kitchen.git, ["clone", "-q", "--depth", "1", "file://" + kitchen.url.path, clone.path])
        try #require(cloned.status == 0, "\(cloned.stderr)")
        let result = try ProcessResult.run(larder, ["history", "groceries", "--dir", clone.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a shallow clone: the history of its lists is cut short; fetch the whole history with git fetch --unshallow"), "\(result.stderr)")
        // Its top holds .git, so its pages would show history: the build
        // goes on without, with a warning.
        let built = try ProcessResult.run(larder, ["build", "-o", clones.url.appendingPathComponent("_site").path, "--dir", clone.path])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("warning: list pages show no history"), "\(built.stderr)")
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func withoutGitHistoryIsAClearError() throws {
        let kitchen = try GitKitchen()
        let result = try ProcessResult.run(larder, ["history", "groceries", "--dir", kitchen.url.path], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.stderr == "larder: error: git is not installed (no git on PATH), so the history of lists cannot be read; install git (git-scm.com), or put it on PATH\n")
    }

    @Test func aFolderInsideARepositoryShowsNoHistoryUnlessAsked() throws {
        // Examples/ lives inside Larder's own repository: its pages must not
        // change with every commit of it.
        let site = try TestFolder("site")
        let built = try ProcessResult.run(larder, ["build", Repository.examples.path, "-o", site.url.appendingPathComponent("out").path],
                                          environment: ["LARDER_SECRET": String(repeating: "s", count: 32)])
        #expect(built.status == 0, "\(built.stderr)")
        let page = try String(contentsOf: site.url.appendingPathComponent("out/lists/weekly/index.html"), encoding: .utf8)
        #expect(!page.contains("list-history") && !page.contains("list-suggestions"))
    }

    struct RemindersReport: Decodable {
        var buttons: Bool
        var clicked: [String]
        var reloaded: [String]
        var removed: [String]
        var times: [String]
        var errors: [String]
    }

    /// In Chromium: a tap on a suggestion keeps it as a reminder across a
    /// reload (localStorage, no server: the page is opened from disk), and
    /// the relative dates are counted again from the reader's clock.
    @Test(.enabled(
        if: git != nil && (SiteQualityTests.required || AxeChecker.isUsable),
        "git, or Chromium through Playwright, does not run here (scripts/setup-test-tools)"
    ))
    func aSuggestionTappedIsKeptAsAReminder() async throws {
        let kitchen = try GitKitchen()
        let site = kitchen.url.appendingPathComponent("_site")
        // Made at 1970: every date reads "just now" until the script counts again.
        let built = try ProcessResult.run(larder, ["build", "-o", site.path], in: kitchen.url, environment: ["SOURCE_DATE_EPOCH": "0"])
        try #require(built.status == 0, "\(built.stderr)")
        let page = site.appendingPathComponent("lists/groceries/index.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("data-relative>just now</time>"))
        let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/reminders_check.py")
        let result = try await ProcessResult.runDetached(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, page.path, "milk"])
        guard result.status == 0, let report = try? JSONDecoder().decode(RemindersReport.self, from: Data(result.stdout.utf8)) else {
            throw ToolFailure(tool: "reminders_check.py", status: result.status, output: result.stdout + result.stderr)
        }
        #expect(report.errors.isEmpty)
        #expect(report.buttons && report.clicked == ["milk"] && report.reloaded == ["milk"] && report.removed.isEmpty, "\(report)")
        #expect(report.times.count == 5 && !report.times.contains("just now") && report.times.allSatisfy { $0.hasSuffix(" ago") || $0 == "yesterday" },
                "\(report.times)")
    }

    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: node != nil, "node is not installed"))
    func theScriptCountsRelativeTimesAsTheBuildDoes() throws {
        let steps: [Int64] = [0, 59, 60, 61, 3599, 3600, 7200, 86399, 86400, 172_799, 172_800, 2_591_999, 2_592_000,
                              5_184_000, 31_535_999, 31_536_000, 63_072_000, 400_000_000]
        let program = """
            const { relativeTime } = require(process.argv[1]);
            process.stdout.write(JSON.stringify(JSON.parse(process.argv[2]).map(relativeTime)));
            """
        let script = Repository.root.appendingPathComponent("Templates/larder.js").path
        let run = try ProcessResult.run(URL(fileURLWithPath: try #require(Self.node)), ["-e", program, script, "\(steps)"])
        try #require(run.status == 0, "\(run.stderr)")
        let texts = try JSONDecoder().decode([String].self, from: Data(run.stdout.utf8))
        #expect(texts == steps.map { HistoryDate.relative(1_000_000_000 - $0, to: 1_000_000_000) })
        #expect(texts.contains("yesterday") && texts.contains("1 month ago") && texts.contains("12 years ago"))
    }
}
