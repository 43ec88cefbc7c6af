import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// The web-page reader on 80 saved pages of real sites (recipe-scrapers'
/// test data, read from `shared/` beside the repository, never copied into
/// it), scored per field against the pages' expected answers. Each field has
/// a floor just under what the reader reaches, so a change that reads fewer
/// pages right fails here; scripts/import-compare prints the same table
/// beside recipe-scrapers' generic schema.org reader (docs/import.md).
struct RecipePagesTests {
    static let folder: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("../shared/conformance/recipe-pages").standardizedFileURL
    }()

    struct Page: Sendable {
        var key: String
        var markup: String
        var html: URL
        var answer: JSONValue
        var url: String
    }

    static let pages: [Page] = {
        guard let table = try? String(contentsOf: folder.appendingPathComponent("pages.tsv"), encoding: .utf8) else {
            return []
        }
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let key = String(columns[0])
            let base = folder.appendingPathComponent(key)
            guard let data = FileManager.default.contents(atPath: base.path + ".json"),
                  let answer = try? JSONReader.parse(Array(data)) else { return nil }
            let host = key.split(separator: "/")[0]
            return Page(
                key: key, markup: String(columns[1]), html: URL(fileURLWithPath: base.path + ".testhtml"),
                answer: answer, url: answer["canonical_url"]?.string ?? "https://\(host)/"
            )
        }
    }()

    enum Field: String, CaseIterable, Sendable {
        case found, title, ingredients, steps, yields, totalTime, image
    }

    /// Which fields the reader got right on `page`.
    static func score(_ page: Page) throws -> Set<Field> {
        let bytes = Array(try Data(contentsOf: page.html))
        guard let recipe = try? PageReader.read(html: bytes, url: page.url).first else { return [] }
        let answer = page.answer
        var right: Set<Field> = [.found]
        func clean(_ s: String) -> String { TextCleaning.collapseWhitespace(s) }
        if clean(answer["title"]?.string ?? "") == recipe.title { right.insert(.title) }
        // One answer (cookinglight.com) is one string of lines.
        let expectedLines = (answer["ingredients"]?.array?.compactMap(\.string)
            ?? answer["ingredients"]?.string?.split(separator: "\n").map(String.init) ?? [])
            .map(clean).filter { !$0.isEmpty }
        if expectedLines == recipe.ingredientLines.map(clean).filter({ !$0.isEmpty }) { right.insert(.ingredients) }
        // The answers list section names and step titles as lines of their own.
        let lines = recipe.directionSections.reduce(0) { count, section in
            count + (section.name == nil ? 0 : 1) + section.steps.reduce(0) { $0 + ($1.name == nil ? 1 : 2) }
        }
        if answer["instructions_list"]?.array?.count == lines { right.insert(.steps) }
        let expectedYield = answer["yields"]?.string.flatMap { $0.firstMatch(of: /\d+/) }.flatMap { Int($0.0) }
        if expectedYield == recipe.yieldNumber { right.insert(.yields) }
        if answer["total_time"]?.number?.intValue == recipe.totalTime?.minutes { right.insert(.totalTime) }
        if answer["image"]?.string == recipe.images.first { right.insert(.image) }
        return right
    }

    /// Pages read right, per field (80 pages; recipe-scrapers' generic
    /// reader: found 72, title 72, ingredients 63, steps 60, yields 67,
    /// total time 67, image 69).
    static let floors: [Field: Int] = [
        .found: 72, .title: 72, .ingredients: 64, .steps: 59, .yields: 66, .totalTime: 68, .image: 68,
    ]

    @Test(
        "per-field agreement with the saved pages' answers stays above its floor",
        .enabled(if: !pages.isEmpty, "recipe pages not found at \(folder.path); skipping")
    )
    func agreement() throws {
        var totals: [Field: Int] = [:]
        var misses: [String] = []
        for page in Self.pages {
            let right = try Self.score(page)
            for field in right { totals[field, default: 0] += 1 }
            let missed = Field.allCases.filter { !right.contains($0) }
            if !missed.isEmpty { misses.append("\(page.key): \(missed.map(\.rawValue).joined(separator: " "))") }
        }
        #expect(Self.pages.count == 80)
        for field in Field.allCases {
            let floor = Self.floors[field] ?? 0
            #expect(totals[field, default: 0] >= floor, "\(field.rawValue): \(totals[field, default: 0]) of \(Self.pages.count) pages, under the floor of \(floor); misses:\n\(misses.joined(separator: "\n"))")
        }
    }

    @Test(
        "a page with no recipe markup is a clear no-recipe error",
        .enabled(if: !pages.isEmpty, "recipe pages not found at \(folder.path); skipping")
    )
    func noSchemaPages() throws {
        // Of the pages with neither JSON-LD nor microdata, these carry no
        // recipe-card or h-recipe markup either (read by recipe-scrapers'
        // site-specific scrapers only).
        for page in Self.pages where page.markup == "no-schema" {
            let bytes = Array(try Data(contentsOf: page.html))
            #expect(throws: PageReadError.noRecipe(url: page.url), "\(page.key)") {
                try PageReader.read(html: bytes, url: page.url)
            }
        }
    }

    @Test(
        "recipe-card markup alone reads the cards of real pages",
        .enabled(if: !pages.isEmpty, "recipe pages not found at \(folder.path); skipping")
    )
    func cardsOfRealPages() throws {
        // Pages with a WP Recipe Maker, Tasty or Mediavine card also carry
        // JSON-LD; here the card is read alone, as on a page without
        // schema.org, and its lines compared with the answers.
        var cards = 0
        var right = 0
        for page in Self.pages {
            let root = HTMLDocument(bytes: Array(try Data(contentsOf: page.html))).root
            guard let card = RecipeCardReader.cards(in: root).first else { continue }
            cards += 1
            let expected = page.answer["ingredients"]?.array?.compactMap(\.string).map(TextCleaning.collapseWhitespace)
            if card.ingredientGroups.flatMap(\.lines) == expected { right += 1 }
        }
        // The misses are the card showing what its JSON-LD writes otherwise
        // ("½" for "1/2", "–" for "-"): 18 of 28 cards read the same.
        #expect(cards >= 25)
        #expect(right >= 17, "\(right) of \(cards) cards read with the answer's ingredient lines")
    }
}
