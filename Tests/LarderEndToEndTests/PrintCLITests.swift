import Foundation
@testable import LarderTestSupport
import Testing

/// `larder print` through the real binary: where the sheet goes, the paper,
/// the date, usage errors with their exit codes, and the example's weekly
/// sheet printed by headless Chromium on A4 and Letter: one page each.
@Suite struct PrintCLITests {
    let larder = Repository.binary
    static let printFixture = Repository.root.appendingPathComponent("Tests/LarderSiteTests/Golden/print")
    /// 2025-06-15 15:06:40 UTC; no paper or locale from the machine.
    static let environment = [
        "SOURCE_DATE_EPOCH": "1750000000", "PAPERSIZE": "", "LC_ALL": "", "LC_PAPER": "", "LANG": "C.UTF-8",
    ]

    func runPrint(_ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil) throws -> ProcessResult {
        try ProcessResult.run(
            larder, ["print"] + arguments, in: directory, environment: Self.environment.merging(extra) { _, new in new }
        )
    }

    func golden(_ name: String) throws -> String {
        try String(contentsOf: Self.printFixture.appendingPathComponent("expected/\(name)"), encoding: .utf8)
    }

    @Test func textSheetIsTheLibrarysSheet() throws {
        let kitchen = Self.printFixture.appendingPathComponent("kitchen").path
        let current = try runPrint(["--dir", kitchen, "--format", "text"])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stderr.isEmpty)
        #expect(current.stdout == (try golden("weekly.txt")))
        let combined = try runPrint([
            "weekly", "party", "--recipe", "pancakes*2", "--include-checked", "--dir", kitchen, "--format", "text",
        ])
        #expect(combined.status == 0, "\(combined.stderr)")
        #expect(combined.stdout == (try golden("combined.txt")))
    }

    @Test func htmlSheetIsOneFileWithItsStylesheetInside() throws {
        let result = try runPrint(["weekly", "--dir", Repository.examples.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = result.stdout
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<style>") && !html.contains("<link rel=\"stylesheet\""))
        #expect(html.contains("@page { size: A4; }"))
        #expect(html.contains(#"<time datetime="2025-06-15">2025-06-15</time>"#))
        #expect(html.contains(#"aria-label="QR code: Weekly groceries online""#))
        #expect(html.contains("Online: example.org/kitchen/lists/weekly/"))
    }

    @Test(arguments: [
        (["--paper", "letter"], [String: String](), "letter"),
        ([], ["LANG": "en_US.UTF-8"], "letter"),
        ([], ["PAPERSIZE": "letter"], "letter"),
        (["--paper", "a4"], ["LANG": "en_US.UTF-8"], "A4"),
        ([], ["LANG": "de_DE.UTF-8"], "A4"),
    ])
    func paperFromTheOptionOrTheLocale(_ arguments: [String], _ environment: [String: String], _ size: String) throws {
        let result = try runPrint(["--dir", Repository.examples.path] + arguments, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("@page { size: \(size); }"))
    }

    @Test func outputFileInsteadOfStandardOutput() throws {
        let out = try TestFolder("out")
        let file = out.url.appendingPathComponent("sheet.html")
        let result = try runPrint(["--dir", Repository.examples.path, "-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == (try runPrint(["--dir", Repository.examples.path])).stdout)
    }

    @Test(arguments: [
        (["weekyl"], #"larder: error: unknown list "weekyl"; did you mean "weekly"?"#),
        (["--recipe", "pancake*2"], #"larder: error: unknown recipe "pancake"; did you mean "pancakes"?"#),
        (["--recipe", "pancakes*two"],
         #"larder: error: --recipe pancakes*two: "two" is not a number of servings; write pancakes*4 (or pancakes for the recipe's own)"#),
        (["--recipe", "pancakes*0"],
         #"larder: error: --recipe pancakes*0: "0" is not a number of servings; write pancakes*4 (or pancakes for the recipe's own)"#),
        (["--recipe", "*4"], "larder: error: --recipe *4: give the recipe id before the *, such as pancakes*4"),
        (["--paper", "a3"], "Error: The value 'a3' is invalid for '--paper <paper>'"),
    ])
    func usageErrorsExit2NamingTheProblem(_ arguments: [String], _ message: String) throws {
        let result = try runPrint(arguments + ["--dir", Repository.examples.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func recipesAloneNeedNoList() throws {
        let result = try runPrint(["--recipe", "pancakes*2", "--dir", Repository.examples.path, "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Shopping list\n2025-06-15 · "))
        #expect(result.stdout.contains("From: Fluffy buttermilk pancakes ×2\n"))
        #expect(!result.stdout.contains("Online:"))
    }

    @Test func dataErrorsPrintTheDiagnosticsAndNoSheet() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 1 kg apples @farmers-markt\n")
        let sheet = kitchen.url.deletingLastPathComponent().appendingPathComponent("sheet.html")
        let result = try runPrint(["--dir", kitchen.url.path, "-o", sheet.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(#"lists/weekly.md:4:19: error: unknown store "farmers-markt""#), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("larder: error: fix the errors above first\n"))
        #expect(!FileManager.default.fileExists(atPath: sheet.path))
    }

    /// A data folder with a git repository, a secret, a README and a link to
    /// a data file, beside a folder outside it.
    func kitchenWithFiles() throws -> TestFolder {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 apples\n")
        try kitchen.write("larder.json", "{\"current\": \"weekly\"}\n")
        try kitchen.write("favorites.json", "{\"recipes\": []}\n")
        try kitchen.write(".larder-secret", "a-secret-of-more-than-sixteen-characters\n")
        try kitchen.write(".gitignore", "_site/\n")
        try kitchen.write(".git/config", "[core]\n")
        try kitchen.write("README.md", "# My kitchen\n")
        try kitchen.write("notes/todo.txt", "buy a pan\n")
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: kitchen.url.appendingPathComponent("sheet.html").path, withDestinationPath: "larder.json")
        let outside = kitchen.url.deletingLastPathComponent().appendingPathComponent("outside")
        try fileManager.createDirectory(at: outside, withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: outside.appendingPathComponent("secret.html").path, withDestinationPath: "../kitchen/.larder-secret")
        try fileManager.createSymbolicLink(atPath: outside.appendingPathComponent("kitchen").path, withDestinationPath: "../kitchen")
        return kitchen
    }

    /// `-o` (from the data folder's parent) onto the user's own files: each
    /// refused with exit 2 and a message naming it, and nothing changes.
    @Test(arguments: [
        ("kitchen/.larder-secret", "is one of the data folder's own files"),
        ("kitchen/.gitignore", "is one of the data folder's own files"),
        ("kitchen/.git/config", "is one of the data folder's own files"),
        ("kitchen/.git/new-file", "is one of the data folder's own files"),
        ("kitchen/lists/weekly.md", "is one of the data folder's own files"),
        ("kitchen/lists/new.html", "is one of the data folder's own files"),
        ("kitchen/larder.json", "is one of the data folder's own files"),
        ("kitchen/favorites.json", "is one of the data folder's own files"),
        ("kitchen/notes/../larder.json", "is one of the data folder's own files (it leads to larder.json)"),
        ("kitchen/sheet.html", "is one of the data folder's own files (it leads to larder.json)"),
        ("outside/secret.html", "is one of the data folder's own files (it leads to .larder-secret)"),
        ("outside/kitchen/.gitignore", "is one of the data folder's own files (it leads to .gitignore)"),
        ("kitchen/README.md", "is in the data folder and is not a sheet that larder print wrote"),
        ("kitchen/notes/todo.txt", "is in the data folder and is not a sheet that larder print wrote"),
        ("kitchen", "is the data folder"),
    ])
    func neverWritesOverTheDataFolder(_ output: String, _ message: String) throws {
        let kitchen = try kitchenWithFiles()
        let parent = kitchen.url.deletingLastPathComponent()
        let before = try SiteTree(kitchen.url)
        for format in ["html", "text"] {
            let result = try runPrint(["--dir", "kitchen", "--format", format, "-o", output], in: parent)
            #expect(result.status == 2, "\(format): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("larder: error: \(output): \(message)"), "\(format): \(result.stderr)")
        }
        #expect(try SiteTree(kitchen.url) == before)
    }

    /// In the data folder: a new file, then the same file again (an earlier
    /// sheet), HTML or text; outside it, a link is replaced, not followed.
    @Test func writesNewFilesAndEarlierSheets() throws {
        let kitchen = try kitchenWithFiles()
        let parent = kitchen.url.deletingLastPathComponent()
        for (format, name) in [("html", "sheet-new.html"), ("text", "sheet.txt")] {
            for round in 0..<2 {
                let date = round == 0 ? [String: String]() : ["SOURCE_DATE_EPOCH": "1760000000"]
                let result = try runPrint(["--dir", "kitchen", "--format", format, "-o", "kitchen/\(name)"], environment: date, in: parent)
                #expect(result.status == 0, "\(format) \(round): \(result.stderr)")
                let sheet = try String(contentsOf: kitchen.url.appendingPathComponent(name), encoding: .utf8)
                #expect(sheet.contains(round == 0 ? "2025-06-15" : "2025-10-09"), "\(sheet.prefix(300))")
            }
        }
        let link = parent.appendingPathComponent("outside/elsewhere.html")
        try "not a sheet\n".write(to: parent.appendingPathComponent("outside/target.html"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.html")
        let result = try runPrint(["--dir", "kitchen", "-o", link.path], in: parent)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        #expect(try String(contentsOf: link, encoding: .utf8).hasPrefix("<!doctype html>"))
        #expect(try String(contentsOf: parent.appendingPathComponent("outside/target.html"), encoding: .utf8) == "not a sheet\n")
    }

    // MARK: On paper

    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
        || ProcessInfo.processInfo.environment["LARDER_REQUIRE_TEST_TOOLS"] == "1"
    static let chromium = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
    static let poppler = ["/usr/bin/pdfinfo", "/usr/bin/pdftotext"]
    static var paperToolsPresent: Bool {
        ([chromium] + poppler).allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The weekly sheet of the example kitchen (its list and two recipes)
    /// printed by Chromium on each paper: one page, of that paper, with
    /// every line's name in the PDF's text (nothing clipped or pushed off).
    @Test(.enabled(
        if: required || paperToolsPresent,
        "Chromium and poppler-utils (pdfinfo, pdftotext) are not installed: scripts/setup-test-tools"
    ), arguments: [("a4", "(A4)"), ("letter", "(letter)")])
    func weeklySheetPrintsOnOnePage(_ paper: String, _ pageSize: String) async throws {
        let out = try TestFolder("paper")
        let html = out.url.appendingPathComponent("sheet.html")
        let made = try runPrint(["weekly", "--dir", Repository.examples.path, "--paper", paper, "-o", html.path])
        try #require(made.status == 0, "\(made.stderr)")
        let (pdf, fields) = try await PrintFitTests.printToPDF(html, into: out.url)
        #expect(fields["Pages"] == "1", "\(paper): \(fields)")
        #expect(fields["Page size"]?.hasSuffix(pageSize) == true, "\(paper): \(fields)")

        let text = try ProcessResult.run(URL(fileURLWithPath: Self.poppler[1]), ["-layout", pdf.path, "-"])
        let printed = text.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let sheet = try runPrint(["weekly", "--dir", Repository.examples.path, "--format", "text"]).stdout
        let names = sheet.split(separator: "\n").filter { $0.hasPrefix("[ ] ") }.map(Self.name)
        #expect(names.count > 20)
        for name in names {
            #expect(printed.contains(name), "\(paper): \"\(name)\" is not in the PDF's text")
        }
    }

    /// "[ ] ! lemons — 3, for the pancakes" -> "lemons"
    static func name(_ line: Substring) -> String {
        var name = line.dropFirst(4)
        if name.hasPrefix("! ") { name = name.dropFirst(2) }
        for separator in [" — ", ", ", " (", " · "] {
            if let range = name.range(of: separator) { name = name[..<range.lowerBound] }
        }
        return String(name)
    }
}
