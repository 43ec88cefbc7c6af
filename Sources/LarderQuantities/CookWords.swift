/// The cook's words in an ingredient's name: what says how to prepare the
/// food, how big it is, or where a note starts, rather than what to buy.
/// ``LineReader`` moves them from the name to the note ("3 large eggs" buys
/// eggs; "1 medium onion, diced" buys an onion).
///
/// The lists follow the labels of the New York Times ingredient corpus
/// (preparation words such as "chopped", "minced", "freshly ground" are not
/// part of the name; "fresh", "dried", "ground", "frozen", "unsalted" are,
/// because they name a different product), with two departures made for
/// shopping: after a container ("1 can diced tomatoes") preparation words
/// stay, since the tin is sold that way; and "ground" is a product word
/// ("ground cinnamon" is not "cinnamon sticks", "ground beef" is not steak)
/// unless an adverb makes it a step ("freshly ground", "finely ground").
/// docs/format.md ("Names and notes") lists the rules.
enum CookWords {
    enum Kind: Int {
        /// A preparation step: "chopped", "minced", "softened".
        case preparation
        /// A preparation step only after the food ("heavy cream whipped",
        /// "garlic crushed"); before it, a product ("whipped cream",
        /// "crushed tomatoes", "roasted peppers").
        case preparationAfter
        /// "ground": a product word, unless an adverb comes first.
        case ground
        /// Modifies a preparation or size word: "finely", "freshly", "extra".
        case adverb
        /// How big: "large", "medium-size", "heaping".
        case size
        /// How the food is cut or sold, kept as a note: "boneless", "skin-on".
        case descriptor
        /// Starts a note when it follows a word of the name: "for", "to",
        /// "plus", "optional", "divided", "in".
        case noteStart
        /// "or": an alternative, kept in the name ("veal or beef stock"),
        /// unless what follows is an amount or a note ("or more to taste").
        case or
        /// A unit written after its food: "2 garlic cloves", "3 celery stalks".
        case unitAfterFood
    }

    static let preparations = [
        "chopped", "minced", "diced", "sliced", "grated", "shredded", "crumbled", "cubed", "julienned",
        "halved", "quartered", "peeled", "pitted", "seeded", "deseeded", "cored", "trimmed", "rinsed",
        "drained", "softened", "melted", "beaten", "whisked", "sifted", "packed", "cooked", "mashed",
        "pureed", "torn", "smashed", "squeezed", "zested", "hulled", "stemmed", "shelled", "deveined",
        "husked", "scrubbed", "thawed", "defrosted", "chilled", "cooled", "warmed", "blanched", "slivered",
        "snipped", "skinned", "segmented", "sectioned", "washed", "picked", "separated", "room-temperature",
        "toasted", "degreased", "strained", "shucked", "hard-cooked", "hard-boiled", "soft-boiled", "cold",
        "lukewarm", "warm", "dissolved", "shaved",
    ]
    static let adverbs = [
        "finely", "coarsely", "roughly", "thinly", "thickly", "freshly", "lightly", "firmly", "loosely",
        "well", "very", "evenly", "just", "slightly", "tightly", "extra", "and", "good", "best", "high",
        "fine", "coarse",
    ]
    static let sizes = [
        "small", "smallish", "medium", "large", "largish", "big", "jumbo", "heaping", "heaped", "scant",
        "size", "sized", "slender",
    ]
    /// Kept as a note because the corpora's labels and a shopper's list
    /// leave them out: "boneless", "ripe", "good quality".
    static let descriptors = [
        "boneless", "skinless", "bone-in", "skin-on", "ripe", "firm", "quality", "reduced-sodium",
        "low-sodium",
    ]
    static let noteStarts = [
        "for", "to", "as", "plus", "if", "optional", "divided", "at", "preferably", "with", "such",
        "about", "approximately", "in",
    ]
    /// After "or", these make the rest a note: "or more to taste", "or
    /// as needed" ("or other black olives" names a food).
    static let notesAfterOr: Set<String> = [
        "more", "less", "so", "your", "to", "as", "any", "similar", "another", "a", "an", "use",
    ]
    /// After "and", these make the rest a note: "oysters and their liquor".
    static let notesAfterAnd: Set<String> = ["their", "its"]

    /// Units that follow their food, and the foods they follow. Only these
    /// pairs: "2 bay leaves" and "3 cinnamon sticks" stay names.
    static let unitsAfterFood: [String: Set<String>] = [
        "clove": ["garlic"], "stalk": ["celery", "lemongrass"], "rib": ["celery"],
        "sprig": ["thyme", "rosemary", "parsley", "mint", "basil", "dill", "oregano", "sage", "tarragon", "cilantro"],
    ]
    private static let unitWordsAfterFood = [
        "clove", "cloves", "stalk", "stalks", "rib", "ribs", "sprig", "sprigs",
    ]

    /// Seasonings bought each on their own, which "and" splits: "Salt and
    /// pepper to taste" names salt and pepper, while "macaroni and cheese"
    /// stays one name.
    static let seasonings: Set<String> = [
        "salt", "kosher salt", "sea salt", "coarse salt", "table salt", "fine salt", "flaky salt",
        "flaky sea salt", "fine sea salt", "coarse sea salt", "coarse kosher salt",
        "pepper", "black pepper", "white pepper", "ground pepper", "ground black pepper",
        "ground white pepper", "cracked pepper", "cracked black pepper",
    ]

    /// Words that join two parts of a phrase: a name read as starting with
    /// one ("but ripe mango", "of fresh basil", "and pepper") lost its
    /// first part, so the reader warns.
    /// "each" too: "1 tsp each cumin and coriander" is two foods.
    static let joiningWords: Set<String> = ["and", "but", "of", "from", "with", "nor", "than", "the", "&", "each"]

    /// Signs no food's name holds: left in a name ("* prepared rice",
    /// "water 90°", "rice;"), they mean a note or an amount was misread.
    static let symbolsOutOfNames: Set<Unicode.Scalar> = ["*", ";", "°", ":", "=", "#", "†", "<", ">", "|"]

    /// Words that are amounts, not names: left in a name, they mean the
    /// amount was misread ("plus 2 tablespoons sugar").
    static let amountWords: Set<String> = ["plus", "about", "approximately", "x"]

    private static let table = UnitNameTable(
        preparations.map { ($0, Kind.preparation.rawValue) } + [("ground", Kind.ground.rawValue)]
            + adverbs.map { ($0, Kind.adverb.rawValue) } + sizes.map { ($0, Kind.size.rawValue) }
            + descriptors.map { ($0, Kind.descriptor.rawValue) } + noteStarts.map { ($0, Kind.noteStart.rawValue) }
            + [("or", Kind.or.rawValue)]
            + ["whipped", "crushed", "roasted"].map { ($0, Kind.preparationAfter.rawValue) }
            + unitWordsAfterFood.map { ($0, Kind.unitAfterFood.rawValue) })

    /// The kind of the word `word` (ASCII, any case; a trailing "." or ":"
    /// ignored), or `nil` for a word of the name. A hyphenated word whose
    /// parts are all preparation, adverb or size words is one of those:
    /// "finely-chopped", "extra-large", "medium-sized".
    static func kind(of word: ArraySlice<Unicode.Scalar>) -> Kind? {
        var word = word
        while let last = word.last, last == "." || last == ":" || last == ";" { word.removeLast() }
        if let kind = lookUp(word) { return kind }
        guard word.contains("-"), word.first != "-", word.last != "-" else { return nil }
        var sawSize = false
        for part in word.split(separator: "-") {
            switch lookUp(part) {
            case .preparation, .adverb: continue
            case .size: sawSize = true
            default: return nil
            }
        }
        return sawSize ? .size : .preparation
    }

    private static func lookUp(_ word: ArraySlice<Unicode.Scalar>) -> Kind? {
        var key = UnitNameTable.PackedName()
        for scalar in word {
            guard scalar.isASCII else { return nil }
            let byte = UInt8(truncatingIfNeeded: scalar.value)
            guard key.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) else { return nil }
        }
        return table.index(of: key).flatMap(Kind.init(rawValue:))
    }
}
