import Foundation
@testable import Larder
import LarderCooklang
import LarderCore
import LarderQuantities
import Testing

/// A parsed Cooklang document mapped to Larder's model (`CooklangReader`),
/// from documents built by hand: what the parser gives is its own tests'
/// business, what Larder makes of it is these.
@Suite struct CooklangReaderTests {
    typealias Doc = CooklangDocument

    static func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    static func ingredient(
        _ name: String, _ quantity: String? = nil, _ unit: String = "", at position: SourcePosition = at(1, 1),
        configure: (inout Doc.Ingredient) -> Void = { _ in }
    ) -> Doc.Part {
        var ingredient = Doc.Ingredient(name: name, position: position)
        if let quantity {
            let quantityAt = SourcePosition(line: position.line, column: position.column + name.count + 2)
            ingredient.amount = Doc.Amount(
                quantity: quantity, unit: unit, quantityPosition: quantityAt,
                unitPosition: unit.isEmpty ? nil : SourcePosition(line: quantityAt.line, column: quantityAt.column + quantity.count + 1)
            )
        }
        configure(&ingredient)
        return .ingredient(ingredient)
    }

    static func step(_ parts: Doc.Part..., line: Int = 1) -> Doc.Block {
        .step(Doc.Step(parts: parts, position: at(line, 1)))
    }

    static func document(_ sections: [Doc.Section], metadata: [(String, String)] = [], frontMatter: Doc.FrontMatterBlock? = nil) -> Doc {
        var document = Doc()
        document.sections = sections
        document.frontMatter = frontMatter
        document.metadata = metadata.enumerated().map { index, entry in
            Doc.MetadataEntry(key: entry.0, value: entry.1, keyPosition: at(index + 1, 4), valuePosition: at(index + 1, 6 + entry.0.count))
        }
        return document
    }

    static func read(
        _ document: Doc, path: String = "Breakfast/Easy Pancakes.cook", images: [String] = []
    ) -> (content: ReadDocument.Content, decoder: DocumentDecoder) {
        let kind = DataFolder.cooklangKind(path)!
        var file = DataFile(kind: kind, format: .cooklang, path: path, id: DataFolder.cooklangID(path, kind: kind))
        file.images = images
        var decoder = DocumentDecoder(path: path, bytes: [])
        var reader = CooklangReader(file: file, document: document)
        let metadata = reader.metadata(&decoder)
        switch kind {
        case .recipe: return (.recipe(reader.recipe(metadata, &decoder)), decoder)
        default: return (.list(reader.list(metadata, &decoder)), decoder)
        }
    }

    static func recipe(_ document: Doc, path: String = "Breakfast/Easy Pancakes.cook", images: [String] = []) -> (Recipe, DocumentDecoder) {
        let (content, decoder) = read(document, path: path, images: images)
        guard case .recipe(let recipe) = content else { fatalError("not a recipe") }
        return (recipe, decoder)
    }

    static func rendered(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location?.position.description ?? "-") \($0.severity == .error ? "error" : "warning") \($0.code)" }
    }

    // MARK: Metadata

    @Test func theTitleIsTheFileNameAsWrittenUnlessTheMetadataGivesOne() {
        #expect(Self.recipe(Self.document([])).0.title == "Easy Pancakes")
        #expect(Self.recipe(Self.document([], metadata: [("title", "Fluffy pancakes")])).0.title == "Fluffy pancakes")
    }

    @Test func doubleChevronMetadataMapsToRecipeFields() {
        let (recipe, decoder) = Self.recipe(Self.document([], metadata: [
            ("servings", "2|4"), ("tags", "breakfast, sweet ,quick"), ("source", "https://example.com/p"),
            ("author", "Ana"), ("time", "1 hour 30 minutes"), ("prep time", "10 min"), ("cook_time", "20 minutes"),
            ("course", "breakfast"), ("cuisine", "French"), ("description", "Light and tall."), ("date", "2025-03-01"),
            ("locale", "en_GB"),
        ]))
        #expect(decoder.diagnostics.isEmpty, "\(decoder.diagnostics)")
        #expect(recipe.servings == 2)
        #expect(recipe.tags == ["breakfast", "sweet", "quick"])
        #expect(recipe.source == "https://example.com/p")
        #expect(recipe.author == "Ana")
        #expect(recipe.totalTime?.seconds == 5400)
        #expect(recipe.prepTime?.seconds == 600)
        #expect(recipe.cookTime?.seconds == 1200)
        #expect(recipe.category == "breakfast")
        #expect(recipe.cuisine == "French")
        #expect(recipe.description == "Light and tall.")
        #expect(recipe.date == "2025-03-01")
        // A standard key with no Larder field is kept without a warning.
        #expect(recipe.otherMetadata == [Detail(key: "locale", value: "en_GB")])
    }

    @Test func servingsThatAreNotANumberAreTheYield() {
        let (recipe, _) = Self.recipe(Self.document([], metadata: [("servings", "a dozen")]))
        #expect(recipe.servings == nil)
        #expect(recipe.yield == "a dozen")
        #expect(Self.recipe(Self.document([], metadata: [("servings", "4 servings")])).0.servings == 4)
    }

    @Test func aRangeOfServingsIsARangeAsInMarkdown() {
        let (recipe, decoder) = Self.recipe(Self.document([], metadata: [("servings", "4-6")]))
        #expect(recipe.servings == 4)
        #expect(recipe.servingsUpTo == 6)
        #expect(recipe.yield == nil)
        #expect(decoder.diagnostics.isEmpty, "\(decoder.diagnostics)")
    }

    @Test func unknownKeysAreKeptAndWarnedAtTheKey() {
        let (recipe, decoder) = Self.recipe(Self.document([], metadata: [("title", "P"), ("spiciness", "mild")]))
        #expect(recipe.otherMetadata == [Detail(key: "spiciness", value: "mild")])
        #expect(Self.rendered(decoder.diagnostics) == ["2:4 warning unknown-metadata"])
    }

    @Test func frontMatterIsReadWithPositionsOfTheFile() {
        let yaml = "title: Pancakes\nservings: 4\ntags: [a, b]\nsource:\n  name: Book\n  url: https://example.com\ndate: yesterday\n"
        let (recipe, decoder) = Self.recipe(Self.document([], frontMatter: Doc.FrontMatterBlock(text: yaml, firstLine: 2)))
        #expect(recipe.title == "Pancakes")
        #expect(recipe.servings == 4)
        #expect(recipe.tags == ["a", "b"])
        // source.name comes first and takes the field; the url is kept.
        #expect(recipe.source == "Book")
        #expect(recipe.otherMetadata == [Detail(key: "source.url", value: "https://example.com")])
        // The wrong date, reported by the schema as for Markdown (the report
        // collapses its two checks into one), at its line in the file.
        #expect(Set(Self.rendered(decoder.diagnostics)) == ["8:7 error bad-format"],
                "\(decoder.diagnostics)")
    }

    @Test func frontMatterOfOneLineFieldsIsReadAsCookReadsIt() {
        // canonical.yaml's testMetadataMultiwordKeyWithSpaces: not a YAML
        // mapping, but Cooklang's key "cooking time".
        let loose = "title: Soup\ncooking time    :30 mins\n"
        let (recipe, decoder) = Self.recipe(Self.document([], frontMatter: Doc.FrontMatterBlock(text: loose, firstLine: 2)))
        #expect(recipe.title == "Soup")
        #expect(recipe.cookTime?.seconds == 1_800)
        #expect(decoder.diagnostics.isEmpty, "\(decoder.diagnostics)")
        // A block with a line that is not such a field stays YAML's error.
        let broken = "title: Soup\ntags: [a, b\n  - c\n"
        let (_, failed) = Self.recipe(Self.document([], frontMatter: Doc.FrontMatterBlock(text: broken, firstLine: 2)))
        #expect(failed.diagnostics.contains { $0.severity == .error }, "\(failed.diagnostics)")
    }

    @Test func anImageThatIsAURLIsKeptNotPublished() {
        let (recipe, decoder) = Self.recipe(Self.document([], metadata: [("image", "https://example.com/p.jpg")]))
        #expect(recipe.image == nil)
        #expect(recipe.otherMetadata == [Detail(key: "image", value: "https://example.com/p.jpg")])
        #expect(decoder.references.isEmpty)
    }

    // MARK: Ingredients

    @Test func quantitiesAreExactAndUnitsKnown() {
        let (recipe, decoder) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(
                Self.ingredient("flour", "1 1/2", "cups"), .text(" and "), Self.ingredient("eggs", "2-3"),
                Self.ingredient("sugar", "1/3", "tbsp"), Self.ingredient("salt", "a pinch"), Self.ingredient("pepper")
            ),
        ])]))
        #expect(decoder.diagnostics.isEmpty, "\(decoder.diagnostics)")
        let lines = recipe.ingredients
        #expect(lines.map(\.name) == ["flour", "eggs", "sugar", "salt", "pepper"])
        #expect(lines[0].quantity == .exact(Rational(3, 2)!))
        #expect(lines[0].unit == .cup)
        #expect(lines[1].quantity == .range(Rational(2), Rational(3)))
        #expect(lines[2].quantity == .exact(Rational(1, 3)!))
        #expect(lines[2].unit == .tablespoon)
        // A quantity in words is no quantity: it is kept as the note.
        #expect(lines[3].quantity == nil)
        #expect(lines[3].note == "a pinch")
        #expect(lines[4].quantity == nil && lines[4].unit == nil)
    }

    @Test func anUnknownUnitIsKeptAndWarnedAtTheUnit() {
        let (recipe, decoder) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(Self.ingredient("rice", "2", "glasses", at: Self.at(3, 5))),
        ])]))
        #expect(recipe.ingredients[0].unitName == "glasses")
        #expect(recipe.ingredients[0].unit == nil)
        // "@rice{2%glasses}" at 3:5: the unit at column 5 + 6 + 2.
        #expect(Self.rendered(decoder.diagnostics) == ["3:13 warning unknown-unit"])
    }

    @Test func aBadQuantityIsAnErrorAtIt() {
        let (_, decoder) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(Self.ingredient("milk", "1//2", "cup", at: Self.at(2, 1))),
        ])]))
        #expect(Self.rendered(decoder.diagnostics).first?.hasPrefix("2:") == true)
        #expect(decoder.diagnostics.first?.code == "bad-quantity")
    }

    @Test func hiddenOptionalReferencedAndRepeatedIngredients() {
        let (recipe, _) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(Self.ingredient("flour", "100", "g"), Self.ingredient("salt") { $0.hidden = true },
                      Self.ingredient("nuts", "50", "g") { $0.optional = true; $0.note = "toasted" }),
            Self.step(Self.ingredient("flour", "50", "g") { $0.reference = true }, Self.ingredient("flour", "100", "g"),
                      Self.ingredient("flour", "1", "cup"), line: 3),
        ])]))
        #expect(recipe.ingredients.map(\.name) == ["flour", "nuts", "flour"])
        // @&flour and the same name and unit again add to the first line.
        #expect(recipe.ingredients[0].quantity == .exact(Rational(250)))
        #expect(recipe.ingredients[1].optional && recipe.ingredients[1].note == "toasted")
        #expect(recipe.ingredients[2].unit == .cup)
        let marked = recipe.directions[0].marked
        #expect(marked?[0] == [.ingredient(name: "flour", line: 0), .ingredient(name: "salt", line: nil), .ingredient(name: "nuts", line: 1)])
        #expect(marked?[1] == [.ingredient(name: "flour", line: 0), .ingredient(name: "flour", line: 0), .ingredient(name: "flour", line: 2)])
    }

    @Test func sectionsAreIngredientGroupsAndDirectionSections() {
        let (recipe, _) = Self.recipe(Self.document([
            Doc.Section(name: "Dough", position: Self.at(1, 1), blocks: [Self.step(.text("Mix "), Self.ingredient("flour", "200", "g"))]),
            Doc.Section(name: "Sauce", position: Self.at(5, 1), blocks: [
                Self.step(Self.ingredient("tomatoes", "400", "g")), Self.step(.text("Simmer."), line: 7),
            ]),
        ]))
        #expect(recipe.ingredients.map(\.group) == ["Dough", "Sauce"])
        #expect(recipe.directions.map(\.title) == ["Dough", "Sauce"])
        #expect(recipe.directions.map(\.steps) == [["Mix flour"], ["tomatoes", "Simmer."]])
        #expect(recipe.directions[1].marked?[0] == [.ingredient(name: "tomatoes", line: 1)])
    }

    @Test func aReferenceAddsToTheLineInAnotherSectionTheSameNameDoesNot() {
        let (recipe, _) = Self.recipe(Self.document([
            Doc.Section(name: nil, position: Self.at(1, 1), blocks: [Self.step(Self.ingredient("milk", "250", "ml"))]),
            Doc.Section(name: "Cooking", position: Self.at(3, 1), blocks: [
                Self.step(Self.ingredient("milk", "50", "ml") { $0.reference = true }, Self.ingredient("milk", "10", "ml"), line: 4),
            ]),
        ]))
        #expect(recipe.ingredients.map(\.group) == [nil, "Cooking"])
        #expect(recipe.ingredients.map(\.quantity) == [.exact(Rational(300)), .exact(Rational(10))])
        #expect(recipe.directions[1].marked?[0] == [.ingredient(name: "milk", line: 0), .ingredient(name: "milk", line: 1)])
    }

    @Test func stepsAreEscapedTextAndMarkedSpans() {
        var pan = Doc.Cookware(name: "frying pan", position: Self.at(1, 20))
        pan.amount = nil
        var timer = Doc.Timer(name: "", position: Self.at(1, 30))
        timer.amount = Doc.Amount(quantity: "1/2", unit: "hour", quantityPosition: Self.at(1, 32))
        let (recipe, _) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(.text("*Heat* the "), .cookware(pan), .text(" for "), .timer(timer), .text(" [then] <b>")),
            Self.step(.cookware(Doc.Cookware(name: "frying pan", position: Self.at(3, 1))), .cookware(Doc.Cookware(name: "whisk", position: Self.at(3, 9))), line: 3),
            .note(Doc.Note(text: "Best on _day one_.", position: Self.at(5, 1))),
        ])]))
        #expect(recipe.directions[0].steps[0] == #"\*Heat\* the frying pan for 1/2 hour \[then\] \<b\>"#)
        #expect(recipe.directions[0].marked?[0] == [
            .text("*Heat* the "), .cookware(name: "frying pan"), .text(" for "),
            .timer(name: "", text: "1/2 hour", seconds: 1800), .text(" [then] <b>"),
        ])
        #expect(recipe.cookware == ["frying pan", "whisk"])
        #expect(recipe.notes == #"Best on \_day one\_."#)
        #expect(CooklangReader.escapedMarkdown("1. Mix") == #"1\. Mix"#)
        #expect(CooklangReader.escapedMarkdown("- a") == #"\- a"#)
    }

    @Test func aRecipeReferenceIsASubRecipeWithAReference() {
        let (recipe, decoder) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(Self.ingredient("Pizza Dough", "1", "batch", at: Self.at(2, 7)) { $0.recipePath = "Shared/Pizza Dough" },
                      Self.ingredient("pesto", at: Self.at(2, 30)) { $0.recipePath = "recipes/pesto" }),
        ])]))
        #expect(recipe.ingredients.map(\.recipe) == ["shared-pizza-dough", "pesto"])
        #expect(decoder.references.map(\.target) == ["shared-pizza-dough", "pesto"])
        #expect(decoder.references.map { $0.location.position.description } == ["2:7", "2:30"])
    }

    @Test func fixedAmountsScaleWithAWarning() {
        let (recipe, decoder) = Self.recipe(Self.document([Doc.Section(name: nil, position: Self.at(1, 1), blocks: [
            Self.step(Self.ingredient("salt", "1", "tsp") { $0.amount?.fixed = true }),
        ])]))
        #expect(recipe.ingredients[0].quantity == .exact(Rational(1)))
        #expect(decoder.diagnostics.map(\.code) == ["fixed-amount"])
    }

    // MARK: Pictures

    @Test func picturesBesideTheFileAreTheRecipesAndItsSteps() {
        let (recipe, decoder) = Self.recipe(
            Self.document([
                Doc.Section(name: nil, position: Self.at(1, 1), blocks: [Self.step(.text("one")), Self.step(.text("two"), line: 3)]),
                Doc.Section(name: "Later", position: Self.at(5, 1), blocks: [Self.step(.text("three"), line: 6)]),
            ]),
            images: ["Easy Pancakes.3.jpg", "Easy Pancakes.jpg", "Easy Pancakes.9.png"]
        )
        #expect(recipe.image == "Breakfast/Easy Pancakes.jpg")
        #expect(recipe.directions[0].stepImages == nil)
        #expect(recipe.directions[1].stepImages == ["Breakfast/Easy Pancakes.3.jpg"])
        // Each picture is checked like any image; the one for a missing step is not used.
        #expect(decoder.references.map(\.target) == ["Breakfast/Easy Pancakes.3.jpg", "Breakfast/Easy Pancakes.jpg", "Breakfast/Easy Pancakes.9.png"])
    }

    @Test func theMetadataImageWinsOverThePictureBeside() {
        let (recipe, _) = Self.recipe(Self.document([], metadata: [("image", "images/p.jpg")]), images: ["Easy Pancakes.jpg"])
        #expect(recipe.image == "images/p.jpg")
    }

    // MARK: Menus

    @Test func aMenuIsAShoppingListOfRecipesAndItems() {
        let menu = Self.document([
            Doc.Section(name: "Monday", position: Self.at(3, 1), blocks: [
                Self.step(Self.ingredient("Easy Pancakes", "10", "servings", at: Self.at(4, 1)) { $0.recipePath = "Breakfast/Easy Pancakes" },
                          Self.ingredient("milk", "1", "l", at: Self.at(4, 40)), line: 4),
            ]),
            Doc.Section(name: "Tuesday", position: Self.at(6, 1), blocks: [
                Self.step(Self.ingredient("Pizza Dough", "2", at: Self.at(7, 1)) { $0.recipePath = "Shared/Pizza Dough" },
                          Self.ingredient("soup", at: Self.at(7, 30)) { $0.recipePath = "soup" }, line: 7),
                .note(Doc.Note(text: "Shop on Sunday.", position: Self.at(8, 1))),
            ]),
        ], metadata: [("servings", "3")])
        let (content, decoder) = Self.read(menu, path: "Plans/Week 1.menu")
        guard case .list(let list) = content else { Issue.record("not a list"); return }
        #expect(list.id == "plans-week-1")
        #expect(list.title == "Week 1")
        #expect(list.kind == .shopping)
        #expect(list.recipes == [
            RecipeRequest(recipe: "breakfast-easy-pancakes", servings: Rational(10)),
            RecipeRequest(recipe: "shared-pizza-dough", servings: Rational(2)),
            RecipeRequest(recipe: "soup", servings: Rational(3)),
        ])
        #expect(list.items.map(\.name) == ["milk"])
        #expect(list.items[0].section == "Monday")
        #expect(list.items[0].unit == .litre)
        #expect(list.description == "Shop on Sunday.")
        #expect(decoder.references.filter { $0.kind == .recipe }.map(\.target) == ["breakfast-easy-pancakes", "shared-pizza-dough", "soup"])
        #expect(decoder.references.filter { $0.kind == .servings }.count == 3)
    }
}
