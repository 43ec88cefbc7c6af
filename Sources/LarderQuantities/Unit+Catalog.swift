// The units Larder knows. Factors are exact: the international pound and
// ounce, the US customary cup, and US spoons derived from the cup.
extension Unit {
    private static func ratio(_ numerator: Int, _ denominator: Int) -> Rational {
        Rational.normalised(numerator, denominator) ?? .zero
    }

    private static let cupInMillilitres = ratio(2_365_882_365, 10_000_000)

    // MARK: Mass (base: gram)

    public static let milligram = Unit(
        "mg", .mass, .metric, factor: ratio(1, 1000), symbol: "mg", "milligram", "milligrams",
        aliases: ["milligramme", "milligrammes"])
    public static let gram = Unit(
        "g", .mass, .metric, factor: 1, symbol: "g", "gram", "grams",
        aliases: ["gr", "grm", "gramme", "grammes"])
    public static let kilogram = Unit(
        "kg", .mass, .metric, factor: 1000, symbol: "kg", "kilogram", "kilograms",
        aliases: ["kgs", "kilo", "kilos", "kilogramme", "kilogrammes"])
    public static let ounce = Unit(
        "oz", .mass, .us, factor: ratio(28_349_523_125, 1_000_000_000), symbol: "oz", "ounce", "ounces",
        aliases: ["ozs"])
    public static let pound = Unit(
        "lb", .mass, .us, factor: ratio(45_359_237, 100_000), symbol: "lb", "pound", "pounds",
        aliases: ["lbs"])

    // MARK: Volume (base: millilitre)

    public static let millilitre = Unit(
        "ml", .volume, .metric, factor: 1, symbol: "ml", "millilitre", "millilitres",
        aliases: ["mls", "milliliter", "milliliters"])
    public static let centilitre = Unit(
        "cl", .volume, .metric, factor: 10, symbol: "cl", "centilitre", "centilitres",
        aliases: ["centiliter", "centiliters"])
    public static let decilitre = Unit(
        "dl", .volume, .metric, factor: 100, symbol: "dl", "decilitre", "decilitres",
        aliases: ["deciliter", "deciliters"])
    public static let litre = Unit(
        "l", .volume, .metric, factor: 1000, symbol: "l", "litre", "litres",
        aliases: ["lt", "ltr", "ltrs", "liter", "liters"])
    public static let teaspoon = Unit(
        "tsp", .volume, .us, factor: cupInMillilitres * ratio(1, 48), symbol: "tsp", "teaspoon", "teaspoons",
        aliases: ["tsps", "tspn", "tspns"])
    public static let tablespoon = Unit(
        "tbsp", .volume, .us, factor: cupInMillilitres * ratio(1, 16), symbol: "tbsp", "tablespoon", "tablespoons",
        aliases: ["tbsps", "tbs", "tbl", "tbls", "tblsp", "tblspn"])
    public static let fluidOunce = Unit(
        "fl-oz", .volume, .us, factor: cupInMillilitres * ratio(1, 8), symbol: "fl oz", "fluid ounce", "fluid ounces",
        aliases: ["floz", "fl ozs", "fluid oz"])
    public static let cup = Unit(
        "cup", .volume, .us, factor: cupInMillilitres, "cup", "cups",
        aliases: ["c"])
    public static let pint = Unit(
        "pint", .volume, .us, factor: cupInMillilitres * 2, "pint", "pints",
        aliases: ["pt", "pts"])
    public static let quart = Unit(
        "quart", .volume, .us, factor: cupInMillilitres * 4, "quart", "quarts",
        aliases: ["qt", "qts"])
    public static let gallon = Unit(
        "gallon", .volume, .us, factor: cupInMillilitres * 16, "gallon", "gallons",
        aliases: ["gal", "gals"])

    // MARK: Count (base: one piece)

    public static let dozen = Unit("dozen", .count, .none, factor: 12, "dozen", "dozen", aliases: ["dozens", "doz"])

    // MARK: Other: each converts only to itself

    private static func other(_ singular: String, _ plural: String, aliases: [String] = []) -> Unit {
        Unit(singular, .other, .none, factor: 1, singular, plural, aliases: aliases)
    }

    public static let pinch = other("pinch", "pinches")
    public static let dash = other("dash", "dashes")
    public static let drop = other("drop", "drops")
    public static let clove = other("clove", "cloves")
    public static let can = other("can", "cans")
    public static let tin = other("tin", "tins")
    public static let jar = other("jar", "jars")
    public static let bottle = other("bottle", "bottles")
    public static let bunch = other("bunch", "bunches")
    public static let slice = other("slice", "slices")
    public static let piece = other("piece", "pieces", aliases: ["pc", "pcs"])
    public static let pack = other("pack", "packs", aliases: ["package", "packages", "packet", "packets", "pkg", "pkgs"])
    public static let bag = other("bag", "bags")
    public static let box = other("box", "boxes")
    public static let head = other("head", "heads")
    public static let sprig = other("sprig", "sprigs")
    public static let stalk = other("stalk", "stalks")
    public static let stick = other("stick", "sticks")
    public static let handful = other("handful", "handfuls")
    public static let loaf = other("loaf", "loaves")
    // Measured on real recipes (NYT, Cookstr): words that stand where a
    // unit does, before the food ("4 ribs celery", "2 ears corn"). Each
    // alone is still a name ("2 ribs"): see LineReader.finish.
    public static let rib = other("rib", "ribs")
    public static let ear = other("ear", "ears")
    public static let fillet = other("fillet", "fillets")
    public static let strip = other("strip", "strips")
    public static let sheet = other("sheet", "sheets")
    public static let leaf = other("leaf", "leaves")
    public static let rasher = other("rasher", "rashers")
    public static let cube = other("cube", "cubes")
    public static let bulb = other("bulb", "bulbs")
    public static let knob = other("knob", "knobs")
    public static let splash = other("splash", "splashes")
    public static let scoop = other("scoop", "scoops")
    public static let tub = other("tub", "tubs")
    public static let carton = other("carton", "cartons")
    public static let container = other("container", "containers")
    public static let envelope = other("envelope", "envelopes")
    public static let sachet = other("sachet", "sachets")
    public static let punnet = other("punnet", "punnets")
    public static let block = other("block", "blocks")
    public static let ball = other("ball", "balls")
    /// Of ginger or a cinnamon stick: "1 inch fresh ginger".
    public static let inch = other("inch", "inches")
    /// A whole batch of a sub-recipe: "1 batch [Pizza dough](pizza-dough)".
    public static let batch = other("batch", "batches")
}
