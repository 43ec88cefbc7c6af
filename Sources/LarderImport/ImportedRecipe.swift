import LarderCore

/// A recipe read from a page or a file, before it becomes a Larder recipe:
/// the text as the source wrote it, cleaned (entities decoded, tags
/// stripped, whitespace collapsed), never re-rendered.
public struct ImportedRecipe: Sendable, Hashable {
    /// A titled (or untitled) run of ingredient lines.
    public struct IngredientGroup: Sendable, Hashable {
        public var name: String?
        public var lines: [String]

        public init(name: String? = nil, lines: [String]) {
            self.name = name
            self.lines = lines
        }
    }

    /// A titled (or untitled) run of steps (a HowToSection).
    public struct DirectionSection: Sendable, Hashable {
        public var name: String?
        public var steps: [Step]

        public init(name: String? = nil, steps: [Step]) {
            self.name = name
            self.steps = steps
        }
    }

    /// A step: its text, and the short title some pages give it (a
    /// HowToStep's `name` when it is not just the start of its text).
    public struct Step: Sendable, Hashable {
        public var name: String?
        public var text: String

        public init(name: String? = nil, text: String) {
            self.name = name
            self.text = text
        }

        /// Whether the name only numbers the step ("3", "Step 3",
        /// "instruction 2"): no title worth writing.
        public var nameIsNumbering: Bool {
            guard let name else { return false }
            return name.wholeMatch(of: /(?i)(step|instruction|étape|schritt|paso|passo|stap|trin|krok)?\s*\d+[.:)]?/) != nil
        }
    }

    /// A duration as the source gave it and in minutes when it could be read.
    public struct Duration: Sendable, Hashable {
        public var text: String
        public var minutes: Int?

        public init(text: String, minutes: Int?) {
            self.text = text
            self.minutes = minutes
        }
    }

    /// A picture carried by the source itself (an app export's photo, a
    /// picture beside a file) or downloaded: the bytes, and where they came
    /// from (for messages). Written into `images/` beside the recipe.
    public struct Picture: Sendable, Hashable {
        public var bytes: [UInt8]
        public var origin: String

        public init(bytes: [UInt8], origin: String) {
            self.bytes = bytes
            self.origin = origin
        }
    }

    /// Which reader found the recipe.
    public enum Source: String, Sendable, Hashable {
        case jsonLD = "json-ld"
        case microdata
        case rdfa
        case recipeCard = "recipe-card"
        case hRecipe = "h-recipe"
        case cooklang
        // App exports (Sources/LarderImport/Exports).
        case paprika
        case mealie
        case tandoor
        case nextcloud
        case chowdown
        case planToEat = "plan-to-eat"
        case myRecipeBox = "my-recipe-box"
        case copyMeThat = "copy-me-that"
        case recipeKeeper = "recipe-keeper"
    }

    public var title: String
    public var description: String?
    /// The page's canonical address (or the one it was read from).
    public var url: String?
    public var author: String?
    /// The yield as written ("4 servings", "12 cookies", "4").
    public var yield: String?
    /// Servings, when the source gives them apart from the yield (an app's
    /// Servings and Yield columns: 7 servings of 1 loaf).
    public var servings: Int?
    public var prepTime: Duration?
    public var cookTime: Duration?
    /// The total as given, else prep + cook.
    public var totalTime: Duration?
    public var categories: [String] = []
    public var cuisines: [String] = []
    public var keywords: [String] = []
    public var ingredientGroups: [IngredientGroup] = []
    public var directionSections: [DirectionSection] = []
    public var notes: [String] = []
    /// Nutrition as `(schema.org property, value)`, in the source's order.
    public var nutrition: [(name: String, value: String)] = []
    /// Absolute image addresses, best first.
    public var images: [String] = []
    /// The picture's bytes, when the source carries them (`images` are
    /// addresses still to fetch).
    public var picture: Picture?
    public var source: Source
    /// For a recipe read from a `.cook` file: the id the file has in the
    /// folder it was imported from (`shared-pizza-dough` for
    /// `Shared/Pizza Dough.cook`), which other files' sub-recipe links name
    /// until the import gives it its own id (see `RecipeImporter.plan`).
    public var cooklangID: String?
    /// What the reader found but no recipe file field holds, one sentence
    /// each (a Cooklang recipe's cookware list, its other metadata).
    public var unmapped: [String] = []

    public init(title: String, source: Source) {
        self.title = title
        self.source = source
    }

    /// The number the yield gives ("Serves 4" → 4), the larger end of a
    /// range ("8-10", "2 to 4" → 10, 4), as recipe-scrapers reads it: what
    /// a servings field can hold; the yield's text stays as written.
    public var yieldNumber: Int? {
        guard let yield else { return nil }
        // What `/(\d+)(?:\s*(?:-|…|or)\s*(\d+))?/` finds first, scanned by
        // hand: a regex literal is compiled each time it is evaluated (a
        // Regex is not Sendable, so no static keeps one), and every
        // recipe's file asks for its yield. `\d` is `Character.isNumber`.
        let characters = Array(yield)
        func end(from start: Int, while matches: (Character) -> Bool) -> Int {
            characters[start...].firstIndex { !matches($0) } ?? characters.count
        }
        guard let start = characters.firstIndex(where: \.isNumber) else { return nil }
        let firstEnd = end(from: start, while: \.isNumber)
        let separator = end(from: firstEnd, while: \.isWhitespace)
        for word in ImportedRecipe.rangeWords where characters[separator...].starts(with: word) {
            let second = end(from: separator + word.count, while: \.isWhitespace)
            let secondEnd = end(from: second, while: \.isNumber)
            if secondEnd > second { return Int(String(characters[second..<secondEnd])) }
        }
        return Int(String(characters[start..<firstEnd]))
    }

    /// What joins the ends of a range of servings, in the order they are
    /// tried ("to" before "tot": the first that a number follows wins).
    static let rangeWords: [[Character]] = ["-", "–", "—", "to", "à", "a", "bis", "til", "tot", "ou", "or"].map(Array.init)

    /// Every ingredient line, groups flattened.
    public var ingredientLines: [String] { ingredientGroups.flatMap(\.lines) }

    /// Every step, sections flattened.
    public var steps: [Step] { directionSections.flatMap(\.steps) }

    public static func == (a: ImportedRecipe, b: ImportedRecipe) -> Bool {
        a.json == b.json
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(json)
    }
}

extension ImportedRecipe {
    /// The recipe as JSON (`larder read-page`, and later `--format json`).
    public var json: JSONOutput {
        func strings(_ values: [String]) -> JSONOutput? {
            values.isEmpty ? nil : .array(values.map { .string($0) })
        }
        func duration(_ d: Duration?) -> JSONOutput? {
            d.map { .fields(["text": .string($0.text), "minutes": $0.minutes.map { .int($0) }]) }
        }
        return .fields([
            "title": .string(title),
            "description": description.map { .string($0) },
            "url": url.map { .string($0) },
            "author": author.map { .string($0) },
            "yield": yield.map { .string($0) },
            "yieldNumber": yieldNumber.map { .int($0) },
            "servings": servings.map { .int($0) },
            "prepTime": duration(prepTime),
            "cookTime": duration(cookTime),
            "totalTime": duration(totalTime),
            "totalMinutes": totalTime?.minutes.map { .int($0) },
            "categories": strings(categories),
            "cuisines": strings(cuisines),
            "keywords": strings(keywords),
            "ingredientGroups": .array(ingredientGroups.map {
                .fields(["name": $0.name.map { .string($0) }, "lines": .array($0.lines.map { .string($0) })])
            }),
            "directionSections": .array(directionSections.map {
                .fields(["name": $0.name.map { .string($0) }, "steps": .array($0.steps.map { .fields(["name": $0.name.map { .string($0) }, "text": .string($0.text)]) })])
            }),
            "notes": strings(notes),
            "nutrition": nutrition.isEmpty ? nil : .object(nutrition.map { .init(key: $0.name, value: .string($0.value)) }),
            "images": strings(images),
            "picture": picture.map { .fields(["origin": .string($0.origin), "bytes": .int($0.bytes.count)]) },
            "source": .string(source.rawValue),
        ])
    }
}
