import Foundation
import Larder
@testable import LarderSite
import LarderQuantities
import Testing

/// The shopping sheet on a small fixture kitchen (Golden/print/kitchen):
/// golden HTML and text (reviewed as diffs; LARDER_UPDATE_GOLDEN=1 rewrites
/// them), the stylesheet embedded or linked, the paper from the
/// environment.
@Suite struct PrintSheetTests {
    static let folder = SiteBuilderTests.golden.appendingPathComponent("print")
    static let kitchenFolder = folder.appendingPathComponent("kitchen")
    static let expected = folder.appendingPathComponent("expected")

    static func kitchen() throws -> Kitchen {
        let loaded = try KitchenLoader.load(kitchenFolder)
        #expect(!loaded.report.hasErrors, "\(loaded.report.diagnostics)")
        return loaded.kitchen
    }

    /// A sheet as `larder print` makes it, on 2025-06-15.
    static func sheet(_ request: ShoppingRequest) throws -> PrintSheet {
        let kitchen = try kitchen()
        let plan = try ShoppingPlanner.plan(request, in: kitchen)
        let list = try #require(request.lists.first.flatMap(kitchen.list))
        return PrintSheet(
            plan: plan, kitchen: kitchen, date: "2025-06-15",
            onlineURL: PrintSheet.onlineURL(of: list, kitchen: kitchen, unlisted: nil)
        )
    }

    static let weekly = ShoppingRequest(lists: ["weekly"])
    /// Two lists and a recipe on the command line, ticked items kept.
    static let combined = ShoppingRequest(
        lists: ["weekly", "party"], recipes: [RecipeRequest(recipe: "pancakes", servings: Rational(2))],
        includeChecked: true
    )

    /// Compares with the golden file `name`, or writes it when asked.
    func expectGolden(_ text: String, _ name: String) throws {
        let url = Self.expected.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LARDER_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.expected, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "\(name) differs from its golden file")
    }

    @Test func weeklySheetMatchesGoldenFiles() throws {
        let sheet = try Self.sheet(Self.weekly)
        let theme = try Theme.load(overrides: nil)
        try expectGolden(try sheet.html(theme: theme, stylesheet: .linked(href: "print.css")), "weekly.html")
        try expectGolden(sheet.text(), "weekly.txt")
    }

    @Test func combinedSheetMatchesGoldenFiles() throws {
        let sheet = try Self.sheet(Self.combined)
        let theme = try Theme.load(overrides: nil)
        try expectGolden(try sheet.html(theme: theme, stylesheet: .linked(href: "print.css")), "combined.html")
        try expectGolden(sheet.text(), "combined.txt")
    }

    @Test func textHasNoTrailingSpacesAndOneFinalNewline() throws {
        for request in [Self.weekly, Self.combined] {
            let text = try Self.sheet(request).text()
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
            #expect(!text.split(separator: "\n").contains { $0.hasSuffix(" ") })
        }
    }

    @Test func standaloneSheetEmbedsTheStylesheetSizedForThePaper() throws {
        let sheet = try Self.sheet(Self.weekly)
        let theme = try Theme.load(overrides: nil)
        let css = String(decoding: try #require(theme.assets["print.css"]), as: UTF8.self)
        for (paper, size) in [(PrintSheet.Paper.a4, "A4"), (.letter, "letter")] {
            let html = try sheet.html(theme: theme, stylesheet: .embedded(paper: paper))
            #expect(html.contains(css), "the whole of print.css is in the page")
            #expect(html.contains("@page { size: \(size); }\n</style>"))
            #expect(!html.contains("<link rel=\"stylesheet\""))
            #expect(html.components(separatedBy: "</style").count == 2)
        }
    }

    @Test func linkedSheetHasNoInlineStyle() throws {
        let html = try Self.sheet(Self.weekly).html(theme: Theme.load(overrides: nil), stylesheet: .linked(href: "../a.css"))
        #expect(html.contains(#"<link rel="stylesheet" href="../a.css">"#))
        #expect(!html.contains("<style"))
        #expect(!html.contains(" style="))
        #expect(!html.contains("@page"))
    }

    @Test func overriddenStylesheetCannotCloseTheStyleElement() throws {
        let overrides = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: overrides) }
        try "body { color: red } </style><script>alert(1)</script>".write(
            to: overrides.appendingPathComponent("print.css"), atomically: true, encoding: .utf8
        )
        let theme = try Theme.load(overrides: overrides)
        let html = try Self.sheet(Self.weekly).html(theme: theme, stylesheet: .embedded(paper: .a4))
        // The text stays inside the style element, where it is inert.
        #expect(html.contains("<\\/style><script>alert(1)<\\/script>"))
        #expect(html.components(separatedBy: "</style").count == 2)
    }

    @Test func noQRCodeWithoutAnOnlineAddress() throws {
        var sheet = try Self.sheet(Self.weekly)
        sheet.onlineURL = nil
        let html = try sheet.html(theme: Theme.load(overrides: nil), stylesheet: .linked(href: "print.css"))
        #expect(!html.contains("<svg"))
        #expect(!sheet.text().contains("Online:"))
    }

    @Test func sameInputSameBytes() throws {
        let theme = try Theme.load(overrides: nil)
        let a = try Self.sheet(Self.combined).html(theme: theme, stylesheet: .embedded(paper: .a4))
        let b = try Self.sheet(Self.combined).html(theme: theme, stylesheet: .embedded(paper: .a4))
        #expect(a == b)
    }

    @Test(arguments: [
        ([:], PrintSheet.Paper.a4),
        (["LANG": "en_US.UTF-8"], .letter),
        (["LANG": "en_GB.UTF-8"], .a4),
        (["LANG": "fr_CA.UTF-8"], .letter),
        (["LANG": "es_MX"], .letter),
        (["LANG": "de_DE.UTF-8@euro"], .a4),
        (["LANG": "C.UTF-8"], .a4),
        (["LANG": "POSIX"], .a4),
        (["LANG": "en_US.UTF-8", "LC_PAPER": "en_GB.UTF-8"], .a4),
        (["LC_PAPER": "en_GB.UTF-8", "LC_ALL": "en_US.UTF-8"], .letter),
        (["LANG": "en_US.UTF-8", "PAPERSIZE": "a4"], .a4),
        (["LANG": "de_DE.UTF-8", "PAPERSIZE": "Letter"], .letter),
        (["PAPERSIZE": "legal", "LANG": "en_GB.UTF-8"], .a4),
    ] as [([String: String], PrintSheet.Paper)])
    func paperFromTheEnvironment(_ environment: [String: String], _ paper: PrintSheet.Paper) {
        #expect(PrintSheet.Paper.preferred(environment: environment) == paper)
    }

    @Test func unlistedListHasAnOnlineAddressOnlyWithItsSecret() throws {
        var list = ShoppingList(id: "surprise", path: "lists/surprise.md", title: "Surprise")
        list.visibility = .unlisted
        let kitchen = try Self.kitchen()
        #expect(PrintSheet.onlineURL(of: list, kitchen: kitchen, unlisted: nil) == nil)
        let links = UnlistedLinks(secret: Array("a test secret, not a real one".utf8))
        #expect(PrintSheet.onlineURL(of: list, kitchen: kitchen, unlisted: links)
            == "https://example.org/kitchen/lists/\(links.token(for: "surprise"))/")
    }
}
