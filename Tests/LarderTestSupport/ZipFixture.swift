import Foundation
import ZIPFoundation

/// Zips made by the tests, in memory: an app export's layout with the
/// entries a test needs (deflated, as apps write them).
enum ZipFixture {
    static func make(_ entries: [(path: String, bytes: [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(accessMode: .create)
        for (path, bytes) in entries {
            let data = Data(bytes)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return Array(data)
    }

    /// A 1×1 JPEG, as small as one gets: a picture's bytes for an export.
    static let jpeg: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00,
        0xFF, 0xDB, 0x00, 0x43, 0x00, 0x03, 0x02, 0x02, 0x02, 0x02, 0x02, 0x03, 0x02, 0x02, 0x02, 0x03, 0x03, 0x03, 0x03, 0x04,
        0x06, 0x04, 0x04, 0x04, 0x04, 0x04, 0x08, 0x06, 0x06, 0x05, 0x06, 0x09, 0x08, 0x0A, 0x0A, 0x09, 0x08, 0x09, 0x09, 0x0A,
        0x0C, 0x0F, 0x0C, 0x0A, 0x0B, 0x0E, 0x0B, 0x09, 0x09, 0x0D, 0x11, 0x0D, 0x0E, 0x0F, 0x10, 0x10, 0x11, 0x10, 0x0A, 0x0C,
        0x12, 0x13, 0x12, 0x10, 0x13, 0x0F, 0x10, 0x10, 0x10, 0xFF, 0xC9, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01,
        0x11, 0x00, 0xFF, 0xCC, 0x00, 0x06, 0x00, 0x10, 0x10, 0x05, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00,
        0xD2, 0xCF, 0x20, 0xFF, 0xD9,
    ]
}

/// A Recipe Keeper export (`recipekeeper.zip`) written for the tests: no
/// real one is in ../shared/conformance/imports (Mealie's sample is
/// missing from the stored copy of its repository, its README says).
/// It is NOT a real export: it is modelled on how Mealie's importer
/// (services/migrations/recipekeeper.py) reads the format, `recipes.html`
/// with a `div.recipe-details` per recipe whose fields carry `itemprop`s
/// (`<meta content>` for ids, times, ratings and nutrition, a `<div>` of
/// paragraphs for ingredients, directions and notes, `<img>` for photos),
/// plus `images/`. Mealie's test checks the slug `zucchini-bread`.
enum RecipeKeeperSample {
    /// Titles, then ingredient lines and steps per recipe, as a test may
    /// assert them.
    static let counts: [(title: String, ingredients: Int, steps: Int)] = [
        ("Zucchini Bread", 9, 5),
        ("Pasta e Fagioli", 8, 4),
    ]

    static let html = """
        <!DOCTYPE html>
        <html>
        <head><meta charset="utf-8"><title>Recipe Keeper</title></head>
        <body>
        <div class="recipe-details">
          <table><tr><td>
            <h2 itemprop="name">Zucchini Bread</h2>
            <meta content="9a6b2d1c-0f51-4d43-8a3b-6e1f0c5c2a10" itemprop="recipeId">
            <meta content="False" itemprop="recipeIsFavourite">
            <meta content="4" itemprop="recipeRating">
            <div>Course: <span itemprop="recipeCourse">Breakfast</span></div>
            <div>Categories: <span>Baking, Vegetarian</span>
              <meta content="Baking" itemprop="recipeCategory"><meta content="Vegetarian" itemprop="recipeCategory"></div>
            <div>Source: <span itemprop="recipeSource">https://example.com/zucchini-bread/</span></div>
            <div>Serving size: <span itemprop="recipeYield">2 loaves</span></div>
            <div>Preparation time: <span>15 mins</span><meta content="PT15M" itemprop="prepTime"></div>
            <div>Cooking time: <span>1 hour</span><meta content="PT1H" itemprop="cookTime"></div>
          </td><td><img src="images/9a6b2d1c_0.jpg" itemprop="photo0"></td></tr></table>
          <h3>Ingredients</h3>
          <div itemprop="recipeIngredients"><p>3 cups all-purpose flour</p><p>1 tsp salt</p><p>1 tsp baking soda</p>
            <p>1 tsp baking powder</p><p>3 tsp ground cinnamon</p><p>3 eggs</p><p>1 cup vegetable oil</p>
            <p>2 1/4 cups white sugar</p><p>2 cups grated zucchini</p></div>
          <h3>Directions</h3>
          <div itemprop="recipeDirections"><p>1. Grease and flour two 8 x 4 inch pans. Preheat oven to 325&deg;F (165&deg;C).</p>
            <p>2. Sift flour, salt, baking powder, soda, and cinnamon together in a bowl.</p>
            <p>3. Beat eggs, oil, and sugar together in a large bowl. Add sifted ingredients to the creamed mixture, and beat well.</p>
            <p>4. Stir in zucchini until well combined. Pour batter into prepared pans.</p>
            <p>5. Bake for 40 to 60 minutes, or until tested done.</p></div>
          <h3>Notes</h3>
          <div itemprop="recipeNotes"><p>Freezes well &amp; keeps a week.</p></div>
          <meta content="1 slice" itemprop="recipeNutServingSize">
          <meta content="230" itemprop="recipeNutCalories">
          <meta content="11" itemprop="recipeNutTotalFat">
          <meta content="2" itemprop="recipeNutSaturatedFat">
          <meta content="35" itemprop="recipeNutCholesterol">
          <meta content="170" itemprop="recipeNutSodium">
          <meta content="31" itemprop="recipeNutTotalCarbohydrate">
          <meta content="1" itemprop="recipeNutDietaryFiber">
          <meta content="19" itemprop="recipeNutSugars">
          <meta content="3" itemprop="recipeNutProtein">
        </div>
        <div class="recipe-details">
          <table><tr><td>
            <h2 itemprop="name">Pasta e Fagioli</h2>
            <meta content="0" itemprop="recipeRating">
            <div>Course: <span itemprop="recipeCourse">Main Course</span></div>
            <div>Source: <span itemprop="recipeSource">Nonna's notebook</span></div>
            <div>Serving size: <span itemprop="recipeYield">4</span></div>
            <div>Cooking time: <span>40 mins</span><meta content="PT40M" itemprop="cookTime"></div>
          </td><td></td></tr></table>
          <div itemprop="recipeIngredients"><p>For the soup:</p><p>2 tbsp olive oil</p><p>1 onion, chopped</p>
            <p>2 cloves garlic</p><p>400 g borlotti beans</p><p>1 l stock</p><p>For serving:</p><p>150 g ditalini</p>
            <p>50 g parmesan, grated</p><p>black pepper</p></div>
          <div itemprop="recipeDirections"><p>Soften the onion and garlic in the oil.</p><p>Add the beans and stock; simmer 20 minutes.</p>
            <p>Add the pasta and cook until tender.</p><p>Serve with parmesan and pepper.</p></div>
          <div itemprop="recipeNotes"></div>
        </div>
        </body>
        </html>
        """

    /// The zip: `recipes.html` and the first recipe's photo.
    static func zip() throws -> [UInt8] {
        try ZipFixture.make([("recipes.html", Array(html.utf8)), ("images/9a6b2d1c_0.jpg", ZipFixture.jpeg)])
    }
}
