import Foundation

/// The starter data folder `larder init` writes: a config with one store
/// and its aisles, a list, two recipes (one Markdown, one JSON), favorites,
/// a `.gitignore`, the secret for unlisted lists, and the JSON Schemas for
/// editors. It passes `larder check` without a warning and builds.
public enum Starter {
    /// Where the editor copies of the schemas go, relative to the data
    /// folder. `check` reads only larder.json, favorites.json, lists/ and
    /// recipes/, so nothing in here is taken for data.
    public static let schemaFolder = ".larder/schemas"

    /// The secret's file, read by `build` when `LARDER_SECRET` is not set.
    public static let secretFile = ".larder-secret"

    /// Every file of the starter folder, with a new random secret.
    public static func files() -> [AuthoredFile] {
        var generator = SystemRandomNumberGenerator()
        return files(secret: makeSecret(using: &generator))
    }

    /// Every file of the starter folder, with `secret` in `.larder-secret`.
    public static func files(secret: String) -> [AuthoredFile] {
        [
            AuthoredFile(path: "larder.json", contents: config),
            AuthoredFile(path: "lists/weekly.md", contents: weeklyList),
            AuthoredFile(path: "recipes/pancakes.md", contents: pancakes),
            AuthoredFile(path: "recipes/tomato-soup.json", contents: tomatoSoup),
            AuthoredFile(path: "favorites.json", contents: favorites),
            AuthoredFile(path: ".gitignore", contents: gitignore),
            AuthoredFile(path: secretFile, contents: secret + "\n", permissions: 0o600),
        ] + schemaFiles
    }

    /// The four JSON Schemas compiled into the binary, for editors.
    public static var schemaFiles: [AuthoredFile] {
        DocumentKind.allCases.map { kind in
            AuthoredFile(path: schemaPath(kind), contents: String(decoding: schemaBytes(kind), as: UTF8.self))
        }
    }

    /// `.larder/schemas/list.schema.json`, relative to the data folder.
    public static func schemaPath(_ kind: DocumentKind) -> String {
        "\(schemaFolder)/\(kind.rawValue).schema.json"
    }

    /// 32 random bytes, base64: what `build` derives unlisted lists'
    /// addresses from.
    public static func makeSecret(using generator: inout some RandomNumberGenerator) -> String {
        Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    private static func schemaBytes(_ kind: DocumentKind) -> [UInt8] {
        switch kind {
        case .config: PackageResources.config_schema_json
        case .list: PackageResources.list_schema_json
        case .recipe: PackageResources.recipe_schema_json
        case .favorites: PackageResources.favorites_schema_json
        }
    }

    static let config = """
        {
          "$schema": "./.larder/schemas/config.schema.json",
          "title": "Our kitchen",
          "description": "Shopping lists and recipes.",
          "language": "en",
          "units": "metric",
          "current": "weekly",
          "stores": [
            {
              "id": "supermarket",
              "name": "Supermarket",
              "aisles": ["produce", "bakery", "dairy", "eggs", "meat", "pantry", "spices", "frozen", "beverages", "household"]
            }
          ],
          "pantry": ["salt", "black pepper", "olive oil"]
        }

        """

    static let weeklyList = """
        ---
        # yaml-language-server: $schema=../.larder/schemas/list.schema.json
        title: Weekly groceries
        store: supermarket
        recipes:
          - recipe: pancakes
            servings: 4
        ---
        The weekly shop. Tick things off in the shop: the page remembers.

        <!-- One item a line: a quantity and unit, the name, then markers:
             @store, #category, !high or !low, and a note in (parentheses).
             A heading that names a category gives it to the items under it.
             [x] marks an item as bought. See docs/format.md. -->

        ## Produce

        - [ ] 4 bananas
        - [ ] 3 lemons !high (for the pancakes)
        - [ ] 1 kg potatoes

        ## Dairy

        - [ ] 1 l milk
        - [x] 250 g butter

        ## Also

        - [ ] coffee #beverages
        - [ ] dish soap #household !low

        """

    static let pancakes = """
        ---
        # yaml-language-server: $schema=../.larder/schemas/recipe.schema.json
        title: Pancakes
        category: breakfast
        tags: [quick, vegetarian]
        servings: 4
        yield: 12 pancakes
        prep_time: 10 min
        cook_time: 20 min
        ---
        Soft, thick pancakes for a slow morning.

        ## Ingredients

        - 200 g flour
        - 1 tbsp sugar
        - 2 tsp baking powder
        - 1 pinch of salt
        - 2 eggs
        - 300 ml milk
        - 30 g butter, melted
        - 1 lemon, to serve (optional)

        ## Directions

        1. Whisk the flour, sugar, baking powder and salt in a bowl.
        2. Whisk the eggs, milk and melted butter, pour into the dry ingredients
           and stir until just combined: a few lumps are fine.
        3. Cook ladlefuls in a hot buttered pan until bubbles pop on top, about
           2 minutes; flip and cook 1 minute more.

        ## Notes

        The batter keeps for a day in the fridge.

        """

    static let tomatoSoup = """
        {
          "$schema": "../.larder/schemas/recipe.schema.json",
          "title": "Tomato soup",
          "description": "A quick soup from the store cupboard.",
          "category": "lunch",
          "tags": ["soup", "vegetarian"],
          "servings": 4,
          "prep_time": "10 min",
          "cook_time": "25 min",
          "ingredients": [
            { "name": "olive oil", "quantity": 2, "unit": "tbsp" },
            "1 onion, chopped",
            { "name": "garlic", "quantity": 2, "unit": "clove", "note": "crushed" },
            { "name": "crushed tomatoes", "quantity": 2, "unit": "can" },
            { "name": "vegetable stock", "quantity": 500, "unit": "ml" },
            "salt, to taste",
            { "name": "basil", "note": "to serve", "optional": true }
          ],
          "directions": [
            "Soften the onion in the olive oil for 8 minutes, then add the garlic for 1 minute.",
            "Add the tomatoes and stock and simmer for 15 minutes.",
            "Blend until smooth, season with salt, and serve with basil."
          ]
        }

        """

    static let favorites = """
        {
          "$schema": "./.larder/schemas/favorites.schema.json",
          "recipes": ["pancakes"],
          "lists": ["weekly"],
          "items": ["coffee"]
        }

        """

    static let gitignore = """
        # What `larder build` makes, and what it keeps for the next build.
        _site/
        ._site.larder-*
        # The secret behind unlisted lists' addresses: never commit it.
        .larder-secret

        """
}
