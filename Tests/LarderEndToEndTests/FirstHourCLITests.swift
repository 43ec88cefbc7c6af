import Foundation
@testable import LarderTestSupport
import Testing

/// Issue 18's first hour on the command line, through the real binary: the
/// data folder named the same way everywhere, an empty folder refused,
/// `--recipe` servings without a glob character, completion of ids.
@Suite struct FirstHourCLITests {
    let larder = Repository.binary
    static let emptyFolderMessage = "no data files found in %@: it has no larder.json, lists/, recipes/ or .cook files; is this the data folder?"

    func starter() throws -> TestFolder {
        let folder = try TestFolder()
        let made = try ProcessResult.run(larder, ["init", "--dir", folder.url.path])
        #expect(made.status == 0, "\(made.stderr)")
        return folder
    }

    @Test(arguments: ["check", "build", "serve", "init", "share", "print", "new", "import", "history"])
    func everyCommandTakesDir(_ command: String) throws {
        let help = try ProcessResult.run(larder, [command, "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("--dir <dir>"), "\(help.stdout)")
    }

    @Test func checkAndBuildTakeTheFolderEitherWay() throws {
        let folder = try starter()
        for arguments in [["check", folder.url.path], ["check", "--dir", folder.url.path], ["check", "--dir=\(folder.url.path)"]] {
            let result = try ProcessResult.run(larder, arguments)
            #expect(result.status == 0 && result.stderr == "checked 5 files: no problems\n", "\(arguments): \(result.stderr)")
        }
        let site = folder.url.appendingPathComponent("_site").path
        let built = try ProcessResult.run(larder, ["build", "--dir", folder.url.path, "-o", site])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: site + "/lists/weekly.txt"))
    }

    @Test func twoDifferentFoldersAreAUsageError() throws {
        let result = try ProcessResult.run(larder, ["check", "a", "--dir", "b"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: the data folder is given twice, as a and as --dir b; give one\n"), "\(result.stderr)")
    }

    @Test func checkOfAFolderWithoutDataSaysSoAndExits2() throws {
        let folder = try TestFolder()
        try folder.write("notes.txt", "not a data file\n")
        for arguments in [["check", "."], ["check", "--format", "json", "."], ["build", ".", "-o", "site"]] {
            let result = try ProcessResult.run(larder, arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "larder: error: " + String(format: Self.emptyFolderMessage, ".") + "\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site").path), "nothing is built")
    }

    @Test func aFolderWithOnlyCooklangFilesIsData() throws {
        let folder = try TestFolder()
        try folder.write("Breakfast/Toast.cook", "Toast @bread{2%slices}.\n")
        let result = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("checked 1 file"), "\(result.stderr)")
    }

    @Test(arguments: ["pancakes*8", "pancakes:8", "pancakes=8"])
    func recipeServingsTakeStarColonOrEquals(_ request: String) throws {
        let folder = try starter()
        let result = try ProcessResult.run(larder, ["print", "--dir", folder.url.path, "--recipe", request, "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("From: Pancakes ×8"), "\(result.stdout)")
    }

    @Test func badServingsNameTheSeparatorTheUserTyped() throws {
        let folder = try starter()
        let result = try ProcessResult.run(larder, ["print", "--dir", folder.url.path, "--recipe", "pancakes=lots"])
        #expect(result.status == 2)
        #expect(result.stderr == #"larder: error: --recipe pancakes=lots: "lots" is not a number of servings; write pancakes=4 (or pancakes for the recipe's own)"# + "\n")
    }

    /// What the generated scripts run on Tab (ArgumentParser's `---completion`).
    func complete(_ command: String, _ argument: String, line: [String], in directory: URL? = nil) throws -> [String] {
        let result = try ProcessResult.run(
            larder, ["---completion", command, "--", argument, String(line.count - 1), String(line.last?.count ?? 0)] + line,
            in: directory
        )
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func completionOffersListAndRecipeIdsFromTheFolder() throws {
        let folder = try starter()
        try folder.write("lists/party.json", #"{"title": "Party", "items": []}"#)
        try folder.write("lists/Not An Id.md", "")
        try folder.write("recipes/notes.txt", "")
        let dir = folder.url.path
        #expect(try complete("share", "positional@0", line: ["larder", "share", "--dir", dir, ""]) == ["party", "weekly"])
        #expect(try complete("history", "positional@0", line: ["larder", "history", "--dir", dir, "w"]) == ["weekly"])
        #expect(try complete("print", "positional@0", line: ["larder", "print", "--dir=\(dir)", "p"]) == ["party"])
        #expect(try complete("print", "--recipe", line: ["larder", "print", "--dir", dir, "--recipe", ""]) == ["pancakes", "tomato-soup"])
        // Without --dir: the current folder.
        #expect(try complete("share", "positional@0", line: ["larder", "share", ""], in: folder.url) == ["party", "weekly"])
    }

    @Test func completionScriptsAreGenerated() throws {
        for shell in ["zsh", "bash", "fish"] {
            let result = try ProcessResult.run(larder, ["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.stdout.contains("---completion print -- --recipe"), "\(shell)")
        }
    }
}
