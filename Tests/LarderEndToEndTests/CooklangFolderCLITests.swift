import Foundation
@testable import LarderTestSupport
import Testing

/// The real binary on a small Cooklang folder (no larder.json): `check`
/// points into the .cook files, `share` and `print` take a menu or a recipe
/// by its path and shop for what it references.
@Suite struct CooklangFolderCLITests {
    let larder = Repository.binary

    static func kitchen() throws -> TestFolder {
        let folder = try TestFolder()
        try folder.write("Breakfast/Easy Pancakes.cook", """
            >> servings: 2
            >> spiciness: none

            Crack the @eggs{3} into a #bowl{}, add @plain flour{125%g} and @milk{1/4%l}.

            Rest for ~{15%minutes}.
            """)
        try folder.write("Shared/Pizza Dough.cook", """
            ---
            servings: 2
            ---
            Mix @flour{500%g} and @water{325%ml}, then add @./Shared/Tomato Sauce{1%batch}.
            """)
        try folder.write("Shared/Tomato Sauce.cook", "Simmer @tomatoes{400%g}.\n")
        try folder.write("Plans/Week 1.menu", """
            >> servings: 4
            == Monday ==
            @./Breakfast/Easy Pancakes{4%servings} and @orange juice{1%l}
            """)
        return folder
    }

    @Test func checkReportsIntoCooklangFiles() throws {
        let folder = try Self.kitchen()
        try folder.write("Shared/Pizza Dough.cook", "Mix @flour{500%g} with @./Shared/Tomato Sause{}.\n")
        let result = try ProcessResult.run(larder, ["check", folder.url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Breakfast/Easy Pancakes.cook:2:4: warning: \"spiciness\" is not metadata Larder reads"))
        #expect(result.stderr.contains("Shared/Pizza Dough.cook:1:24: error: unknown recipe \"shared-tomato-sause\" [unknown-recipe]"))
        #expect(result.stderr.contains("did you mean \"shared-tomato-sauce\"?"))
    }

    @Test func shareAMenuByItsPath() throws {
        let folder = try Self.kitchen()
        let result = try ProcessResult.run(larder, ["share", "Plans/Week 1", "--ascii", "--dir", folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        // The pancakes at 4 servings (twice the recipe), the juice as written.
        #expect(result.stdout.contains("6 eggs"), "\(result.stdout)")
        #expect(result.stdout.contains("250 g plain flour"), "\(result.stdout)")
        #expect(result.stdout.contains("1 l orange juice"), "\(result.stdout)")
    }

    @Test func printARecipeByItsPathWithItsSubRecipe() throws {
        let folder = try Self.kitchen()
        let result = try ProcessResult.run(
            larder, ["print", "--recipe", "Shared/Pizza Dough*4", "--format", "text", "--dir", folder.url.path],
            environment: ["SOURCE_DATE_EPOCH": "1750000000"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("flour — 1 kg"), "\(result.stdout)")
        #expect(result.stdout.contains("tomatoes — 800 g"), "\(result.stdout)")
    }
}

extension ParseCacheTests {
    /// Real Cooklang text through the reader, then the parse cache: every
    /// document (marked steps, pictures, cookware, other metadata) reads
    /// back equal to the fresh one.
    @Test func aCooklangKitchenReadsBackEqual() throws {
        let folder = try CooklangFolderCLITests.kitchen()
        try folder.write("Breakfast/Easy Pancakes.1.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try folder.write("Breakfast/Easy Pancakes.cook", """
            ---
            difficulty: easy
            ---
            == Batter ==
            Whisk @eggs{2} with @milk{1/2%l} in a #bowl{}. -- a comment
            > Lumps are fine.

            Rest ~rest{10%min} and @-salt.
            """)
        #expect(try roundTrip(folder.url) == 4)
    }
}
