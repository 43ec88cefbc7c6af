import Foundation
import LarderCore
@testable import LarderImport
@testable import LarderTestSupport
import Testing

/// The exports that are one HTML page of recipes: Copy Me That (the
/// sample) and Recipe Keeper (a fixture made here: no sample exists).
struct PageExportTests {
    static func read(zip: [UInt8], path: String) throws -> [ImportedRecipe] {
        let files = try ExportFiles(zip: zip)
        let format = try #require(ExportFormat.detect(files))
        return format.read(files).recipes
    }

    @Test("Copy Me That: three recipes with the README's counts, yields, tags, notes and pictures from the zip",
          .enabled(if: ExportSamples.present, "conformance imports not found; skipping"))
    func copyMeThat() throws {
        let zip = try ExportSamples.bytes("copymethat/copymethat.zip")
        #expect(ExportFormat.detect(try ExportFiles(zip: zip)) == .copyMeThat)
        let recipes = try Self.read(zip: zip, path: "copymethat.zip")
        #expect(recipes.map(\.title) == ["Classic Stuffed Shells", "Crockpot Cilantro Lime Chicken", "Spam Zoodles"])
        #expect(recipes.map(\.ingredientLines.count) == [12, 11, 10])
        #expect(recipes.map(\.steps.count) == [6, 8, 4])
        #expect(recipes.map(\.yield) == ["6", "4", nil])
        #expect(recipes.map(\.keywords) == [[], ["chicken", "dinner", "instantpot", "slowcooker", "texmex"], ["dinner", "easy", "lunch", "spam", "stovetop"]])
        #expect(recipes[0].url == "https://www.spendwithpennies.com/classic-stuffed-shells-recipe/")
        // Entities decoded: `9x13&quot;`, `that&#39;s`.
        #expect(recipes[0].steps[2].text.contains("9x13\" baking dish"))
        #expect(recipes[0].steps[4].text.contains("that's okay"))
        #expect(recipes[1].notes.count == 3)
        #expect(recipes[2].unmapped == ["the rating (5) has no field in a recipe file"])
        let files = try ExportFiles(zip: zip)
        for (recipe, name) in Swift.zip(recipes, ["classic_stuffed_shells_f89m7", "crockpot_cilantro_lime_chicken_rhs9m", "spam_zoodles_y92tv"]) {
            let picture = try #require(recipe.picture, "\(recipe.title)")
            #expect(picture.origin == "images/\(name).jpg")
            #expect(picture.bytes == files.entry("images/\(name).jpg")?.bytes)
        }
    }

    @Test("Copy Me That: subheadings become groups and sections; a picture outside the zip is not looked for")
    func copyMeThatEdges() throws {
        let html = """
            <html><head><meta name="copymethat_class_id_version" content="2"></head><body>
            <div class="recipe"><div id="name">Tart</div>
            <img class="recipeImage" src="../../etc/passwd">
            <div id="description">Crisp &amp; sweet.</div>
            <ul id="recipeIngredients"><li class="recipeIngredient_subheader">Pastry</li><li class="recipeIngredient">200 g flour</li>
            <li class="recipeIngredient_subheader">Filling</li><li class="recipeIngredient">3 pears</li></ul>
            <ol id="recipeInstructions"><li class="instruction_subheader">Day 1</li><li class="instruction">Chill.</li>
            <li class="instruction_subheader">Day 2</li><li class="instruction">Bake.</li></ol></div>
            <div class="recipe"><div id="name"> </div></div>
            </body></html>
            """
        let recipes = try Self.read(zip: try ZipFixture.make([("recipes.html", Array(html.utf8)), ("etc/passwd", [1])]), path: "cmt.zip")
        #expect(recipes.count == 1)
        let tart = recipes[0]
        #expect(tart.description == "Crisp & sweet.")
        #expect(tart.ingredientGroups == [.init(name: "Pastry", lines: ["200 g flour"]), .init(name: "Filling", lines: ["3 pears"])])
        #expect(tart.directionSections.map(\.name) == ["Day 1", "Day 2"])
        #expect(tart.picture == nil)
        #expect(tart.unmapped == ["the picture ../../etc/passwd is not in the export"])
        #expect(ExportText.entryPath("images/a%20b.jpg", besidePage: "export/recipes.html") == "export/images/a b.jpg")
        #expect(ExportText.entryPath("../x.jpg", besidePage: "export/recipes.html") == "x.jpg")
        #expect(ExportText.entryPath("/etc/passwd", besidePage: "recipes.html") == nil)
        #expect(ExportText.entryPath("file:///etc/passwd", besidePage: "recipes.html") == nil)
    }

    @Test("Recipe Keeper (a fixture modelled on Mealie's importer): fields by itemprop, the photo from the zip")
    func recipeKeeper() throws {
        let zip = try RecipeKeeperSample.zip()
        #expect(ExportFormat.detect(try ExportFiles(zip: zip)) == .recipeKeeper)
        let recipes = try Self.read(zip: zip, path: "recipekeeper.zip")
        #expect(recipes.map(\.title) == RecipeKeeperSample.counts.map(\.title))
        #expect(recipes.map(\.ingredientLines.count) == RecipeKeeperSample.counts.map(\.ingredients))
        #expect(recipes.map(\.steps.count) == RecipeKeeperSample.counts.map(\.steps))
        let bread = recipes[0]
        #expect(bread.categories == ["Breakfast"])
        #expect(bread.keywords == ["Baking", "Vegetarian"])
        #expect(bread.yield == "2 loaves")
        #expect([bread.prepTime?.minutes, bread.cookTime?.minutes, bread.totalTime?.minutes] == [15, 60, 75])
        #expect(bread.url == "https://example.com/zucchini-bread/")
        #expect(bread.steps.first?.text == "Grease and flour two 8 x 4 inch pans. Preheat oven to 325°F (165°C).")
        #expect(bread.notes == ["Freezes well & keeps a week."])
        #expect(bread.nutrition.map { "\($0.name)=\($0.value)" } == [
            "servingSize=1 slice", "calories=230 kcal", "fatContent=11 g", "saturatedFatContent=2 g", "cholesterolContent=35 mg",
            "sodiumContent=170 mg", "carbohydrateContent=31 g", "fiberContent=1 g", "sugarContent=19 g", "proteinContent=3 g",
        ])
        #expect(bread.picture == ImportedRecipe.Picture(bytes: ZipFixture.jpeg, origin: "images/9a6b2d1c_0.jpg"))
        #expect(bread.unmapped == ["the rating (4) has no field in a recipe file"])
        // The picture is written into images/ with the file, not dropped.
        #expect(!RecipeMarkdown(bread).dropped.contains { $0.contains("picture") })
        let pasta = recipes[1]
        #expect(pasta.ingredientGroups.map(\.name) == ["For the soup", "For serving"])
        #expect(pasta.author == "Nonna's notebook")
        #expect(pasta.url == nil)
        #expect(pasta.totalTime?.minutes == 40)
        #expect(pasta.picture == nil && pasta.unmapped.isEmpty)
        #expect(RecipeMarkdown(pasta).servingsAndYield == (4, nil))
    }

    @Test("a page export's element with no recipe is skipped; a zip that is no export, a saved page, are not taken")
    func problems() throws {
        let empty = try ZipFixture.make([("recipes.html", Array("<html><head><meta name='copymethat_class_id_version' content='2'></head><body><div class='recipe'><p>x</p></div></body></html>".utf8))])
        let reading = ExportFormat.copyMeThat.read(try ExportFiles(zip: empty))
        #expect(reading.recipes.isEmpty)
        #expect(reading.skipped == ["recipes.html: recipe 1 (no name, ingredients or steps)"])
        #expect(CopyMeThatExport.marks("export/Recipes.html") && RecipeKeeperExport.marks("recipes.html") && !CopyMeThatExport.marks("index.html"))
        let other = try ZipFixture.make([("notes.txt", Array("hello".utf8))])
        #expect(ExportFormat.detect(try ExportFiles(zip: other)) == nil)
        // A saved web page is not taken for an export.
        #expect(ExportFormat.detect(ExportFiles(entries: [.init(path: "p.html", bytes: Array("<html><div class='recipe'></div></html>".utf8))])) == nil)
        let saved = "<html><head><link rel='canonical' href='https://www.copymethat.com/r/x/soup/'></head><body><div class='recipe'>Soup</div></body></html>"
        #expect(ExportFormat.detect(ExportFiles(entries: [.init(path: "soup.html", bytes: Array(saved.utf8))])) == nil)
    }
}
