import Larder
import LarderTemplate

// The values templates see. Every field is plain text that Mustache escapes
// (`{{name}}`), except fields whose names end in `HTML` (already safe HTML
// from the Markdown renderer or the builder, written `{{{nameHTML}}}`), and
// `jsonLD`, JSON made safe for a <script> element.
//
// Links are relative to the page (`root` leads back to the site root), so the
// site works from a subpath and from file://.
//
// Each struct lists its fields for the template (`templateValue`, in the
// order declared): written out, not reflected, since that runs for every
// page. Debug builds check the lists against the structs (TemplateFieldCheck).

/// What every page has: the site, the page's own meta, the navigation.
struct PageContext<Body: Sendable & TemplateValueConvertible>: Sendable, TemplateValueConvertible {
    var site: SiteInfo
    var page: PageMeta
    var nav: [NavLink]
    var body: Body

    var templateValue: TemplateValue {
        .object([
            .init("site", site),
            .init("page", page),
            .init("nav", nav),
            .init("body", body),
        ])
    }
}

struct SiteInfo: Sendable, TemplateValueConvertible {
    var title: String
    var description: String?
    var language: String
    var generator: String

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("description", description),
            .init("language", language),
            .init("generator", generator),
        ])
    }
}

struct PageMeta: Sendable, TemplateValueConvertible {
    /// `<title>` and the page heading.
    var title: String
    /// Plain text for `<meta name=description>` and link previews.
    var description: String?
    /// From this page to the site root: "", "../", "../../".
    var root: String
    /// Absolute URL of this page when the site has a `baseURL`.
    var canonicalURL: String?
    /// Absolute URL of the preview image when there is one and a `baseURL`.
    var imageURL: String?
    /// `og:type`: "website" or "article".
    var kind: String
    /// Unlisted pages: `<meta name=robots content=noindex>`.
    var noindex: Bool
    /// For `<body class=…>`: "page-index", "page-list", "page-recipe"…
    var name: String

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("description", description),
            .init("root", root),
            .init("canonicalURL", canonicalURL),
            .init("imageURL", imageURL),
            .init("kind", kind),
            .init("noindex", noindex),
            .init("name", name),
        ])
    }
}

struct NavLink: Sendable, TemplateValueConvertible {
    var title: String
    var href: String
    var current: Bool

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("href", href),
            .init("current", current),
        ])
    }
}

// MARK: Summaries (index, category, tag, favorites pages)

struct ListSummary: Sendable, TemplateValueConvertible {
    var title: String
    var href: String
    var kind: String
    /// "12 items, 4 left" / "8 places"
    var countText: String
    var favorite: Bool

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("href", href),
            .init("kind", kind),
            .init("countText", countText),
            .init("favorite", favorite),
        ])
    }
}

struct RecipeSummary: Sendable, TemplateValueConvertible {
    var title: String
    var href: String
    /// Plain text, one or two sentences.
    var summary: String?
    var imageHref: String?
    var imageAlt: String
    /// "45 min"
    var timeText: String?
    var favorite: Bool

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("href", href),
            .init("summary", summary),
            .init("imageHref", imageHref),
            .init("imageAlt", imageAlt),
            .init("timeText", timeText),
            .init("favorite", favorite),
        ])
    }
}

struct RecipeGroup: Sendable, TemplateValueConvertible {
    var name: String
    var href: String?
    var recipes: [RecipeSummary]

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("href", href),
            .init("recipes", recipes),
        ])
    }
}

struct IndexBody: Sendable, TemplateValueConvertible {
    var current: ListSummary?
    var lists: [ListSummary]
    var recipeGroups: [RecipeGroup]
    var favoriteRecipes: [RecipeSummary]
    var favoriteLists: [ListSummary]
    var favoriteItems: [String]
    var hasFavorites: Bool

    var templateValue: TemplateValue {
        .object([
            .init("current", current),
            .init("lists", lists),
            .init("recipeGroups", recipeGroups),
            .init("favoriteRecipes", favoriteRecipes),
            .init("favoriteLists", favoriteLists),
            .init("favoriteItems", favoriteItems),
            .init("hasFavorites", hasFavorites),
        ])
    }
}

/// Category, tag and favorites pages, and the category/tag overviews.
struct CollectionBody: Sendable, TemplateValueConvertible {
    var heading: String
    var intro: String?
    var recipes: [RecipeSummary]
    var lists: [ListSummary]
    var items: [String]
    /// Overviews: links to each category or tag with a count.
    var links: [CountLink]

    var templateValue: TemplateValue {
        .object([
            .init("heading", heading),
            .init("intro", intro),
            .init("recipes", recipes),
            .init("lists", lists),
            .init("items", items),
            .init("links", links),
        ])
    }
}

struct CountLink: Sendable, TemplateValueConvertible {
    var title: String
    var href: String
    var count: Int

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("href", href),
            .init("count", count),
        ])
    }
}

// MARK: List page

struct ListBody: Sendable, TemplateValueConvertible {
    var id: String
    var title: String
    var kind: String
    var isShopping: Bool
    var isChecklist: Bool
    var isCollection: Bool
    var descriptionHTML: String?
    var membersText: String?
    var countText: String
    /// Key of the ticked-off state in the browser's localStorage.
    var storageKey: String
    var textHref: String
    /// The list as plain text, for Copy and Share (also in `textHref`).
    var shareText: String
    var groups: [StoreGroup]
    var recipes: [ListRecipe]
    var totalText: String?
    var favorite: Bool
    /// The shopping sheet (`print/index.html`), for shopping lists.
    var printHref: String?
    /// The last changes and suggestions, from git (only on the list's own
    /// page, so an unlisted list's history stays behind its secret address).
    var history: ListHistoryView?

    var templateValue: TemplateValue {
        .object([
            .init("id", id),
            .init("title", title),
            .init("kind", kind),
            .init("isShopping", isShopping),
            .init("isChecklist", isChecklist),
            .init("isCollection", isCollection),
            .init("descriptionHTML", descriptionHTML),
            .init("membersText", membersText),
            .init("countText", countText),
            .init("storageKey", storageKey),
            .init("textHref", textHref),
            .init("shareText", shareText),
            .init("groups", groups),
            .init("recipes", recipes),
            .init("totalText", totalText),
            .init("favorite", favorite),
            .init("printHref", printHref),
            .init("history", history),
        ])
    }
}

struct StoreGroup: Sendable, TemplateValueConvertible {
    /// nil when the list names no stores at all; "Any store" for the items
    /// with none when others have one.
    var name: String?
    var mapHref: String?
    var geoHref: String?
    var addressText: String?
    var sections: [ItemSection]
    var totalText: String?

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("mapHref", mapHref),
            .init("geoHref", geoHref),
            .init("addressText", addressText),
            .init("sections", sections),
            .init("totalText", totalText),
        ])
    }
}

/// Items under one category (shopping) or one heading (other kinds).
struct ItemSection: Sendable, TemplateValueConvertible {
    var name: String?
    var emoji: String?
    var items: [ItemView]

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("emoji", emoji),
            .init("items", items),
        ])
    }
}

struct ItemView: Sendable, TemplateValueConvertible {
    /// Unique in the page, stable across builds: the checkbox's id and
    /// storage key.
    var id: String
    /// A fingerprint of the item as the file has it (``SiteBuilder/tickKey``):
    /// a tick kept in the browser for another one is dropped.
    var tickKey: String
    var name: String
    /// "2", "1 ½ kg", "500 g"
    var quantityText: String?
    var note: String?
    var checked: Bool
    var priorityHigh: Bool
    var priorityLow: Bool
    /// "high priority" / "low priority": the text marker beside the colour.
    var priorityText: String?
    var requestedBy: String?
    var priceText: String?
    var added: String?
    var imageHref: String?
    var url: String?
    var details: [DetailView]
    var favorite: Bool
    /// "from Pancakes ×8" when it came from a recipe.
    var sourceText: String?

    var templateValue: TemplateValue {
        .object([
            .init("id", id),
            .init("tickKey", tickKey),
            .init("name", name),
            .init("quantityText", quantityText),
            .init("note", note),
            .init("checked", checked),
            .init("priorityHigh", priorityHigh),
            .init("priorityLow", priorityLow),
            .init("priorityText", priorityText),
            .init("requestedBy", requestedBy),
            .init("priceText", priceText),
            .init("added", added),
            .init("imageHref", imageHref),
            .init("url", url),
            .init("details", details),
            .init("favorite", favorite),
            .init("sourceText", sourceText),
        ])
    }
}

struct DetailView: Sendable, TemplateValueConvertible {
    var key: String
    var value: String
    /// The value, when it is one http(s) address: shown as a link.
    var href: String?

    /// `text` when it is a single http(s) URL with a host (no space, no
    /// other scheme), else nil: only such a value of the data becomes a link.
    static func webAddress(_ text: String) -> String? {
        let lower = text.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        guard scheme > 0, text.count > scheme, !text.contains(where: { $0.isWhitespace || $0.isNewline }),
              let host = text.dropFirst(scheme).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first,
              !host.isEmpty, !host.hasPrefix("?"), !host.hasPrefix("#")
        else { return nil }
        return text
    }

    var templateValue: TemplateValue {
        .object([
            .init("key", key),
            .init("value", value),
            .init("href", href),
        ])
    }
}

extension DetailView {
    /// A collection item's detail; a web address in it is a link.
    init(_ detail: Detail) {
        self.init(key: detail.key, value: detail.value, href: Self.webAddress(detail.value))
    }
}

struct ListRecipe: Sendable, TemplateValueConvertible {
    var title: String
    var href: String
    var servingsText: String?

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("href", href),
            .init("servingsText", servingsText),
        ])
    }
}

// MARK: Recipe page

struct RecipeBody: Sendable, TemplateValueConvertible {
    var id: String
    var title: String
    var descriptionHTML: String?
    var imageHref: String?
    var imageAlt: String
    var category: CountLink?
    var cuisine: String?
    var tags: [CountLink]
    /// The servings the quantities are written for (the control's start).
    var servings: Int?
    /// The servings as shown: "4", or "4–6" (``Recipe/servingsText``).
    var servingsShown: String?
    /// The units the servings control needs (``QuantityDisplay/unitTable(for:)``).
    var unitsJSON: String?
    /// The config's `units` ("metric", "us"): rescaled amounts are shown in
    /// it, as `larder share` and `larder print` show them.
    var unitSystem: String?
    var yield: String?
    var times: [TimeView]
    var author: String?
    var sourceText: String?
    var sourceHref: String?
    var date: String?
    /// Metadata Larder has no field for (``Recipe/otherMetadata``), key: value.
    var otherMetadata: [DetailView]
    var nutrition: [DetailView]
    var ingredientGroups: [IngredientGroupView]
    /// What the steps name (Cooklang `#pot{}`), once each.
    var cookware: [String]
    var directionSections: [DirectionSectionView]
    var notesHTML: String?
    var textHref: String
    /// Key of the ticked ingredients in the browser's localStorage.
    var storageKey: String
    var favorite: Bool
    /// schema.org Recipe, safe inside <script type="application/ld+json">.
    var jsonLD: String

    var templateValue: TemplateValue {
        .object([
            .init("id", id),
            .init("title", title),
            .init("descriptionHTML", descriptionHTML),
            .init("imageHref", imageHref),
            .init("imageAlt", imageAlt),
            .init("category", category),
            .init("cuisine", cuisine),
            .init("tags", tags),
            .init("servings", servings),
            .init("servingsShown", servingsShown),
            .init("unitsJSON", unitsJSON),
            .init("unitSystem", unitSystem),
            .init("yield", yield),
            .init("times", times),
            .init("author", author),
            .init("sourceText", sourceText),
            .init("sourceHref", sourceHref),
            .init("date", date),
            .init("otherMetadata", otherMetadata),
            .init("nutrition", nutrition),
            .init("ingredientGroups", ingredientGroups),
            .init("cookware", cookware),
            .init("directionSections", directionSections),
            .init("notesHTML", notesHTML),
            .init("textHref", textHref),
            .init("storageKey", storageKey),
            .init("favorite", favorite),
            .init("jsonLD", jsonLD),
        ])
    }
}

struct TimeView: Sendable, TemplateValueConvertible {
    var label: String
    var text: String
    var iso: String

    var templateValue: TemplateValue {
        .object([
            .init("label", label),
            .init("text", text),
            .init("iso", iso),
        ])
    }
}

struct IngredientGroupView: Sendable, TemplateValueConvertible {
    var name: String?
    var ingredients: [IngredientView]

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("ingredients", ingredients),
        ])
    }
}

struct IngredientView: Sendable, TemplateValueConvertible {
    var id: String
    /// A fingerprint of the line as the file has it (``SiteBuilder/tickKey``).
    var tickKey: String
    /// As shown at the recipe's own servings: "1 ½", "200", "2-3".
    var quantityText: String?
    /// For the servings control: exact value(s) as "num/den", e.g. "3/2" or
    /// "2/1-3/1" for a range; nil when there is no quantity.
    var quantityValue: String?
    /// The unit's id in the servings control's table ("cup"), or the unit
    /// as written when Larder does not know it (`unitName`).
    var unitID: String?
    var unitName: String?
    /// One package's size ("400/1", with its unit's id or name), for "2 tins
    /// (800 g)" once rescaled.
    var sizeValue: String?
    var sizeUnitID: String?
    var sizeUnitName: String?
    /// Grams per cup of the food, when it is measured by volume and
    /// ``Densities`` has it: a metric kitchen shows its weight once rescaled.
    var gramsPerCup: String?
    var unitText: String?
    var name: String
    var note: String?
    var optional: Bool
    var recipeHref: String?

    var templateValue: TemplateValue {
        .object([
            .init("id", id),
            .init("tickKey", tickKey),
            .init("quantityText", quantityText),
            .init("quantityValue", quantityValue),
            .init("unitID", unitID),
            .init("unitName", unitName),
            .init("sizeValue", sizeValue),
            .init("sizeUnitID", sizeUnitID),
            .init("sizeUnitName", sizeUnitName),
            .init("gramsPerCup", gramsPerCup),
            .init("unitText", unitText),
            .init("name", name),
            .init("note", note),
            .init("optional", optional),
            .init("recipeHref", recipeHref),
        ])
    }
}

struct DirectionSectionView: Sendable, TemplateValueConvertible {
    var title: String?
    var steps: [StepView]

    var templateValue: TemplateValue {
        .object([
            .init("title", title),
            .init("steps", steps),
        ])
    }
}

struct StepView: Sendable, TemplateValueConvertible {
    var number: Int
    var stepHTML: String
    /// A picture of the step (Cooklang's `Easy Pancakes.3.jpg`).
    var imageHref: String?

    var templateValue: TemplateValue {
        .object([
            .init("number", number),
            .init("stepHTML", stepHTML),
            .init("imageHref", imageHref),
        ])
    }
}

// MARK: Search page

struct SearchBody: Sendable, TemplateValueConvertible {
    /// Relative URL of the index's script (`SearchIndex.script`).
    var indexHref: String

    var templateValue: TemplateValue {
        .object([
            .init("indexHref", indexHref),
        ])
    }
}
