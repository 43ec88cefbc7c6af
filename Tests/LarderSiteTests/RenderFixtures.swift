import Foundation
import Larder
import Testing

/// Small kitchens for the render tests: files written to a temporary folder
/// and read with the real loader, so the tests see what a build sees.
enum RenderFixtures {
    /// Loads a data folder made of `files` (path to contents); fails the test
    /// on any error diagnostic.
    static func kitchen(_ files: [String: String]) throws -> Kitchen {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        let result = try KitchenLoader.load(folder)
        let errors = result.report.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "fixture has errors: \(errors)")
        return result.kitchen
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("larder-render-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The example kitchen of the repository.
    static var examples: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/kitchen")
    }
}

extension RenderFixtures {
    /// A small kitchen: two stores, a shopping list, a checklist, an unlisted
    /// list, a Markdown recipe and a JSON recipe with direction sections.
    static let small: [String: String] = [
        "larder.json": """
            {
              "title": "Test kitchen",
              "baseURL": "https://example.org/k/",
              "stores": [
                { "id": "market", "name": "Market", "aisles": ["bakery", "produce"] },
                { "id": "shop", "name": "Corner Shop" }
              ],
              "catalog": { "bread": { "store": "market" }, "cake": { "store": "market" } }
            }
            """,
        "lists/weekly.md": """
            ---
            title: Weekly shop
            store: shop
            recipes:
              - recipe: toast
                servings: 4
            ---
            - [ ] 2 apples
            - [x] 1 kg potatoes (floury)
            - [ ] 1 bread
            - [ ] 250 g butter @market
            - [ ] 1 1/2 cups milk
            - [ ] mystery thing
            """,
        "lists/packing.md": """
            ---
            title: Packing
            kind: checklist
            sort: alpha
            ---
            - [ ] passport

            ## Clothes

            - [x] socks
            - [ ] jumper (the warm one)
            - [ ] hat
            """,
        "lists/surprise.md": """
            ---
            title: Surprise party
            visibility: unlisted
            ---
            - [ ] 1 cake
            """,
        "recipes/toast.md": """
            ---
            title: Cheese </script> toast
            description: Crisp *toast* & melted cheese.
            category: breakfast
            cuisine: British
            tags: [quick, cheesy]
            servings: 2
            yield: 4 slices
            prep_time: 5 min
            cook_time: 10 min
            author: Ana
            date: 2024-01-02
            nutrition:
              calories: 250
              fatContent: 12
              sodiumContent: 400
              proteinContent: 9.5 g
              servingSize: 2 slices
            ---
            ## Ingredients

            - 4 slices bread
            - 100 g cheddar, grated
            - 1 1/2 tbsp butter (optional)

            ## Directions

            1. Toast the **bread**.
            2. Top with cheddar and grill
               until it bubbles.

            ## Notes

            Use [sourdough](https://example.org) if you have it.

            Cheddar & Gruyère both work.
            """,
        "recipes/soup.json": """
            {
              "title": "Tomato soup",
              "servings": 1,
              "total_time": "PT1H5M",
              "ingredients": [
                { "name": "tomatoes", "quantity": "2-3", "group": "Soup" },
                { "name": "cream", "quantity": "1/4", "unit": "cup", "group": "To serve" }
              ],
              "directions": [
                "Heat the oven.",
                { "section": "Soup", "steps": ["Roast the tomatoes.", "Blend them."] }
              ]
            }
            """,
    ]
}
