import Foundation
@testable import LarderImport
@testable import LarderTestSupport
import Testing
import ZIPFoundation

/// Small archives made by the tests: zips and gzip data in memory.
enum TestArchive {
    static func zip(_ files: [(path: String, bytes: [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in files {
            let data = Data(bytes)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return Array(try #require(archive.data))
    }

    static func zip(_ files: [(path: String, text: String)]) throws -> [UInt8] {
        try zip(files.map { (path: $0.path, bytes: Array($0.text.utf8)) })
    }

    /// RFC 1952: a header, the deflate stream, CRC-32 and size (little-endian).
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let data = Data(bytes)
        var stream: [UInt8] = []
        let crc = try Data.compress(size: Int64(data.count), bufferSize: 64 << 10, provider: { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }, consumer: { stream += $0 })
        func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + stream + littleEndian(crc) + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
    }
}

/// Each app's export read by its reader, told apart by content.
struct ExportFormatTests {
    /// Reads `bytes` saved as `name` as `larder import` reads a source.
    static func reading(_ name: String, _ bytes: [UInt8]) throws -> RecipeImporter.Reading {
        let folder = try TestFolder()
        try folder.write(name, bytes)
        return try RecipeImporter(folder: folder.url).reading(source: folder.url.appendingPathComponent(name).path)
    }

    static func failure(_ name: String, _ bytes: [UInt8]) throws -> String {
        do {
            _ = try reading(name, bytes)
        } catch let failure as RecipeImporter.Failure {
            return failure.description
        }
        Issue.record("\(name) was read")
        return ""
    }

    static let paprika = """
        {"name": "Pea Soup\\n", "ingredients": "For the soup:\\n500 g peas\\n1 onion\\n\\nFor the top:\\nmint", \
        "directions": "1. Boil the peas.\\n\\n2) Blend with the onion.", "servings": "4", "prep_time": "10 min", \
        "cook_time": "20 minutes", "total_time": "", "categories": ["Soups", "Quick"], "source": "Grandma's book", \
        "source_url": "", "notes": "Freezes well.\\n\\nAdd cream.", "nutritional_info": "Calories: 200", "rating": 4, \
        "photo_data": "\(Data([0xFF, 0xD8, 0xFF, 0xE0]).base64EncodedString())", "photos": [], "uid": "x"}
        """

    @Test("a .paprikarecipe (gzip JSON) alone: fields mapped, numbers and headers read as the file writes them")
    func paprikaRecipe() throws {
        let reading = try Self.reading("Pea Soup.paprikarecipe", TestArchive.gzip(Array(Self.paprika.utf8)))
        let recipe = try #require(reading.recipes.first)
        #expect(reading.recipes.count == 1 && reading.warnings.isEmpty)
        #expect(recipe.source == .paprika)
        #expect(recipe.title == "Pea Soup")
        #expect(recipe.ingredientGroups == [.init(name: "For the soup", lines: ["500 g peas", "1 onion"]), .init(name: "For the top", lines: ["mint"])])
        #expect(recipe.steps.map(\.text) == ["Boil the peas.", "Blend with the onion."])
        #expect(recipe.yield == "4" && recipe.prepTime?.minutes == 10 && recipe.cookTime?.minutes == 20 && recipe.totalTime?.minutes == 30)
        #expect(recipe.categories == ["Soups", "Quick"])
        #expect(recipe.notes == ["Freezes well.", "Add cream.", "Nutrition: Calories: 200", "Source: Grandma's book"])
        #expect(recipe.url == nil)
        #expect(recipe.picture?.bytes == [0xFF, 0xD8, 0xFF, 0xE0])
        #expect(recipe.unmapped == ["the rating (4 of 5): a recipe file has no field for it"])
    }

    @Test("a real .paprikarecipes: its .paprikarecipe files at the top of the zip, whatever the zip is called")
    func paprikaRecipes() throws {
        let recipe = try TestArchive.gzip(Array(Self.paprika.utf8))
        let other = try TestArchive.gzip(Array(Self.paprika.replacingOccurrences(of: "Pea Soup", with: "Bean Soup").utf8))
        let zip = try TestArchive.zip([(path: "Pea Soup.paprikarecipe", bytes: recipe), (path: "Bean Soup.paprikarecipe", bytes: other)])
        let reading = try Self.reading("Export 2026-11-26.paprikarecipes", zip)
        #expect(reading.recipes.map(\.title) == ["Pea Soup", "Bean Soup"])
    }

    @Test("gzip JSON is Paprika's whatever its name; cut short, it fails with why")
    func truncatedGzip() throws {
        let gzip = try TestArchive.gzip(Array(Self.paprika.utf8))
        #expect(try Self.reading("soup.bin", gzip).recipes.first?.title == "Pea Soup")
        #expect(try Self.reading("soup.json", Array(Self.paprika.utf8)).recipes.first?.source == .paprika)
        let failure = try Self.failure("soup.paprikarecipe", Array(gzip.prefix(gzip.count / 2)))
        #expect(failure.hasSuffix("soup.paprikarecipe: a Paprika export with no recipe that can be read: soup.paprikarecipe: not gzip-compressed JSON (the file is damaged or cut short)"))
    }

    @Test("a zip that is no app's export fails, saying what it holds")
    func junkZip() throws {
        let zip = try TestArchive.zip([(path: "notes.txt", text: "hello"), (path: "photos/a.png", text: "png"), (path: "__MACOSX/._notes.txt", text: "")])
        let failure = try Self.failure("export.zip", zip)
        #expect(failure.hasSuffix("export.zip: not a known export (it holds 2 files: notes.txt, photos/a.png)"))
        #expect(try Self.failure("broken.zip", Array("PK\u{3}\u{4} and then nothing".utf8)).hasSuffix("broken.zip: not a zip archive"))
    }

    @Test("an entry unpacking past the bound stops the reading")
    func zipBomb() throws {
        let zip = try TestArchive.zip([(path: "big.json", bytes: [UInt8](repeating: 0x20, count: 2 << 20))])
        #expect(throws: ExportFiles.Failure.tooLarge(limit: 1 << 20)) { try ExportFiles(zip: zip, maximumBytes: 1 << 20) }
        #expect(throws: ExportFiles.Failure.tooManyEntries(limit: 1)) {
            try ExportFiles(zip: TestArchive.zip([(path: "a", text: "a"), (path: "b", text: "b")]), maximumEntries: 1)
        }
        #expect(try ExportFiles(zip: zip).entries.map(\.bytes.count) == [2 << 20])
    }

    static func mealie(_ name: String, ingredients: String, instructions: String) -> String {
        """
        {"name": "\(name)", "slug": "x", "description": "Good.", "recipe_yield": "4 serving(s)", "prep_time": "1 Day",
         "perform_time": "10-15 Minutes", "total_time": null, "recipe_category": ["Dinner"], "tags": [{"name": "Easy", "slug": "easy"}],
         "tools": ["Skillet"], "nutrition": {"calories": "300", "fat_content": "12", "sugar_content": null},
         "notes": [{"title": "Tip", "text": "Rest it."}], "org_url": "https://example.com/x",
         "recipe_ingredient": \(ingredients), "recipe_instructions": \(instructions)}
        """
    }

    @Test("Mealie: sections from titles, a line composed when the note is empty, an empty recipe skipped")
    func mealie() throws {
        let ingredients = """
            [{"title": null, "note": "2 cups flour", "unit": null, "food": null, "disable_amount": true, "quantity": 1},
             {"title": "Sauce", "note": "", "unit": {"name": "tbsp"}, "food": {"name": "butter"}, "disable_amount": false, "quantity": 1.5},
             {"title": "", "note": "melted", "unit": null, "food": "honey", "disable_amount": false, "quantity": 0.25}]
            """
        let instructions = #"[{"title": "Dough", "text": "Mix."}, {"title": "", "text": "Knead."}, {"title": "Bake", "text": "Bake."}]"#
        let zip = try TestArchive.zip([
            (path: "mealie/recipes/bread/bread.json", text: Self.mealie("Bread", ingredients: ingredients, instructions: instructions)),
            (path: "mealie/recipes/bread/images/original.webp", text: "RIFF"),
            (path: "mealie/recipes/empty/empty.json", text: "{}"),
            (path: "mealie/recipes/blank/blank.json", text: ""),
        ])
        let reading = try Self.reading("mealie.zip", zip)
        #expect(reading.recipes.map(\.title) == ["Bread"])
        #expect(reading.warnings == [
            "skipped mealie/recipes/empty/empty.json: no recipe in it (no title, ingredients or steps)",
            "skipped mealie/recipes/blank/blank.json: an empty file, not JSON",
        ])
        let recipe = try #require(reading.recipes.first)
        #expect(recipe.source == .mealie)
        #expect(recipe.ingredientGroups == [.init(lines: ["2 cups flour"]), .init(name: "Sauce", lines: ["1 1/2 tbsp butter", "1/4 honey, melted"])])
        #expect(recipe.directionSections == [.init(name: "Dough", steps: [.init(text: "Mix."), .init(text: "Knead.")]), .init(name: "Bake", steps: [.init(text: "Bake.")])])
        #expect(recipe.prepTime?.minutes == 1440 && recipe.cookTime?.minutes == 15 && recipe.totalTime?.minutes == 1455)
        #expect(recipe.categories == ["Dinner"] && recipe.keywords == ["Easy"])
        #expect(recipe.nutrition.map { "\($0.name)=\($0.value)" } == ["calories=300", "fatContent=12"])
        #expect(recipe.notes == ["Tip: Rest it."])
        #expect(recipe.url == "https://example.com/x")
        #expect(recipe.picture == .init(bytes: Array("RIFF".utf8), origin: "mealie/recipes/bread/images/original.webp"))
        #expect(recipe.unmapped == ["the tools (Skillet): a recipe file has no field for them"])
        // One recipe's JSON alone is recognised by its fields.
        #expect(try Self.reading("bread.json", Array(Self.mealie("Bread", ingredients: ingredients, instructions: instructions).utf8)).recipes.first?.source == .mealie)
    }

    static func tandoor(_ name: String) -> String {
        """
        {"name": "\(name)", "description": "", "keywords": [{"name": "Soup"}], "working_time": 15, "waiting_time": 30,
         "servings": 4, "servings_text": "bowls", "nutrition": {"calories": 250, "proteins": 9},
         "steps": [{"name": "Prep", "instruction": "Chop.\\n\\n## Serving\\nHot.", "ingredients": [
           {"food": {"name": "For the base"}, "unit": null, "amount": 0.0, "note": "", "is_header": true, "no_amount": true},
           {"food": {"name": "onion", "plural_name": "onions"}, "unit": null, "amount": 2.0, "note": "chopped", "is_header": false,
            "no_amount": false, "always_use_plural_food": true},
           {"food": {"name": "stock"}, "unit": {"name": "cup", "plural_name": "cups"}, "amount": 0.333333, "note": "", "is_header": false,
            "no_amount": false, "always_use_plural_unit": false},
           {"food": {"name": "salt"}, "unit": null, "amount": 0.0, "note": "", "is_header": false, "no_amount": false},
           {"food": {"name": "saffron"}, "unit": {"name": "g"}, "amount": 0.15, "note": "", "is_header": false, "no_amount": false}
         ]}, {"name": "", "instruction": "Simmer.", "ingredients": []}]}
        """
    }

    @Test("Tandoor: a zip of zips; lines written from the structured ingredients, amounts without float noise")
    func tandoor() throws {
        let recipe = try TestArchive.zip([(path: "recipe.json", text: Self.tandoor("Onion Soup")), (path: "image.jpeg", text: "jpeg")])
        let junk = try TestArchive.zip([(path: "readme.txt", text: "hi")])
        let reading = try Self.reading("export.zip", TestArchive.zip([(path: "1.zip", bytes: recipe), (path: "2.zip", bytes: junk)]))
        #expect(reading.warnings == ["skipped 2.zip: not a known export (it holds 1 file: readme.txt)"])
        let soup = try #require(reading.recipes.first)
        #expect(soup.source == .tandoor && soup.title == "Onion Soup")
        #expect(soup.ingredientGroups == [.init(name: "For the base", lines: ["2 onions, chopped", "1/3 cup stock", "salt", "0.15 g saffron"])])
        #expect(soup.steps == [.init(name: "Prep", text: "Chop. Serving: Hot."), .init(text: "Simmer.")])
        #expect(soup.yield == "4 bowls" && soup.prepTime?.minutes == 15 && soup.cookTime?.minutes == 30 && soup.totalTime?.minutes == 45)
        #expect(soup.keywords == ["Soup"])
        #expect(soup.nutrition.map { "\($0.name)=\($0.value)" } == ["calories=250", "proteinContent=9"])
        #expect(soup.picture == .init(bytes: Array("jpeg".utf8), origin: "1.zip/image.jpeg"))
    }

    @Test("amounts as a cook writes them", arguments: [
        (0.5, "1/2"), (1.5, "1 1/2"), (0.333333, "1/3"), (2.0, "2"), (0.125, "1/8"), (1.25, "1 1/4"), (0.15, "0.15"), (2.6667, "2 2/3"),
        (100.0, "100"), (0.1, "0.1"),
    ])
    func amounts(value: Double, written: String) {
        #expect(ExportValues.amount(value) == written)
    }

    @Test("no amount for 0, negative or not a number")
    func noAmount() {
        #expect(ExportValues.amount(0) == nil && ExportValues.amount(-1) == nil && ExportValues.amount(.nan) == nil)
    }

    @Test("Nextcloud: an unpacked folder of recipe folders is one export, each recipe.json read as schema.org")
    func nextcloudFolder() throws {
        let folder = try TestFolder("export")
        try folder.write("Soup/recipe.json", #"{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 l water"], "recipeInstructions": ["Boil."], "tool": ["Pot"]}"#)
        try folder.write("Soup/full.jpg", [0xFF, 0xD8, 0xFF])
        try folder.write("Soup/thumb.jpg", [0xFF, 0xD8])
        try folder.write("Tea/recipe.json", #"{"@type": "Recipe", "recipeIngredient": ["1 tea bag"]}"#)
        try folder.write("Broken/recipe.json", #"{"@type": "Recipe""#)
        #expect(RecipeImporter.isExport(folder: folder.url.path))
        let reading = try RecipeImporter(folder: folder.url).reading(source: folder.url.path)
        #expect(reading.recipes.map(\.title) == ["Soup", "Tea"])
        #expect(reading.recipes.allSatisfy { $0.source == .nextcloud })
        #expect(reading.recipes[0].picture == .init(bytes: [0xFF, 0xD8, 0xFF], origin: "Soup/full.jpg"))
        #expect(reading.recipes[0].unmapped == ["the tools (Pot): a recipe file has no field for them"])
        #expect(reading.warnings == [
            "skipped Broken/recipe.json:1:19: not JSON: unexpected end of file: the object opened at line 1, column 1 is not closed (add the missing '}')",
        ])
    }

    @Test("a folder of pages is not an export")
    func notAnExportFolder() throws {
        let folder = try TestFolder("pages")
        try folder.write("a.json", #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}"#)
        try folder.write("sub/recipe.txt", "x")
        #expect(!RecipeImporter.isExport(folder: folder.url.path))
        // A recipe.json that is no recipe: the folder is read file by file.
        try folder.write("sub/recipe.json", #"{"settings": true}"#)
        #expect(!RecipeImporter.isExport(folder: folder.url.path))
        // An export among pages: file by file, no page left out.
        let mixed = try TestFolder("mixed")
        try mixed.write("Soup/recipe.json", #"{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 l water"]}"#)
        #expect(RecipeImporter.isExport(folder: mixed.url.path))
        try mixed.write("saved/page.html", "<html></html>")
        #expect(!RecipeImporter.isExport(folder: mixed.url.path))
    }

    @Test("Chowdown: front matter lists, the body as description and notes, bad YAML skipped with why")
    func chowdown() throws {
        let zip = try TestArchive.zip([
            (path: "site/_recipes/okra.md", text: "---\n\nlayout: recipe\ntitle: \"Okra\"\nimage: okra.jpg\ntags: sides, vegetables\n\ningredients:\n- 1 bunch okra\n- salt\n\ndirections:\n- Slice.\n- Roast.\n\n---\n\nFirst.\n\nSecond.\n"),
            (path: "site/images/okra.jpg", text: "jpg"),
            (path: "site/_recipes/bad.md", text: "---\ntitle: [unclosed\n---\n"),
            (path: "site/_recipes/none.md", text: "just text\n"),
            (path: "site/index.html", text: "<html></html>"),
        ])
        let reading = try Self.reading("chowdown.zip", zip)
        let okra = try #require(reading.recipes.first)
        #expect(reading.recipes.count == 1)
        #expect(okra.source == .chowdown && okra.title == "Okra")
        #expect(okra.ingredientLines == ["1 bunch okra", "salt"] && okra.steps.map(\.text) == ["Slice.", "Roast."])
        #expect(okra.keywords == ["sides", "vegetables"] && okra.description == "First." && okra.notes == ["Second."])
        #expect(okra.picture == .init(bytes: Array("jpg".utf8), origin: "site/images/okra.jpg"))
        #expect(reading.warnings.count == 2)
        #expect(reading.warnings[0] == """
            skipped site/_recipes/bad.md:3:1: the front matter is not YAML: did not find expected ',' or ']', while parsing a flow sequence \
            (the front matter is YAML between two --- lines: quote a value holding [ ] { } : or #)
            """)
        #expect(reading.warnings[1] == "skipped site/_recipes/none.md: no front matter (a Chowdown recipe starts with a --- line)")
    }

    @Test("times: a range counts its larger end", arguments: [
        ("10-15 Minutes", 15), ("2 to 3 hours", 180), ("1 hr 30 mins", 90), ("1 Day", 1440), ("10 – 12 min", 12), ("2 Hours 30 Minutes", 150),
    ])
    func rangeDurations(text: String, minutes: Int) {
        #expect(DurationText.minutes(text) == minutes)
    }
}

/// The samples of ../shared/conformance/imports, with the counts its README
/// gives.
@Suite("Export samples", .enabled(if: ExportSamples.present, "conformance imports not found; skipping"))
struct ExportSampleTests {
    struct Expected: Sendable, CustomStringConvertible {
        var sample: String
        var format: ExportFormat
        /// Title, ingredient lines (group names counted: the README counts
        /// Paprika's header lines), steps.
        var recipes: [(String, Int, Int)]
        var description: String { sample }
    }

    static let samples: [Expected] = [
        Expected(sample: "paprika/paprika.zip", format: .paprika, recipes: [
            ("Zucchinipuffer", 9, 1), ("Zucchini Rolls with Goat Cheese and Mint", 12, 4),
            ("Zweimal gebratenes Hähnchen mit Gemüse und Nudeln", 17, 10), ("Zwiebelrostbraten mit selbstgemachten Spätzle", 13, 5),
            ("Zucchini-Kartoffel-Frittata", 9, 7),
        ]),
        Expected(sample: "nextcloud/nextcloud.zip", format: .nextcloud, recipes: [
            ("Air Fryer Shrimp", 7, 6), ("Chicken Parmigiana", 6, 3), ("Skillet Shepherd's Pie", 18, 8),
        ]),
        Expected(sample: "mealie/mealie.zip", format: .mealie, recipes: [
            ("PIZZA DOUGH — Basics With Babish", 9, 10), ("Levain Chocolate Chip Cookies", 12, 11), ("Old-Fashioned Beef Stew", 12, 3),
        ]),
        Expected(sample: "tandoor/tandoor.zip", format: .tandoor, recipes: [("“Texas Red” Chili", 12, 1)]),
        Expected(sample: "chowdown/chowdown.zip", format: .chowdown, recipes: [("Roasted Brussels Sprouts", 6, 5), ("Roasted Okra", 2, 4)]),
    ]

    @Test(arguments: samples)
    func sample(_ expected: Expected) throws {
        let reading = try ExportFormat.recipes(in: ExportFiles(zip: ExportSamples.bytes(expected.sample)))
        #expect(reading.skipped.isEmpty)
        let found = reading.recipes.map { ($0.title, $0.ingredientLines.count + $0.ingredientGroups.compactMap(\.name).count, $0.steps.count) }
        #expect(found.map(\.0) == expected.recipes.map(\.0))
        #expect(found.map(\.1) == expected.recipes.map(\.1))
        #expect(found.map(\.2) == expected.recipes.map(\.2))
        #expect(reading.recipes.allSatisfy { $0.source.rawValue == expected.format.rawValue })
        // Every recipe but Skillet Shepherd's Pie (no full.jpg) carries its picture.
        #expect(reading.recipes.filter { $0.picture == nil }.map(\.title) == (expected.format == .nextcloud ? ["Skillet Shepherd's Pie"] : []))
    }

    @Test("the samples' details: sections, times, yields, sections of Mealie, Paprika's headers")
    func details() throws {
        let mealie = try ExportFormat.recipes(in: ExportFiles(zip: ExportSamples.bytes("mealie/mealie.zip"))).recipes
        #expect(mealie[0].directionSections.map(\.name) == ["Preparation", "Cooking"])
        #expect(mealie[0].prepTime?.text == "1 Day" && mealie[0].cookTime?.minutes == 15)
        #expect(mealie[2].yield == "4 serving(s)" && mealie[2].totalTime?.minutes == 150)
        let paprika = try ExportFormat.recipes(in: ExportFiles(zip: ExportSamples.bytes("paprika/paprika.zip"))).recipes
        #expect(paprika[3].ingredientGroups.map(\.name) == ["für den Braten", "für die Spätzle"])
        #expect(paprika[1].yield == "about 20 rolls" && paprika[1].prepTime?.minutes == 30)
        let tandoor = try ExportFormat.recipes(in: ExportFiles(zip: ExportSamples.bytes("tandoor/tandoor.zip"))).recipes
        #expect(tandoor[0].ingredientLines.prefix(2) == ["2 oz New Mexico chile, dry, 57 g", "1 1/2 cup (12 fl oz/355 ml) doppelbock"])
        #expect(tandoor[0].keywords == ["American", "Course: Main", "Southwest", "Technique: cocotte"])
        // Zip entry names are UTF-8 without the zip's flag: read as UTF-8.
        let names = try ExportFiles(zip: ExportSamples.bytes("paprika/paprika.zip")).entries.map(\.path)
        #expect(names.contains("My Recipes/Zweimal gebratenes Hähnchen mit Gemüse und Nudeln.paprikarecipe"))
    }
}
