import LarderQuantities
import Testing

/// One ingredient line and the name, note and second foods read from it;
/// `unsure` when the line must carry an "unsure-name" warning.
struct NameCase: Sendable, CustomTestStringConvertible {
    var text: String
    var quantity: String?
    var unit: String?
    var name: String
    var note: String?
    var also: [String] = []
    var optional = false
    var unsure = false

    var testDescription: String { text }
}

private func line(
    _ text: String, _ quantity: String?, _ unit: String?, _ name: String, note: String? = nil,
    also: [String] = [], optional: Bool = false, unsure: Bool = false
) -> NameCase {
    NameCase(
        text: text, quantity: quantity, unit: unit, name: name, note: note, also: also, optional: optional,
        unsure: unsure)
}

/// Lines written as cookbooks and recipe sites write them (many from the
/// issue; the shapes are those of the NYT and Cookstr corpora).
let nameLines: [NameCase] = [
    // Preparation and descriptors after a comma, and a comma inside them.
    line("1 lb. boneless, skinless chicken thighs", "1", "lb", "chicken thighs", note: "boneless, skinless"),
    line("1 medium onion, diced", "1", nil, "onion", note: "medium, diced"),
    line("1 medium-size onion, peeled and chopped", "1", nil, "onion", note: "medium-size, peeled and chopped"),
    line("¼ cup butter, softened", "1/4", "cup", "butter", note: "softened"),
    line("1 cup unsalted butter, divided", "1", "cup", "unsalted butter", note: "divided"),
    line("2 large, ripe avocados", "2", nil, "avocados", note: "large, ripe"),
    line(
        "1¾ pounds lean, boneless beef stew meat, trimmed", "1 3/4", "lb", "beef stew meat",
        note: "lean, boneless, trimmed"),
    line("1/2 pound lean pork", "1/2", "lb", "lean pork"),
    line("1 cup (240 ml), milk", "1", "cup", "milk", note: "240 ml"),
    // Preparation leading the name; product words stay.
    line("1/4 cup chopped fresh parsley", "1/4", "cup", "fresh parsley", note: "chopped"),
    line("Freshly grated Parmesan", nil, nil, "Parmesan", note: "Freshly grated"),
    line("5 cups coarsely grated extra-sharp Cheddar", "5", "cup", "extra-sharp Cheddar", note: "coarsely grated"),
    line("4 tablespoons drained and rinsed capers", "4", "tbsp", "capers", note: "drained and rinsed"),
    line("1/2 cup packed light brown sugar", "1/2", "cup", "light brown sugar", note: "packed"),
    line("2 tablespoons extra virgin olive oil", "2", "tbsp", "extra virgin olive oil"),
    line("1 teaspoon ground cinnamon", "1", "tsp", "ground cinnamon"),
    line("1 lb ground beef", "1", "lb", "ground beef"),
    line("1/2 cup finely ground almonds", "1/2", "cup", "almonds", note: "finely ground"),
    line("2 dried pasilla chilies", "2", nil, "dried pasilla chilies"),
    line("1 cup frozen peas", "1", "cup", "frozen peas"),
    line("1 can diced tomatoes", "1", "can", "diced tomatoes"),
    line("1 cup diced tomatoes", "1", "cup", "tomatoes", note: "diced"),
    line("1 cup whipped cream", "1", "cup", "whipped cream"),
    // Preparation after the name with no comma.
    line("2 onions finely chopped", "2", nil, "onions", note: "finely chopped"),
    line("3 carrots peeled and diced", "3", nil, "carrots", note: "peeled and diced"),
    line("4 tablespoons heavy cream whipped", "4", "tbsp", "heavy cream", note: "whipped"),
    line("2 cloves garlic crushed", "2", "clove", "garlic", note: "crushed"),
    line("1 can crushed tomatoes", "1", "can", "crushed tomatoes"),
    line("1 cup crushed tomatoes", "1", "cup", "crushed tomatoes"),
    line("4 shucked oysters chopped very fine", "4", nil, "oysters", note: "shucked, chopped very fine"),
    line("3 cups lamb ground coarsely", "3", "cup", "lamb", note: "ground coarsely"),
    line("1 cup pitted Kalamata or other black olives", "1", "cup", "Kalamata or other black olives", note: "pitted", unsure: true),
    line("1 cup coarse salt", "1", "cup", "coarse salt"),
    // Sizes.
    line("3 large eggs", "3", nil, "eggs", note: "large"),
    line("3 extra-large eggs", "3", nil, "eggs", note: "extra-large"),
    line("2 medium sized potatoes", "2", nil, "potatoes", note: "medium sized"),
    line("1 small red onion", "1", nil, "red onion", note: "small"),
    // Notes without a comma.
    line("Chopped fresh parsley leaves for garnish", nil, nil, "fresh parsley leaves", note: "Chopped, for garnish"),
    line("Extra virgin olive oil as needed", nil, nil, "Extra virgin olive oil", note: "as needed"),
    line("2 cups flour plus more for dusting", "2", "cup", "flour", note: "plus more for dusting"),
    line("1 cup canned plum tomatoes with juice", "1", "cup", "canned plum tomatoes", note: "with juice"),
    line("1 cup walnuts optional", "1", "cup", "walnuts", optional: true),
    line("1 cup sifted granulated sugar (optional)", "1", "cup", "granulated sugar", note: "sifted", optional: true),
    // Alternatives.
    // Alternatives: kept in the name, as the corpora label them ("veal or
    // beef stock" is neither veal nor stock), unless an amount or a note
    // follows the "or".
    line("1/3 cup kirsch or dark rum", "1/3", "cup", "kirsch or dark rum"),
    line("6 cups veal or beef stock", "6", "cup", "veal or beef stock"),
    line("1 cup farro, spelt or barley", "1", "cup", "farro", note: "spelt or barley"),
    line("2 tablespoons corn, peanut or vegetable oil", "2", "tbsp", "corn, peanut or vegetable oil"),
    line("salt, or to taste", nil, nil, "salt", note: "or to taste"),
    line("1 teaspoon sugar or more to taste", "1", "tsp", "sugar", note: "or more to taste"),
    line(
        "2 cups chopped tomatoes or 1 can, drained", "2", "cup", "tomatoes", note: "chopped, or 1 can, drained"),
    line("2 cups cooked medium- or long-grain rice", "2", "cup", "medium- or long-grain rice", note: "cooked"),
    // Seasonings bought each on their own; other foods joined by "and".
    line("Salt and pepper to taste", nil, nil, "Salt", note: "to taste", also: ["pepper"]),
    line("Salt and pepper, to taste", nil, nil, "Salt", note: "to taste", also: ["pepper"]),
    line("Salt and freshly ground black pepper", nil, nil, "Salt", note: "freshly ground", also: ["black pepper"]),
    line("Kosher salt and black pepper", nil, nil, "Kosher salt", also: ["black pepper"]),
    line("12 oysters and their liquor", "12", nil, "oysters", note: "and their liquor"),
    line("1 cup macaroni and cheese", "1", "cup", "macaroni and cheese"),
    line("Salt and sugar", nil, nil, "Salt and sugar"),
    // Parenthesised synonyms and notes.
    line("cilantro (coriander)", nil, nil, "cilantro", note: "coriander"),
    line("1 cup (about 4 ounces) walnuts", "1", "cup", "walnuts", note: "about 4 ounces"),
    line("2 cups chopped (1/2-inch) zucchini", "2", "cup", "zucchini", note: "chopped, 1/2-inch"),
    // A unit after its food.
    line("3 garlic cloves, minced", "3", "clove", "garlic", note: "minced"),
    line("2 large garlic cloves", "2", "clove", "garlic", note: "large"),
    line("3 celery stalks", "3", "stalk", "celery"),
    line("4 thyme sprigs", "4", "sprig", "thyme"),
    line("2 bay leaves", "2", nil, "bay leaves"),
    line("1 teaspoon ground cloves", "1", "tsp", "ground cloves"),
    // The amount after the name.
    line("sugar, 6 tablespoons", "6", "tbsp", "sugar"),
    // An amount that ends the name, with no comma (Cookstr writes them so).
    line("Egg yolks 4 (72 grams)", "4", nil, "Egg yolks", note: "72 grams"),
    line("Powdered sugar 1/4 cup", "1/4", "cup", "Powdered sugar"),
    line("Red pepper 1, diced", "1", nil, "Red pepper", note: "diced"),
    line("2% milk", nil, nil, "2% milk"),
    line("Tomatoes 400 g can", nil, nil, "Tomatoes 400 g can", unsure: true),
    line("Butter, 2 tbsp, softened", "2", "tbsp", "Butter", note: "softened"),
    line("Eggs, 2", "2", nil, "Eggs"),
    line("Lemon, 1 sliced", nil, nil, "Lemon", note: "1 sliced"),
    // Unsure: kept as read, and warned.
    line("1 lb boneless", "1", "lb", "boneless", unsure: true),
    line("2 large", "2", nil, "large", unsure: true),
    line("8 oz cream cheese 1 cup sugar", "8", "oz", "cream cheese 1 cup sugar", unsure: true),
    line("1/3 cup sliced almonds 75 mL", "1/3", "cup", "almonds 75 mL", note: "sliced", unsure: true),
    line("1/2 cup butter cup sugar", "1/2", "cup", "butter cup sugar", unsure: true),
    line("or 3 carrots", nil, nil, "or 3 carrots", unsure: true),
    line("plus more for the pan", nil, nil, "plus more", note: "for the pan", unsure: true),
    line("1 cup flour plus 2 tablespoons", "1", "cup", "flour", note: "plus 2 tablespoons"),
    line("2 whole cloves", "2", nil, "whole cloves"),
    line("1 teaspoon cloves", "1", "tsp", "cloves"),
    line("1 cup 2% milk", "1", "cup", "2% milk"),
    line("1 cup 00 flour", "1", "cup", "00 flour"),
    line("2 tablespoons A1 sauce", "2", "tbsp", "A1 sauce"),
    // An alternative that names the whole food again is a note.
    line("1 cup brown sugar or raw sugar", "1", "cup", "brown sugar", note: "or raw sugar"),
    line("2 cups cooked chicken or leftover turkey", "2", "cup", "chicken or leftover turkey", note: "cooked"),
    // A range of sizes.
    line("6 medium to large potatoes", "6", nil, "potatoes", note: "medium to large"),
    line("1/4 cup shaved Parmesan", "1/4", "cup", "Parmesan", note: "shaved"),
    line("1 tsp x400g tomatoes", "1", "tsp", "x400g tomatoes", unsure: true),
    // A number, a joining word or a sign left in the name: warned.
    line("3 2-inch-long chunks lemongrass", "3", nil, "2-inch-long chunks lemongrass", unsure: true),
    line("Pith 1 orange", nil, nil, "Pith 1 orange", unsure: true),
    line("1/2 cup firm but ripe pear, sliced", "1/2", "cup", "but ripe pear", note: "firm, sliced", unsure: true),
    line("2 cups (packed)* spinach", "2", "cup", "* spinach", note: "packed", unsure: true),
    line("1 cup water 110°", "1", "cup", "water 110°", unsure: true),
    line("2 tablespoons thin ribbons of mint", "2", "tbsp", "thin ribbons of mint", unsure: true),
    line("1 can hearts of palm", "1", "can", "hearts of palm", unsure: true),
    line("1 tsp cream of tartar", "1", "tsp", "cream of tartar"),
    line("1 cup sherry or other fortified wine", "1", "cup", "sherry or other fortified wine", unsure: true),
    line("thumb-sized piece ginger", nil, nil, "thumb-sized piece ginger", unsure: true),
    line("1 tsp each cumin and coriander", "1", "tsp", "each cumin and coriander", unsure: true),
    // Nothing but a preparation after the comma: the unit word is the food.
    line("4 cloves, crushed", "4", nil, "cloves", note: "crushed"),
]

@Suite("Ingredient names")
struct IngredientNameTests {
    @Test(arguments: nameLines)
    func readsName(_ expected: NameCase) {
        let line = LineParser.parseIngredient(expected.text)
        #expect(line.problems == [])
        #expect(line.quantity?.description == expected.quantity)
        #expect(line.unit?.id == expected.unit)
        #expect(line.name == expected.name)
        #expect(line.note == expected.note)
        #expect(line.alsoNames == expected.also)
        #expect(line.optional == expected.optional)
        #expect(line.warnings.map(\.code) == (expected.unsure ? ["unsure-name"] : []))
    }

    /// Ranges still point at the words they stand for.
    @Test(arguments: nameLines)
    func rangesPointAtTheirText(_ expected: NameCase) {
        let line = LineParser.parseIngredient(expected.text)
        let scalars = Array(expected.text.unicodeScalars)
        func text(_ range: Range<Int>?) -> String? {
            range.map { String(String.UnicodeScalarView(scalars[$0])) }
        }
        let words = line.name.split(separator: " ").map(String.init)
        let written = text(line.nameRange) ?? ""
        #expect(written.hasPrefix(words.first ?? "-") && written.hasSuffix(words.last ?? "-"))
        if let unit = line.unit { #expect(text(line.unitRange).flatMap(UnitCatalog.unit(named:)) == unit) }
    }

    @Test func warningShowsHowTheLineWasRead() {
        let line = LineParser.parseIngredient("1 lb boneless, trimmed")
        #expect(line.warnings == [LineProblem(
            offset: 5, code: "unsure-name",
            message: "the name \"boneless\" says how to prepare the food, not what it is",
            hint: "read as: 1 lb \"boneless\" (trimmed); write the amount first and notes after a comma, as in 2 cups flour, sifted")])
        let amount = LineParser.parseIngredient("8 oz cream cheese 1 cup sugar")
        #expect(amount.warnings.first?.message == "the name \"cream cheese 1 cup sugar\" has \"1\" in it, which looks like an amount")
        let unit = LineParser.parseIngredient("1/2 cup butter cup sugar")
        #expect(unit.warnings.first?.message == "the name \"butter cup sugar\" has the unit \"cup\" in it")
    }

    /// "2 cups, sifted" names nothing: still a missing name, not "sifted".
    @Test func commaBeforeOnlyCookWordsIsNoName() {
        #expect(LineParser.parseIngredient("2 cups, sifted").problems.map(\.code) == ["missing-name"])
    }

    /// Shopping-list items keep their names as written.
    /// "7 Up" is a drink, not seven of "Up", wherever it stands; "7 apples"
    /// stays a count (the table has both).
    @Test func productNamesStartingWithANumberAreNames() {
        let counted = LineParser.parseItem("2 7 Up")
        #expect(counted.quantity == .exact(Rational(2)))
        #expect(counted.name == "7 Up")
        #expect(counted.warnings == [])
        let poured = LineParser.parseIngredient("1 cup 7 Up, chilled")
        #expect(poured.unit?.id == "cup")
        #expect(poured.name == "7 Up")
        #expect(poured.warnings == [])
        #expect(LineParser.parseIngredient("7 Up").quantity == nil)
    }

    @Test func itemsKeepTheirWords() {
        #expect(LineParser.parseItem("3 large eggs").name == "large eggs")
        #expect(LineParser.parseItem("Salt and pepper").name == "Salt and pepper")
        #expect(LineParser.parseItem("2 garlic cloves").name == "garlic cloves")
    }

    /// Good lines are read without a warning: every ingredient line of the
    /// table but those whose expected name shows a misread head (a number in
    /// it, or a unit first: "Juice of 1 lemon", "Pinch of salt").
    @Test(arguments: ingredientLines)
    func goodLinesDoNotWarn(_ expected: LineCase) {
        let words = expected.name.split(separator: " ")
        let misread = expected.name.contains(where: \.isNumber)
            || (words.count > 1 && UnitCatalog.unit(named: String(words[0])) != nil)
        #expect(expected.parse().warnings.isEmpty || misread)
    }

}
