import Foundation
import LarderCore
@testable import LarderImport
@testable import LarderTestSupport
import Testing

/// The CSV exports: Plan to Eat (a zip holding plantoeat.csv) and My
/// Recipe Box (a bare CSV), read from the samples with the counts their
/// README gives, and their edge cases.
@Suite(.enabled(if: ExportSamples.present, "conformance imports not found; skipping"))
struct SpreadsheetExportTests {
    /// What the export `bytes` (a zip, or one file named `path`) give.
    static func reading(_ bytes: [UInt8], path: String) throws -> ExportReading {
        let files = ExportFiles.isZip(bytes) ? try ExportFiles(zip: bytes) : ExportFiles(entries: [.init(path: path, bytes: bytes)])
        let format = try #require(ExportFormat.detect(files))
        return format.read(files)
    }

    static func read(_ bytes: [UInt8], path: String) throws -> [ImportedRecipe] {
        try reading(bytes, path: path).recipes
    }

    @Test("Plan to Eat: two recipes, headings as groups, times in minutes, servings and yield, tags, nutrition")
    func planToEat() throws {
        let zip = try ExportSamples.bytes("plantoeat/plantoeat.zip")
        #expect(ExportFormat.detect(try ExportFiles(zip: zip)) == .planToEat)
        let recipes = try Self.read(zip, path: "plantoeat.zip")
        #expect(recipes.map(\.title) == ["Test Recipe", "Test Recipe2"])
        let first = recipes[0]
        #expect(first.ingredientGroups == [
            .init(name: "Heading", lines: ["2 itm Test, note"]), .init(name: "Heading2", lines: ["3 pkg Two, note2"]),
        ])
        #expect(first.steps.map(\.text) == ["Directions.", "Will go here."])
        #expect(first.servings == 7)
        #expect(first.yield == "1 loaf")
        #expect([first.prepTime?.minutes, first.cookTime?.minutes, first.totalTime?.minutes] == [75, 75, 150])
        #expect(first.categories == ["Main Course"])
        #expect(first.cuisines == ["American"])
        #expect(first.keywords == ["Beans", "Allergen-Friendly", "Cheap", "Test"])
        #expect(first.url == "https://eatwithclarity.com/sushi-bowl-with-sesame-tofu/")
        #expect(first.author == "Manually entered source")
        #expect(first.images == ["https://plantoeat.s3.amazonaws.com/recipes/29516709/470292506c8d9b71582487a7879ab7b197d06490-large.jpg?1628205591"])
        #expect(first.nutrition.map { "\($0.name)=\($0.value)" } == [
            "calories=13 kcal", "fatContent=16 g", "saturatedFatContent=17 g", "cholesterolContent=18 mg", "sodiumContent=19 mg",
            "sugarContent=22 g", "carbohydrateContent=20 g", "fiberContent=21 g", "proteinContent=23 g",
        ])
        #expect(first.unmapped == ["the rating (3) has no field in a recipe file"])
        let second = recipes[1]
        #expect(second.ingredientGroups == [.init(lines: ["2 itm Test, note", "3 pkg Two, note2"])])
        #expect(second.steps.count == 2)
        #expect(second.servings == nil && second.yield == nil && second.totalTime == nil)
        // Servings and yield both land in the file.
        let text = RecipeMarkdown(first).text
        #expect(text.contains("servings: 7\nyield: \"1 loaf\"\n"))
        #expect(text.contains("### Heading\n\n- 2 itm Test, note\n\n### Heading2\n\n- 3 pkg Two, note2\n"))
    }

    /// title, ingredients, steps, prep/cook/total minutes, as the README
    /// gives them.
    static let myRecipeBox: [(String, Int, Int, [Int?])] = [
        ("Air fryer Sliced potatoes", 8, 6, [10, 15, 25]),
        ("Apple Spinach Salad", 6, 1, [15, nil, 15]),
        ("Apple Strudel", 13, 12, [20, 40, 60]),
        ("Autumn Squash Soup", 12, 8, [10, 20, 30]),
        ("Baked Ziti", 10, 9, [20, 25, 45]),
        ("Baklava Cookies", 12, 7, [15, 33, 48]),
        ("Balsamic Mushroom Wild Rice Soup", 14, 9, [5, 40, 45]),
        ("Banana Cranberry Oatmeal Breakfast Cookies", 4, 8, [nil, nil, nil]),
        ("Banh Mi Sandwich", 15, 6, [20, 20, 40]),
        ("Beef & Cheese Piroshki", 17, 6, [90, 25, 115]),
    ]

    @Test("My Recipe Box: ten recipes with the README's counts, titles trimmed")
    func myRecipeBoxCounts() throws {
        let csv = try ExportSamples.bytes("myrecipebox/myrecipebox.csv")
        let recipes = try Self.read(csv, path: "myrecipebox.csv")
        #expect(recipes.map(\.title) == Self.myRecipeBox.map(\.0))
        for (recipe, expected) in zip(recipes, Self.myRecipeBox) {
            // The README counts lines; a heading line ("TOFU MARINADE:")
            // is a group's name here.
            let headings = recipe.ingredientGroups.filter { $0.name != nil }.count
            #expect(recipe.ingredientLines.count + headings == expected.1, "\(recipe.title)")
            #expect(recipe.steps.count == expected.2, "\(recipe.title)")
            #expect([recipe.prepTime?.minutes, recipe.cookTime?.minutes, recipe.totalTime?.minutes] == expected.3, "\(recipe.title)")
            #expect(recipe.source == .myRecipeBox)
        }
    }

    @Test("My Recipe Box: nutrition lines, ;-separated categories and tags, numbered steps, addresses in shifted columns")
    func myRecipeBoxFields() throws {
        let recipes = try Self.read(try ExportSamples.bytes("myrecipebox/myrecipebox.csv"), path: "myrecipebox.csv")
        let piroshki = try #require(recipes.last)
        #expect(piroshki.nutrition.first.map { "\($0.name)=\($0.value)" } == "calories=334 kcal")
        #expect(piroshki.nutrition.contains { $0.name == "servingSize" && $0.value == "1 serving" })
        #expect(piroshki.categories == ["The main course", "Russian"])
        #expect(piroshki.url == "https://tatyanaseverydayfood.com/meat-cheese-piroshki/")
        #expect(piroshki.images == ["https://tatyanaseverydayfood.com/wp-content/uploads/2017/01/Beef-Cheese-Piroshki-4.jpg"])
        // "1. Preheat oven." typed into the box: the file numbers steps itself.
        let soup = recipes[3]
        #expect(soup.steps.first?.text == "Preheat oven.")
        // A row with tags has its last columns one late: the page is still
        // the source and the picture the image.
        let salad = recipes[1]
        #expect(salad.keywords == ["Salad"])
        #expect(salad.url == "https://www.gimmesomeoven.com/my-favorite-apple-spinach-salad/")
        #expect(salad.images == ["https://www.gimmesomeoven.com/wp-content/uploads/2016/09/Apple-Spinach-Recipe-3.jpg"])
        #expect(recipes[5].yield == "22")
        #expect(recipes[8].ingredientGroups.map(\.name) == ["INGREDIENTS", "TOFU MARINADE"])
        #expect(recipes[8].ingredientGroups.map(\.lines.count) == [7, 6])
        #expect(recipes[0].notes == ["You have to do an additional batch if you want more than this."])
    }

    static let myRecipeBoxHeader = "title,description,preparationTime,cookingTime,inactiveTime,totalTime,quantity,ingredients,instructions,notes,nutrition,favorite,rating,categories,tags,video,source,originalPicture,\r\n"

    @Test("My Recipe Box edge cases: headings, paragraphs of notes, a video, inactive time, rating, a source that is a name")
    func myRecipeBoxEdges() throws {
        let csv = Self.myRecipeBoxHeader + """
            Pie,,,,30,,,"For the crust:\n200 g flour\nFor the filling:\n3 apples","Mix.\n\nBake.","Keeps.\nWell.\n\nFreezes.",,true,4,Dessert,,https://www.youtube.com/watch?v=x,Grandma's book,,\r
            ,,,,,,,,,,,,,,,,,,\r

            """
        let recipes = try Self.read(Array(csv.utf8), path: "box.csv")
        #expect(recipes.count == 1)
        let pie = recipes[0]
        #expect(pie.ingredientGroups == [.init(name: "For the crust", lines: ["200 g flour"]), .init(name: "For the filling", lines: ["3 apples"])])
        #expect(pie.steps.map(\.text) == ["Mix.", "Bake."])
        #expect(pie.notes == ["Keeps. Well.", "Freezes."])
        #expect(pie.author == "Grandma's book")
        #expect(pie.url == nil)
        #expect(pie.images.isEmpty)
        #expect(pie.unmapped == [
            "the inactive time (30 min) has no field in a recipe file (the total time counts it)",
            "the video (https://www.youtube.com/watch?v=x) has no field in a recipe file",
            "the rating (4) has no field in a recipe file",
        ])
    }

    @Test("a broken CSV gives no recipe and says where; a row with no recipe is skipped at its line; an unknown CSV is not taken")
    func problems() throws {
        let broken = try Self.reading(Array((Self.myRecipeBoxHeader + "Soup,\"never closed\n").utf8), path: "box.csv")
        #expect(broken.recipes.isEmpty)
        #expect(broken.skipped == [
            "box.csv:2:6: a field's opening quote is never closed, so the rest of the file would be one field "
                + "(a quote inside a quoted field is written twice (\"\"); the export may have been cut short)",
        ])
        let rows = Self.myRecipeBoxHeader + "Soup,,,,,,,1 leek,Boil.\r\n,,,,,,,,,,,,,,,,,,\r\n,A note only,,,,,,,,,,,,,,,,,\r\n"
        let partly = try Self.reading(Array(rows.utf8), path: "box.csv")
        #expect(partly.recipes.map(\.title) == ["Soup"])
        #expect(partly.skipped == ["box.csv:4: a row with no title, ingredients or instructions"])
        // Plan to Eat's CSV in a zip is named by its entry.
        let zip = try ZipFixture.make([("plantoeat.csv", Array("Title,Url Host,Ingredients,Directions\n\"x".utf8))])
        #expect(try Self.reading(zip, path: "pte.zip").skipped.first?.hasPrefix("plantoeat.csv:2:1: a field's opening quote") == true)
        #expect(ExportFormat.detect(ExportFiles(entries: [.init(path: "prices.csv", bytes: Array("item,price\nmilk,1\n".utf8))])) == nil)
        #expect(PlanToEatExport.marks("export/plantoeat.csv") && MyRecipeBoxExport.marks("Box.CSV") && !PlanToEatExport.marks("a.html"))
    }
}
