import Foundation
import Larder
import LarderCore
@testable import LarderSite
import Testing

/// The render stage on a small fixture kitchen: golden files (reviewed as
/// diffs; LARDER_UPDATE_GOLDEN=1 rewrites them), determinism, and unlisted
/// lists that leak nowhere.
@Suite struct SiteBuilderTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()
    static let golden = root.appendingPathComponent("Tests/LarderSiteTests/Golden")
    static let kitchenFolder = golden.appendingPathComponent("kitchen")
    static let secret = Array("a test secret, not a real one".utf8)

    static func build(_ folder: URL = kitchenFolder) throws -> [OutputFile] {
        let loaded = try KitchenLoader.load(folder)
        #expect(!loaded.report.hasErrors, "\(loaded.report.diagnostics)")
        let builder = SiteBuilder(
            kitchen: loaded.kitchen, dataFolder: folder,
            theme: try Theme.load(overrides: nil), unlisted: UnlistedLinks(secret: secret)
        )
        return try builder.render()
    }

    static func text(_ file: OutputFile) -> String? {
        guard case .bytes(let bytes) = file.contents else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Pages, shares and data; the theme's assets are checked against
    /// Templates/ by `everyTemplateFileIsBuiltIn`.
    @Test func matchesGoldenFiles() throws {
        let files = try Self.build().filter { !$0.path.hasPrefix("assets/") }
        let expected = Self.golden.appendingPathComponent("expected")
        if ProcessInfo.processInfo.environment["LARDER_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: expected)
            for file in files {
                let url = expected.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                switch file.contents {
                case .bytes(let bytes): try Data(bytes).write(to: url)
                case .copy(let source): try "copy of \(source.replacingOccurrences(of: Self.root.path, with: ""))\n".write(to: url, atomically: true, encoding: .utf8)
                }
            }
        }
        let expectedPaths = try FileManager.default.subpathsOfDirectory(atPath: expected.path)
            .filter { !$0.hasSuffix("/") && !isDirectory(expected.appendingPathComponent($0)) }.sorted()
        #expect(files.map(\.path) == expectedPaths)
        for file in files {
            let golden = try String(contentsOf: expected.appendingPathComponent(file.path), encoding: .utf8)
            switch file.contents {
            case .bytes: #expect(Self.text(file) == golden, "\(file.path) differs from its golden file")
            case .copy(let source):
                #expect(golden == "copy of \(source.replacingOccurrences(of: Self.root.path, with: ""))\n")
            }
        }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    @Test func sameInputSameBytes() throws {
        #expect(try Self.build() == Self.build())
    }

    /// Pages of many cards (category and tag pages) render first, so that
    /// a large one does not run alone at the end; every job still renders
    /// exactly once, the others in the order given.
    @Test func renderOrderStartsTheCardPagesAndKeepsEveryJob() {
        let pages: [SiteBuilder.PageJob] = [
            .index, .search, .list("weekly"), .printSheet("weekly"), .recipe("a"), .recipe("b"),
            .category("dinner"), .tag("quick"), .tag("vegan"), .assets,
        ]
        let order = SiteBuilder.renderOrder(pages)
        #expect(order == [6, 7, 8, 0, 1, 2, 3, 4, 5, 9])
        #expect(order.sorted() == Array(pages.indices))
        #expect(SiteBuilder.renderOrder([]).isEmpty)
    }

    /// The search index is written once, as a script beside the search page
    /// (which loads it, and works from file://), never inlined in a page.
    @Test func searchIndexIsOneScriptTheSearchPageLoads() throws {
        let files = try Self.build()
        let page = try #require(files.first { $0.path == "search/index.html" }.flatMap(Self.text))
        let script = try #require(files.first { $0.path == "search/index.js" }.flatMap(Self.text))
        #expect(page.contains(#"<script src="index.js" defer></script>"#))
        #expect(!files.contains { $0.path.hasSuffix(".json") && $0.path.hasPrefix("search/") })
        let prefix = "window.larderSearchIndex = ", suffix = ";\n"
        #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let json = String(script.dropFirst(prefix.count).dropLast(suffix.count))
        #expect(try JSONReader.parse(Array(json.utf8))["entries"]?.array?.isEmpty == false)
        for file in files where file.path.hasSuffix(".html") {
            #expect(Self.text(file)?.contains(#""entries":"#) != true, "\(file.path) inlines the search index")
        }
    }

    /// Pages carry no template indentation: lines of the built-in theme's
    /// pages start with their markup (whitespace there is bytes for nothing).
    @Test func pagesAreNotIndented() throws {
        for file in try Self.build() where file.path.hasSuffix("index.html") && !file.path.contains("lists/") {
            let indented = Self.text(file)?.split(separator: "\n").first { $0.hasPrefix("  ") }
            #expect(indented == nil, "\(file.path): \(indented ?? "")")
        }
    }

    @Test func onlyUsedImagesArePublished() throws {
        let paths = try Self.build().map(\.path)
        #expect(paths.contains("images/pancakes.png"))
        #expect(!paths.contains("images/unused.txt"))
        #expect(!paths.contains { $0.hasPrefix("templates/") || $0.contains(".larder-secret") })
    }

    @Test func unlistedListAppearsOnlyOnItsOwnPages() throws {
        let files = try Self.build()
        let token = UnlistedLinks(secret: Self.secret).token(for: "secret")
        let own = ["lists/\(token)/index.html", "lists/\(token).txt", "lists/\(token)/print/index.html"]
        #expect(Set(files.map(\.path)).isSuperset(of: own))
        #expect(!files.contains { $0.path.hasPrefix("lists/secret") })
        for file in files where !own.contains(file.path) {
            guard let text = Self.text(file) else { continue }
            #expect(!text.contains("Surprise party"), "\(file.path) mentions the unlisted list's title")
            #expect(!text.contains(token), "\(file.path) links the unlisted list")
            #expect(!text.contains("lists/secret"), "\(file.path) names the unlisted list's id")
        }
        let page = try #require(files.first { $0.path == own[0] }.flatMap(Self.text))
        #expect(page.contains(#"<meta name="robots" content="noindex"#))
    }

    @Test func unlistedListWithoutSecretStopsTheBuild() throws {
        let loaded = try KitchenLoader.load(Self.kitchenFolder)
        let builder = SiteBuilder(
            kitchen: loaded.kitchen, dataFolder: Self.kitchenFolder, theme: try Theme.load(overrides: nil), unlisted: nil
        )
        #expect {
            try builder.render()
        } throws: { error in
            guard let error = error as? SiteBuildError else { return false }
            return error.path == "lists/secret.md" && error.reason.contains("LARDER_SECRET")
        }
    }

    /// A recipe's ingredient boxes carry a fingerprint of their line, as a
    /// list's items do: an edited line's tick is dropped by larder.js, the
    /// other lines' are kept.
    @Test func aRecipeLinesTickKeyChangesWithTheLineOnly() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ticks-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.kitchenFolder, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        func keys() throws -> [String] {
            let page = try #require(try Self.build(copy).first { $0.path == "recipes/pancakes/index.html" }.flatMap(Self.text))
            return page.matches(of: #/id="ingredient-\d+" data-check="([0-9a-f]{16})"/#).map { String($0.output.1) }
        }
        let before = try keys()
        #expect(before.count >= 5 && Set(before).count == before.count, "\(before)")
        let file = copy.appendingPathComponent("recipes/pancakes.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "- 2 eggs\n", with: "- 3 eggs\n").write(to: file, atomically: false, encoding: .utf8)
        let after = try keys()
        #expect(after.count == before.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [1], "\(before) → \(after)")
    }

    @Test func userMarkdownCannotInjectScript() throws {
        let files = try Self.build()
        for file in files where file.path.hasSuffix(".html") {
            let text = try #require(Self.text(file))
            #expect(!text.contains("<script>alert"), "\(file.path)")
            #expect(!text.contains("<b>2 minutes</b>"), "\(file.path): raw HTML from a step must be dropped")
        }
    }

    @Test func overriddenTemplateIsUsedAndBrokenOneNamed() throws {
        let overrides = FileManager.default.temporaryDirectory.appendingPathComponent("larder-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: overrides) }
        try "body { color: red }\n".write(to: overrides.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        let theme = try Theme.load(overrides: overrides)
        #expect(theme.overridden == ["style.css"])
        #expect(theme.assets["style.css"] == Array("body { color: red }\n".utf8))

        try "{{#broken}}".write(to: overrides.appendingPathComponent("list.mustache"), atomically: true, encoding: .utf8)
        #expect(throws: ThemeError.self) { try Theme.load(overrides: overrides) }
        do {
            _ = try Theme.load(overrides: overrides)
        } catch {
            #expect(error.template == "templates/list.mustache")
        }
    }

    /// Raw (unescaped) output only for fields meant to be raw: names ending in
    /// HTML, and the script-safe JSON fields.
    @Test func templatesUseTripleBracesOnlyForSafeFields() throws {
        let folder = Self.root.appendingPathComponent("Templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var rest = Substring(text)
            while let open = rest.range(of: "{{{") {
                guard let close = rest[open.upperBound...].range(of: "}}}") else { break }
                let field = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                let last = field.split(separator: ".").last.map(String.init) ?? field
                #expect(last.hasSuffix("HTML") || last == "jsonLD", "\(name): {{{\(field)}}}")
                rest = rest[close.upperBound...]
            }
            #expect(!text.contains("{{&"), "\(name) uses {{& (unescaped)")
        }
    }

    @Test func everyTemplateFileIsBuiltIn() throws {
        let folder = Self.root.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        // The theme's files, and the service worker's script (not a theme file: no override).
        #expect(Set(files) == Set(Theme.builtIn.keys).union(["sw.js"]))
        for name in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let builtIn = name == "sw.js" ? ServiceWorker.script : Theme.builtIn[name]
            #expect(builtIn == [UInt8](data), "\(name): the binary's copy is stale")
        }
    }
}
