import Foundation
@testable import LarderTestSupport
import Larder
import Testing

/// `larder init`, `larder new`, the pre-commit hook, the Pages workflow and
/// the shell completions: through the real binary where the user would.
@Suite struct AuthoringTests {
    let larder = Repository.binary

    // MARK: init

    @Test func initThenCheckThenBuildOnAMissingFolder() throws {
        let folder = try TestFolder("work")
        let made = try ProcessResult.run(larder, ["init", "kitchen"], in: folder.url)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.isEmpty)
        for file in Starter.files(secret: "x") {
            #expect(made.stdout.contains("created kitchen/\(file.path)\n"))
        }
        #expect(made.stdout.contains("  larder check kitchen\n  larder build kitchen -o kitchen/_site\n"))

        let check = try ProcessResult.run(larder, ["check", "kitchen"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.stderr == "checked 5 files: no problems\n")

        let strict = try ProcessResult.run(larder, ["check", "--warnings-as-errors", "kitchen"], in: folder.url)
        #expect(strict.status == 0, "\(strict.stderr)")

        let build = try ProcessResult.run(larder, ["build", "kitchen", "-o", "kitchen/_site"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        let site = folder.url.appendingPathComponent("kitchen/_site")
        for page in ["index.html", "lists/weekly/index.html", "recipes/pancakes/index.html", "recipes/tomato-soup/index.html"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(page).path), "\(page)")
        }
    }

    @Test func initInTheCurrentFolderSuggestsPlainCommands() throws {
        let folder = try TestFolder()
        let made = try ProcessResult.run(larder, ["init"], in: folder.url)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("created larder.json\n"))
        #expect(made.stdout.contains("  larder check\n  larder build\n"))
        let check = try ProcessResult.run(larder, ["check"], in: folder.url)
        #expect(check.stderr == "checked 5 files: no problems\n")
    }

    @Test func theSecretIsPrivateRandomAndIgnoredByGit() throws {
        let folder = try TestFolder()
        #expect(try ProcessResult.run(larder, ["init", "."], in: folder.url).status == 0)
        let secretPath = folder.url.appendingPathComponent(".larder-secret").path
        let attributes = try FileManager.default.attributesOfItem(atPath: secretPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let secret = try String(contentsOfFile: secretPath, encoding: .utf8)
        #expect(secret.hasSuffix("\n"))
        #expect(Data(base64Encoded: secret.trimmingCharacters(in: .newlines))?.count == 32)

        let other = try TestFolder()
        #expect(try ProcessResult.run(larder, ["init", "."], in: other.url).status == 0)
        #expect(try String(contentsOf: other.url.appendingPathComponent(".larder-secret"), encoding: .utf8) != secret)

        let ignore = try String(contentsOf: folder.url.appendingPathComponent(".gitignore"), encoding: .utf8)
        let lines = ignore.split(separator: "\n")
        #expect(lines.contains("_site/"))
        // The state, parse cache, lock and journal a build keeps beside `_site`.
        #expect(lines.contains("._site.larder-*"))
        #expect(lines.contains(".larder-secret"))
    }

    @Test func theSchemasForEditorsAreLarders() throws {
        let folder = try TestFolder()
        #expect(try ProcessResult.run(larder, ["init", "."], in: folder.url).status == 0)
        for kind in ["config", "list", "recipe", "favorites"] {
            let written = try Data(contentsOf: folder.url.appendingPathComponent(".larder/schemas/\(kind).schema.json"))
            let published = try Data(contentsOf: Repository.root.appendingPathComponent("Schemas/\(kind).schema.json"))
            #expect(written == published, "\(kind)")
        }
        // Every file names its schema by a path that leads to it.
        let named = [
            "larder.json": "config", "favorites.json": "favorites", "recipes/tomato-soup.json": "recipe",
            "lists/weekly.md": "list", "recipes/pancakes.md": "recipe",
        ]
        for (path, kind) in named {
            let file = folder.url.appendingPathComponent(path)
            let text = try String(contentsOf: file, encoding: .utf8)
            let reference = path.hasSuffix(".md")
                ? text.firstMatch(of: /# yaml-language-server: \$schema=(\S+)/)?.1
                : text.firstMatch(of: /"\$schema": "([^"]+)"/)?.1
            let target = try #require(reference.map(String.init), "\(path)")
            let resolved = file.deletingLastPathComponent().appendingPathComponent(target).standardized
            #expect(resolved.lastPathComponent == "\(kind).schema.json", "\(path)")
            #expect(FileManager.default.fileExists(atPath: resolved.path), "\(path): \(target)")
        }
    }

    @Test func checkIgnoresTheLarderFolder() throws {
        let folder = try TestFolder()
        #expect(try ProcessResult.run(larder, ["init", "."], in: folder.url).status == 0)
        try folder.write(".larder/schemas/broken.json", "{ not json")
        try folder.write(".larder/lists/stray.md", "no front matter")
        let check = try ProcessResult.run(larder, ["check"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.stderr == "checked 5 files: no problems\n")
    }

    @Test func initRefusesAnExistingFileAndWritesNothing() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("lists/weekly.md", "---\ntitle: Mine\n---\n")
        try folder.write(".gitignore", "node_modules/\n")
        let before = try tree(folder.url)
        let result = try ProcessResult.run(larder, ["init", "kitchen"], in: folder.url.deletingLastPathComponent())
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("larder: error: kitchen/lists/weekly.md, kitchen/.gitignore are already there; nothing was written"))
        #expect(try tree(folder.url) == before)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("lists/weekly.md"), encoding: .utf8) == "---\ntitle: Mine\n---\n")
    }

    @Test func aFileWhereAFolderGoesIsAConflictToo() throws {
        let folder = try TestFolder()
        try folder.write("recipes", "not a folder")
        let creator = FileCreator(folder: folder.url)
        #expect(creator.conflicts(Starter.files(secret: "x")) == ["recipes"])
        #expect(throws: AuthoringError.exists(["recipes"])) { try creator.create(Starter.files(secret: "x")) }
        #expect(try tree(folder.url) == ["recipes"])
    }

    @Test func filesAreReplacedTogetherOrNotAtAll() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", "old")
        try folder.write("images", "a file where the folder goes")
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
        let creator = FileCreator(folder: folder.url)
        let files = [AuthoredFile(path: "images/soup.png", bytes: picture), AuthoredFile(path: "recipes/soup.md", contents: "new")]
        #expect(throws: AuthoringError.exists(["images"])) { try creator.replace(files) }
        #expect(try tree(folder.url) == ["images", "recipes", "recipes/soup.md"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("recipes/soup.md"), encoding: .utf8) == "old")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("images"))
        try creator.replace(files)
        #expect(try tree(folder.url) == ["images", "images/soup.png", "recipes", "recipes/soup.md"])
        #expect(Array(try Data(contentsOf: folder.url.appendingPathComponent("images/soup.png"))) == picture)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("recipes/soup.md"), encoding: .utf8) == "new")
    }

    @Test func aBrokenLinkIsAConflict() throws {
        let folder = try TestFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("larder.json").path, withDestinationPath: "nowhere.json"
        )
        #expect(FileCreator(folder: folder.url).conflicts(Starter.files(secret: "x")) == ["larder.json"])
    }

    // MARK: new

    @Test(arguments: [
        ("Pancakes", "pancakes"),
        ("Mum's Pancakes!", "mums-pancakes"),
        ("Crème brûlée", "creme-brulee"),
        ("Straße & Ærø", "strasse-aero"),
        ("Σπανακόπιτα", "spanakopita"),
        ("Pho bò  —  Hà Nội style", "pho-bo-ha-noi-style"),
        ("🍕 🍕", "untitled"),
        ("2 lists: \"A\" / B #1", "2-lists-a-b-1"),
    ])
    func idsFromTitles(title: String, id: String) {
        #expect(NewDocument(kind: .recipe, title: title).suggestedID == id)
    }

    @Test func idsFromAnyScriptAreValid() {
        for title in ["日本のカレー", "Борщ", "خبز", "김치찌개", String(repeating: "very long title ", count: 20)] {
            let id = NewDocument(kind: .list, title: title).suggestedID
            #expect(Identifier.isValid(id), "\(title): \(id)")
            #expect(id.count <= 60 && !id.hasSuffix("-"), "\(title): \(id)")
        }
    }

    @Test func aTakenIdGetsTheNextNumber() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("recipes/pancakes.md", "mine")
        try folder.write("recipes/pancakes-2.json", "mine too")
        try folder.write("lists/pancakes-3.md", "a list, not a recipe")
        let parent = folder.url.deletingLastPathComponent()
        let result = try ProcessResult.run(larder, ["new", "recipe", "Pancakes", "--dir", "kitchen"], in: parent)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "kitchen/recipes/pancakes-3.md\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("recipes/pancakes.md"), encoding: .utf8) == "mine")

        let list = try ProcessResult.run(larder, ["new", "list", "Pancakes", "--json"], in: folder.url)
        #expect(list.stdout == "lists/pancakes.json\n")
        let again = try ProcessResult.run(larder, ["new", "list", "Pancakes"], in: folder.url)
        #expect(again.stdout == "lists/pancakes-2.md\n")
    }

    @Test func aChosenIdThatIsTakenIsRefused() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.json", "{\"title\": \"Mine\"}")
        let before = try tree(folder.url)
        let result = try ProcessResult.run(larder, ["new", "list", "Weekly shop", "--id", "weekly"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            larder: error: the list id 'weekly' is taken by lists/weekly.json; nothing was written \
            (choose another --id, such as 'weekly-2')

            """)
        #expect(try tree(folder.url) == before)

        let bad = try ProcessResult.run(larder, ["new", "list", "Weekly", "--id", "Weekly_Shop"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'Weekly_Shop' is not a valid id"))
        let empty = try ProcessResult.run(larder, ["new", "recipe", "  "], in: folder.url)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("the title is empty"))
        // What check would refuse in the file is refused before it is written.
        let control = try ProcessResult.run(larder, ["new", "recipe", "del\u{7F}and\u{85}nel"], in: folder.url)
        #expect(control.status == 2)
        #expect(control.stderr.contains("the title holds U+007F, a character that cannot appear in a web page; remove it"))
        let long = try ProcessResult.run(larder, ["new", "recipe", "Soup", "--id", String(repeating: "a", count: 252)], in: folder.url)
        #expect(long.status == 2)
        #expect(long.stderr.contains("the id is 252 bytes long, over the limit of 251"))
        let nowhere = try ProcessResult.run(larder, ["new", "recipe", "Soup", "--dir", "nowhere"], in: folder.url)
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.hasPrefix("larder: error: nowhere: no such folder"))
        #expect(try tree(folder.url) == before)
    }

    @Test func theCreatorWritesNothingWhenOneFileIsThere() throws {
        let folder = try TestFolder()
        let files = ["a", "b", "c"].map { NewDocument(kind: .list, title: $0).file(id: $0, linkingSchemas: false) }
        try folder.write("lists/b.md", "mine")
        #expect(throws: AuthoringError.exists(["lists/b.md"])) { try FileCreator(folder: folder.url).create(files) }
        #expect(try tree(folder.url) == ["lists", "lists/b.md"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("lists/b.md"), encoding: .utf8) == "mine")
    }

    /// Every kind and format, in an `init` folder (with `$schema`) and a bare
    /// one, with a title YAML would misread if written plain: the file
    /// passes `check` with no warning and the title reads back unchanged.
    @Test(arguments: [NewDocument.Kind.list, .recipe], [false, true])
    func newFilesPassCheckAndKeepTheirTitle(kind: NewDocument.Kind, json: Bool) throws {
        let titles = ["Sunday roast", "Ana's \"best\": #1 — ½ cup", "yes", "2024", "- [ ] not an item", "Tab\there"]
        for initialised in [true, false] {
            let folder = try TestFolder()
            if initialised {
                #expect(try ProcessResult.run(larder, ["init"], in: folder.url).status == 0)
            }
            var made: [String: String] = [:]
            for title in titles {
                // `--` ends the options: a title may start with "-".
                let arguments = ["new"] + (json ? ["--json"] : []) + ["--", kind.rawValue, title]
                let result = try ProcessResult.run(larder, arguments, in: folder.url)
                #expect(result.status == 0, "\(title): \(result.stderr)")
                let path = result.stdout.trimmingCharacters(in: .newlines)
                #expect(path.hasPrefix("\(kind.folder)/") && path.hasSuffix(json ? ".json" : ".md"), "\(path)")
                let text = try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
                #expect(text.contains("schema.json") == initialised, "\(path)")
                made[URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent] = title
            }
            let check = try ProcessResult.run(larder, ["check", "--warnings-as-errors"], in: folder.url)
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stderr.hasSuffix(": no problems\n"), "\(check.stderr)")

            let kitchen = try KitchenLoader.load(folder.url).kitchen
            for (id, title) in made {
                let read = kind == .list ? kitchen.list(id)?.title : kitchen.recipe(id)?.title
                #expect(read == title, "\(id)")
            }
            if kind == .recipe, let recipe = kitchen.recipe(made.first { $0.value == "Sunday roast" }!.key) {
                #expect(recipe.servings == 4)
                // The hints are comments: not a description, notes or steps.
                #expect(recipe.description == nil)
                #expect(recipe.notes == nil)
                #expect(recipe.ingredients.isEmpty && recipe.directions.isEmpty)
            }
            let build = try ProcessResult.run(larder, ["build", "-o", "_site"], in: folder.url)
            #expect(build.status == 0, "\(build.stderr)")
        }
    }

    @Test func commentsInRecipeSectionsAreNotStrayText() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", """
            ---
            title: Soup
            ---
            <!-- about the soup -->
            Hot.

            ## Ingredients

            <!-- one a line -->
            - 1 onion
            <!-- more later -->

            ## Directions

            1. Chop.
            <!-- then what? -->

            ## Notes

            Keeps a week.

            <!-- really -->

            """)
        let loaded = try KitchenLoader.load(folder.url)
        #expect(loaded.report.diagnostics.isEmpty, "\(loaded.report.diagnostics)")
        let recipe = try #require(loaded.kitchen.recipe("soup"))
        #expect(recipe.description == "Hot.")
        #expect(recipe.notes == "Keeps a week.")
        #expect(recipe.ingredients.map(\.name) == ["onion"])
        #expect(recipe.directions.flatMap(\.steps) == ["Chop."])
    }

    // MARK: git and CI

    @Test(.enabled(if: Tool.exists("git"), "git is not installed (scripts/setup-test-tools)"))
    func thePreCommitHookBlocksABrokenListAndAllowsAGoodOne() throws {
        let repository = try TestFolder("repository")
        let git = GitRepository(url: repository.url, larderFolder: larder.deletingLastPathComponent())
        try git.run(["init", "-q", "-b", "main"])
        let hook = repository.url.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Examples/pre-commit"), to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        try git.run(["config", "larder.dir", "kitchen"])
        #expect(try ProcessResult.run(larder, ["init", "kitchen"], in: repository.url).status == 0)

        // A good folder commits, and the secret stays out of git.
        try git.run(["add", "-A"])
        let first = try git.commit("Start the kitchen")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try git.run(["ls-files"]).stdout.split(separator: "\n").contains("kitchen/lists/weekly.md"))
        #expect(!(try git.run(["ls-files"]).stdout.contains(".larder-secret")))

        // A broken list is stopped, with the diagnostic at its line.
        let weekly = repository.url.appendingPathComponent("kitchen/lists/weekly.md")
        let good = try String(contentsOf: weekly, encoding: .utf8)
        try (good + "- [ ] 2 avocados @farmers-markt\n").write(to: weekly, atomically: true, encoding: .utf8)
        try git.run(["add", "kitchen/lists/weekly.md"])
        let broken = try git.commit("Avocados")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("kitchen/lists/weekly.md:31:18: error: unknown store \"farmers-markt\""), "\(broken.stderr)")
        #expect(broken.stderr.contains("pre-commit: larder check found problems"))
        #expect(try git.run(["rev-list", "--count", "HEAD"]).stdout == "1\n")

        // What counts is what is staged: a good list staged, the broken one
        // only on disk, commits.
        try git.run(["reset", "-q", "kitchen/lists/weekly.md"])
        try folderWrite(repository.url, "kitchen/lists/party.md", "---\ntitle: Party\n---\n- [ ] 2 lemons\n")
        try git.run(["add", "kitchen/lists/party.md"])
        let party = try git.commit("Party")
        #expect(party.status == 0, "\(party.stderr)")

        // A commit that does not touch the data folder is not checked.
        try folderWrite(repository.url, "README.md", "Our kitchen\n")
        try git.run(["add", "README.md"])
        let readme = try git.commit("Readme", path: "/nonexistent")
        #expect(readme.status == 0, "\(readme.stderr)")

        // A data change with no larder to check it is stopped, saying why.
        try folderWrite(repository.url, "kitchen/lists/more.md", "---\ntitle: More\n---\n")
        try git.run(["add", "kitchen/lists/more.md"])
        let noLarder = try git.commit("More", path: "/nonexistent")
        #expect(noLarder.status == 1)
        #expect(noLarder.stderr.contains("'larder' was not found"))
    }

    @Test(.enabled(if: Tool.exists("shellcheck"), "shellcheck is not installed (scripts/setup-test-tools)"))
    func thePreCommitHookPassesShellcheck() throws {
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["shellcheck", Repository.root.appendingPathComponent("Examples/pre-commit").path]
        )
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test(.enabled(if: Tool.pythonHasYAML, "python3 with PyYAML is not installed (scripts/setup-test-tools)"))
    func thePagesWorkflowParsesAndPublishes() throws {
        let path = Repository.root.appendingPathComponent("Examples/github-pages.yml").path
        let script = "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"
        let result = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path])
        #expect(result.status == 0, "\(result.stderr)")
        let workflow = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // YAML 1.1 reads the key `on` as true.
        let triggers = try #require((workflow["on"] ?? workflow["true"]) as? [String: Any])
        #expect(Set(triggers.keys) == ["push", "pull_request", "workflow_dispatch"])
        #expect((workflow["permissions"] as? [String: String]) == ["contents": "read"])
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        let steps = try #require(jobs["build"]?["steps"] as? [[String: Any]])
        let runs = steps.compactMap { $0["run"] as? String }.joined(separator: "\n")
        // The data's whole history, for list pages' history and suggestions.
        let data = steps.first { $0["name"] as? String == "Check out the data" }
        #expect((data?["with"] as? [String: Any])?["fetch-depth"] as? Int == 0)
        #expect(runs.contains("libcmark-gfm-dev libcmark-gfm-extensions-dev libqrencode-dev"))
        #expect(runs.contains("libjemalloc-dev"))
        #expect(runs.contains("swift build -c release"))
        #expect(runs.contains("larder check --format github"))
        #expect(runs.contains("larder build \"$LARDER_DIR\" -o _site"))
        let uses = steps.compactMap { $0["uses"] as? String }
        #expect(uses.contains { $0.hasPrefix("actions/upload-pages-artifact@") })
        let build = try #require(steps.first { ($0["run"] as? String)?.hasPrefix("larder build") == true })
        #expect((build["env"] as? [String: String])?["LARDER_SECRET"]?.contains("secrets.LARDER_SECRET") == true)
        let deploy = try #require(jobs["deploy"])
        #expect((deploy["permissions"] as? [String: String]) == ["pages": "write", "id-token": "write"])
        #expect(deploy["needs"] as? String == "build")
        let deploySteps = try #require(deploy["steps"] as? [[String: Any]])
        #expect(deploySteps.contains { ($0["uses"] as? String)?.hasPrefix("actions/deploy-pages@") == true })
    }

    // MARK: completions

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommand(shell: String) throws {
        let result = try ProcessResult.run(larder, ["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["check", "build", "share", "print", "init", "new", "recipe", "json", "warnings-as-errors"] {
            #expect(result.stdout.contains(word), "\(shell): \(word)")
        }
        if shell == "bash" || Tool.exists(shell) {
            let script = FileManager.default.temporaryDirectory.appendingPathComponent("larder-completion-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: script) }
            try result.stdout.write(to: script, atomically: true, encoding: .utf8)
            let syntax = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), [shell, "-n", script.path])
            #expect(syntax.status == 0, "\(shell): \(syntax.stderr)")
        }
    }

    // MARK: helpers

    /// Every path under `url`, relative, sorted.
    private func tree(_ url: URL) throws -> [String] {
        let root = url.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String { paths.append(path) }
        return paths.sorted()
    }

    private func folderWrite(_ folder: URL, _ path: String, _ text: String) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}

/// A git repository for a test: no user or system configuration, a fixed
/// author, and `larder` on the PATH of its hooks.
private struct GitRepository {
    let url: URL
    let larderFolder: URL

    var environment: [String: String] {
        [
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Ana", "GIT_AUTHOR_EMAIL": "ana@example.org",
            "GIT_COMMITTER_NAME": "Ana", "GIT_COMMITTER_EMAIL": "ana@example.org",
        ]
    }

    @discardableResult
    func run(_ arguments: [String], path: String? = nil) throws -> ProcessResult {
        var environment = environment
        let systemPath = "/usr/bin:/bin"
        environment["PATH"] = path.map { "\($0):\(systemPath)" }
            ?? "\(larderFolder.path):\(ProcessInfo.processInfo.environment["PATH"] ?? systemPath)"
        let result = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: url, environment: environment)
        if arguments.first != "commit", result.status != 0 {
            throw ToolFailure(tool: "git \(arguments.joined(separator: " "))", status: result.status, output: result.stderr)
        }
        return result
    }

    /// `git commit`; `path` replaces the PATH the hook sees (no larder on it).
    func commit(_ message: String, path: String? = nil) throws -> ProcessResult {
        try run(["commit", "-q", "-m", message], path: path)
    }
}

/// Programs a test needs, looked up on the PATH.
enum Tool {
    static func exists(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    static let pythonHasYAML: Bool = {
        guard exists("python3") else { return false }
        return (try? ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import yaml"]).status) == 0
    }()
}
