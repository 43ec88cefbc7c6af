import Foundation
@testable import LarderTestSupport
import Larder
import LarderCore
import Testing

/// The cook CLI's config in a data folder and `larder init --from-cooklang`,
/// through the real binary.
@Suite struct CooklangConfigCLITests {
    let larder = Repository.binary

    static let aisle = "[Produce]\nspring onion|scallion\npotatoes\n[Asian Foods]\nsoy sauce|shoyu\n"
    static let pantry = """
        [cupboard]
        flour = "1%kg"
        salt = "unlim"
        milk = { quantity = "500%ml", expire = "2026-12-01" }

        """

    /// A Cooklang folder: the cook files, a recipe (in a subfolder, with a
    /// space in its name, as cook users keep them) and a menu.
    func cooklangFolder() throws -> TestFolder {
        let folder = try TestFolder("My Recipes")
        try folder.write("config/aisle.conf", Self.aisle)
        try folder.write("config/pantry.conf", Self.pantry)
        try folder.write("Breakfast/Easy Pancakes.cook", "Mix @flour{200%g} and @milk{300%ml}.\n")
        try folder.write("week.menu", "== Monday ==\n@./Breakfast/Easy Pancakes{2%servings}\n")
        return folder
    }

    @Test func initFromCooklangWritesALarderJSONNamingWhatItFound() throws {
        let folder = try cooklangFolder()
        let made = try ProcessResult.run(larder, ["init", "--from-cooklang"], in: folder.url)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.isEmpty)
        #expect(made.stdout.hasPrefix("""
            found 1 recipe (.cook) and 1 menu (.menu)
            found config/aisle.conf: 2 categories (Produce, Asian Foods), the order of shopping sheets
            found config/pantry.conf: 2 in stock, 1 staple
            created larder.json: title "My Recipes"
            """))
        let written = try String(contentsOf: folder.url.appendingPathComponent("larder.json"), encoding: .utf8)
        let config = try JSONReader.parse(Array(written.utf8))
        #expect(config["title"]?.string == "My Recipes")
        // Only what the folder cannot say itself: the cook files are not copied.
        let keys = config.object?.members.map(\.key) ?? []
        #expect(keys.first == "title" && !keys.contains("pantry") && !keys.contains("catalog"))

        // Never over an existing larder.json.
        try folder.write("larder.json", #"{"title": "Mine"}"#)
        let again = try ProcessResult.run(larder, ["init", "--from-cooklang", "."], in: folder.url)
        #expect(again.status == 2)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr.contains("larder.json is already there; nothing was written"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("larder.json"), encoding: .utf8) == #"{"title": "Mine"}"#)
    }

    @Test func initFromCooklangRefusesAFolderWithNothingOfCooklangs() throws {
        let folder = try TestFolder()
        try folder.write("notes.txt", "hello\n")
        let made = try ProcessResult.run(larder, ["init", "--from-cooklang", "."], in: folder.url)
        #expect(made.status == 2)
        #expect(made.stderr.contains("no .cook or .menu files"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("larder.json").path))
    }

    @Test func theSheetFollowsAisleConfAndTakesOffWhatIsInStock() throws {
        let folder = try TestFolder()
        try folder.write("config/aisle.conf", Self.aisle)
        try folder.write("config/pantry.conf", Self.pantry)
        try folder.write("recipes/stir-fry.md", """
            ---
            title: Stir fry
            servings: 2
            ---
            ## Ingredients

            - 2 scallions
            - 1 spring onion
            - 2 tbsp soy sauce
            - 300 g flour
            - 1 l milk
            - 1 tsp salt
            - 500 g potatoes

            ## Directions

            1. Cook.

            """)
        let sheet = try ProcessResult.run(
            larder, ["print", "--recipe", "stir-fry", "--format", "text"], in: folder.url,
            environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stdout == """
            Shopping list
            1970-01-01 · 4 items
            From: Stir fry

            Produce
            [ ] spring onion — 3 (Stir fry)
            [ ] potatoes — 500 g (Stir fry)

            Asian Foods
            [ ] soy sauce — 2 tbsp (Stir fry)

            Dairy
            [ ] milk — 500 ml, 500 ml in stock (Stir fry)

            Left out: salt (pantry) · flour (in stock)

            """)
    }

    @Test func aBadPantryConfIsReportedWithItsLine() throws {
        let folder = try TestFolder()
        try folder.write("config/pantry.conf", "[cupboard]\nrice = \"lots\"\n")
        let check = try ProcessResult.run(larder, ["check"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.stderr.hasPrefix("""
            config/pantry.conf:2:9: error: cannot read the quantity "lots" [bad-quantity]
             2 | rice = "lots"
               |         ^
            """))
    }
}
