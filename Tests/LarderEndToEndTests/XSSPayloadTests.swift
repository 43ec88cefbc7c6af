import Foundation
@testable import LarderTestSupport
import Testing

/// No script from the data reaches a page: hostile text (Fixtures/xss/
/// payloads.txt) in every text field of every kind of file, built by the
/// real binary, and every page parsed as a browser parses it (html5lib).
/// Script elements must be the theme's own, nothing may carry an event
/// handler, a script URL, a frame, a redirect or a style, the JSON blocks
/// must stay JSON holding the payloads as written, and the text shares and
/// titles must show the payloads as plain text.
///
/// The page checks need python3 with html5lib (`scripts/setup-test-tools`);
/// without it they are skipped, except where the tools are required (CI).
@Suite struct XSSPayloadTests {
    static let usable = SiteQualityTests.required || HTMLSafety.isUsable
    static let skipNote: Comment = "html5lib does not import here (scripts/setup-test-tools installs it)"

    @Test func payloadKitchenChecksBuildsAndSharesAsText() throws {
        let site = try PayloadSite(payloads: PayloadKitchen.fixturePayloads())
        #expect(site.check.status == 0, "larder check refused the payload kitchen:\n\(site.check.stderr)")
        #expect(site.build.status == 0, "larder build failed:\n\(site.build.stderr)")
        #expect(site.print.status == 0, "larder print failed:\n\(site.print.stderr)")
        for (i, payload) in site.kitchen.payloads.enumerated() {
            for path in ["lists/\(PayloadKitchen.listJSON(i)).txt", "recipes/\(PayloadKitchen.recipeJSON(i)).txt"] {
                let text = try? String(contentsOf: site.siteFolder.appendingPathComponent(path), encoding: .utf8)
                #expect(text?.contains(payload) == true, "\(path) lost \(payload.debugDescription)")
            }
        }
    }

    /// Ids become paths and addresses: a bidi override or a zero-width
    /// character in a file name is refused, never published.
    @Test func idsCannotHoldInvisibleCharacters() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/we\u{202E}ekly.md", "---\ntitle: Weekly\n---\n- [ ] apples\n")
        try kitchen.write("recipes/zero\u{200B}width.json", #"{"title": "Soup"}"#)
        let check = try ProcessResult.run(Repository.binary, ["check", kitchen.url.path])
        #expect(check.status == 1)
        #expect(check.stderr.contains("is not a valid id: lowercase letters, digits and - only [bad-id]"))
        #expect(check.stderr.contains("hint: rename the file to 'we-ekly.md'"), "\(check.stderr)")
        #expect(check.stderr.contains("hint: rename the file to 'zero-width.json'"), "\(check.stderr)")
        #expect(check.stderr.hasSuffix("2 errors, 0 warnings\n"), "\(check.stderr)")
    }

    /// Terminal control sequences in data (ESC, BEL, CSI and OSC: set the
    /// window title, erase a line, write the clipboard with OSC 52) must
    /// not reach a terminal as they are: `larder check` quotes names and
    /// lines, `larder share` prints titles and names; raw, a file could hide
    /// or fake lines of a check's output in a terminal or a CI log. (A value
    /// holding one is an error, so `share` refuses the list and says why.)
    @Test func terminalOutputCarriesNoControlSequencesFromData() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/a.json", #"{"title": "A\u001b]0;title\u0007B", "items": [{"name": "x\u001b[2K\rchecked 0 files"}]}"#)
        let share = try ProcessResult.run(Repository.binary, ["share", "a"], in: kitchen.url)
        try kitchen.write("lists/b.md", "---\ntitle: B\n---\n- [ ] pears\u{1B}[8m hidden @nope\n")
        let check = try ProcessResult.run(Repository.binary, ["check", kitchen.url.path])
        #expect(check.status == 1 && share.status == 1, "\(check.stderr)\(share.stderr)")
        for (name, output) in [("check", check.stderr), ("share", share.stdout), ("share", share.stderr)] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) },
                    "larder \(name) printed a control character: \(output.debugDescription)")
        }
    }

    @Test(.enabled(if: usable, skipNote))
    func noPageRunsScriptFromTheData() async throws {
        let payloads = try PayloadKitchen.fixturePayloads().filter { !PayloadKitchen.gluesMarkup($0) }
        let site = try PayloadSite(payloads: payloads)
        try #require(site.build.status == 0, "larder build failed:\n\(site.build.stderr)")
        let pages = try await HTMLSafety.check([site.siteFolder])
        #expect(pages.count > 8 * payloads.count, "only \(pages.count) pages were built")
        try await Self.expectOnlyTheThemesScripts(pages)
        let byPath = Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        Self.expectPayloadsKept(site.kitchen.payloads, in: byPath)
        try Self.expectSearchIndexKeeps(site.kitchen.payloads, site: site.siteFolder, page: try #require(byPath["search/index.html"]))

        // `larder print -o`: a page of its own with the theme's stylesheet
        // embedded, and nothing else.
        try #require(site.print.status == 0, "larder print failed:\n\(site.print.stderr)")
        let sheet = try #require(try await HTMLSafety.check([site.printFile]).first)
        #expect(sheet.problems.isEmpty, "\(sheet.problems)")
        #expect(sheet.scripts.isEmpty)
        let css = try String(contentsOf: Repository.root.appendingPathComponent("Templates/print.css"), encoding: .utf8)
        #expect(sheet.styles.count == 1 && sheet.styles[0].contains(css), "the sheet's <style> is not the theme's print.css")
    }

    /// `larder serve`'s page of problems (`/_larder/errors`) quotes the
    /// offending lines: one error per payload, each line holding it.
    @Test(.enabled(if: usable, skipNote))
    func serveErrorsPageShowsPayloadsAsText() async throws {
        let payloads = try PayloadKitchen.fixturePayloads()
        let kitchen = try TestFolder("kitchen")
        let lines = payloads.map { "- [ ] x !nope " + PayloadKitchen.line($0) }
        try kitchen.write("lists/broken.md", "---\ntitle: Broken\n---\n" + lines.joined(separator: "\n") + "\n")
        let page = try await ServedErrors.fetch(folder: kitchen.url)
        let file = kitchen.url.deletingLastPathComponent().appendingPathComponent("errors.html")
        try Data(page.utf8).write(to: file)
        let checked = try #require(try await HTMLSafety.check([file]).first)
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(checked.scripts == [HTMLSafety.Script(type: nil, src: "/_larder/reload.js", id: nil)], "\(checked.scripts)")
        #expect(page.components(separatedBy: "<section class=\"error\">").count == payloads.count + 1)
    }

    /// A quote with a combining mark or joiner after it (`"` + U+0301) is
    /// one Swift `Character`: an escaper that looks up whole Characters (as
    /// swift-mustache's did) does not see the quote, the value ends its
    /// attribute and the rest of the payload becomes attributes
    /// (`onmouseover`). LarderTemplate escapes bytes.
    @Test(.enabled(if: usable, skipNote))
    func quotesWithCombiningMarksStayInsideAttributes() async throws {
        let payloads = try PayloadKitchen.fixturePayloads().filter(PayloadKitchen.gluesMarkup)
        #expect(payloads.count >= 2)
        let site = try PayloadSite(payloads: payloads)
        try #require(site.build.status == 0, "larder build failed:\n\(site.build.stderr)")
        let pages = try await HTMLSafety.check([site.siteFolder])
        try await Self.expectOnlyTheThemesScripts(pages)
    }

    /// No page has a problem `html_safety.py` reports, a <style>, a JSON
    /// block that is not JSON, or scripts other than the theme's own (the
    /// per-page script lists of the same kitchen filled with plain words).
    static func expectOnlyTheThemesScripts(_ pages: [HTMLSafety.Page]) async throws {
        let baseline = try PayloadSite(payloads: ["Plain words", "More plain words"])
        let allowed = Set(try await HTMLSafety.check([baseline.siteFolder]).map(\.scripts))
        #expect(allowed.contains { $0.contains { $0.src == "assets/larder.js" } })
        for page in pages {
            for problem in page.problems {
                Issue.record("\(page.path): \(problem)")
            }
            #expect(allowed.contains(page.scripts), "\(page.path): scripts \(page.scripts) are not the theme's")
            #expect(page.styles.isEmpty, "\(page.path): <style> \(page.styles)")
            for block in page.jsonBlocks {
                #expect(block["error"] == nil, "\(page.path): \(block["type"] ?? "?") is not JSON: \(block["error"] ?? "")")
            }
        }
    }

    /// JSON-LD holds the payloads as written; headings and titles show them
    /// as text, not interpreted (a `{{…}}` is not rendered, `&lt;` stays).
    static func expectPayloadsKept(_ payloads: [String], in pages: [String: HTMLSafety.Page]) {
        for (i, payload) in payloads.enumerated() {
            for id in [PayloadKitchen.recipeJSON(i), PayloadKitchen.recipeMarkdown(i)] {
                let path = "recipes/\(id)/index.html"
                guard let page = pages[path] else {
                    Issue.record("no page for recipe \(id)")
                    continue
                }
                let recipe = page.jsonBlocks.first { $0["type"] as? String == "application/ld+json" }?["value"] as? [String: Any]
                #expect(recipe?["name"] as? String == payload, "\(path): JSON-LD name")
                #expect((recipe?["author"] as? [String: Any])?["name"] as? String == payload, "\(path): JSON-LD author")
                #expect(recipe?["recipeCuisine"] as? String == payload, "\(path): JSON-LD recipeCuisine")
                #expect(page.h1?.hasPrefix(payload) == true, "\(path): <h1> \(page.h1?.debugDescription ?? "none")")
                #expect(page.title?.hasPrefix(payload + " · ") == true, "\(path): <title> \(page.title?.debugDescription ?? "none")")
            }
            let path = "lists/\(PayloadKitchen.listJSON(i))/index.html"
            #expect(pages[path]?.h1?.hasPrefix(payload) == true, "\(path): <h1> \(pages[path]?.h1?.debugDescription ?? "none")")
        }
    }

    /// The search index, the script beside the search page, has every
    /// payload title as written.
    static func expectSearchIndexKeeps(_ payloads: [String], site: URL, page: HTMLSafety.Page) throws {
        let script = try String(contentsOf: site.appendingPathComponent("search/index.js"), encoding: .utf8)
        let prefix = "window.larderSearchIndex = ", suffix = ";\n"
        try #require(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let index = try JSONSerialization.jsonObject(with: Data(script.dropFirst(prefix.count).dropLast(suffix.count).utf8))
        let titles = Set(((index as? [String: Any])?["entries"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String })
        for payload in payloads {
            #expect(titles.contains(payload), "the search index lost \(payload.debugDescription)")
        }
    }
}

/// The payload kitchen checked, built and printed by the real binary, in a
/// temporary folder removed with the value.
final class PayloadSite {
    let kitchen: PayloadKitchen
    let folder: TestFolder
    let dataFolder: URL
    let siteFolder: URL
    let printFile: URL
    let check: ProcessResult
    let build: ProcessResult
    let print: ProcessResult

    static let secret = ["LARDER_SECRET": "xss-payload-tests-secret"]

    init(payloads: [String]) throws {
        kitchen = PayloadKitchen(payloads: payloads)
        folder = try TestFolder("kitchen")
        dataFolder = folder.url
        try kitchen.write(to: dataFolder)
        siteFolder = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        printFile = folder.url.deletingLastPathComponent().appendingPathComponent("sheet.html")
        check = try ProcessResult.run(Repository.binary, ["check", dataFolder.path], environment: Self.secret)
        build = try ProcessResult.run(Repository.binary, ["build", dataFolder.path, "-o", siteFolder.path], environment: Self.secret)
        let lists = payloads.indices.flatMap { [PayloadKitchen.listJSON($0), PayloadKitchen.listMarkdown($0)] }
        print = try ProcessResult.run(
            Repository.binary, ["print"] + lists + ["--recipe", PayloadKitchen.recipeMarkdown(0), "-o", printFile.path],
            in: dataFolder, environment: Self.secret
        )
    }
}

/// `larder serve` (the real binary) on a folder, for the page at
/// `/_larder/errors` or others; the server is stopped before `fetch` returns.
enum ServedErrors {
    static func fetch(folder: URL) async throws -> String {
        let served = try await fetch(folder: folder, paths: ["_larder/errors"])[0]
        guard served.status == 200 else { throw ToolFailure(tool: "GET /_larder/errors", status: Int32(served.status), output: served.body) }
        return served.body
    }

    /// The status and body of each of `paths` (site-relative), in order.
    static func fetch(folder: URL, paths: [String]) async throws -> [(status: Int, body: String)] {
        let process = Process()
        process.executableURL = Repository.binary
        process.arguments = ["serve", folder.path, "--port", "0", "--color", "never"]
        process.standardError = FileHandle.nullDevice
        let out = try ChildProcess.start(process, captureErrors: false).output!
        // A server that never prints its address must not hang the suite:
        // stopped after a minute, its output ends and the read below returns.
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer {
            watchdog.cancel()
            process.terminate()
            process.waitUntilExit()
        }
        // "Serving DIR at http://127.0.0.1:PORT/ (Ctrl-C to stop)"
        var printed = ""
        while !printed.contains("\n") {
            let chunk = out.availableData
            guard !chunk.isEmpty else { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let start = printed.range(of: "http://"),
              let end = printed[start.lowerBound...].firstIndex(of: " ")
        else {
            throw ToolFailure(tool: "larder serve", status: -1, output: printed)
        }
        let base = String(printed[start.lowerBound..<end])
        // One JSON line per path: a 4xx or 5xx is an answer too.
        let script = """
            import json, sys, urllib.request, urllib.error
            for url in sys.argv[1:]:
                try:
                    with urllib.request.urlopen(url, timeout=60) as r: status, body = r.status, r.read()
                except urllib.error.HTTPError as e: status, body = e.code, e.read()
                print(json.dumps({"status": status, "body": body.decode("utf-8", "replace")}))
            """
        let fetched = try await ProcessResult.runDetached(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + paths.map { base + $0 }
        )
        guard fetched.status == 0 else { throw ToolFailure(tool: "GET \(base)", status: fetched.status, output: fetched.stderr) }
        return try fetched.stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["status"] as? Int ?? 0, object?["body"] as? String ?? "")
        }
    }
}
