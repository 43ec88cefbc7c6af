// The values templates see. Every field is plain text that Mustache escapes
// (`{{name}}`), except fields whose names end in `HTML` (already safe HTML
// from the Markdown renderer or the builder, written `{{{nameHTML}}}`), and
// `jsonLD` and `indexJSON`, JSON made safe for a <script> element.
//
// Links are relative to the page (`root` leads back to the site root), so the
// site works from a subpath and from file://.

/// What every page has: the site, the page's own meta, the navigation.
struct PageContext<Body: Sendable>: Sendable {
    var site: SiteInfo
    var page: PageMeta
    var nav: [NavLink]
    var body: Body
}

struct SiteInfo: Sendable {
    var title: String
    var description: String?
    var language: String
    var generator: String
}

struct PageMeta: Sendable {
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
}

struct NavLink: Sendable {
    var title: String
    var href: String
    var current: Bool
}

// MARK: Summaries (index, category, tag, favorites pages)

struct ListSummary: Sendable {
    var title: String
    var href: String
    var kind: String
    /// "12 items, 4 left" / "8 places"
    var countText: String
    var favorite: Bool
}

struct RecipeSummary: Sendable {
    var title: String
    var href: String
    /// Plain text, one or two sentences.
    var summary: String?
    var imageHref: String?
    var imageAlt: String
    /// "45 min"
    var timeText: String?
    var favorite: Bool
}

struct RecipeGroup: Sendable {
    var name: String
    var href: String?
    var recipes: [RecipeSummary]
}

struct IndexBody: Sendable {
    var current: ListSummary?
    var lists: [ListSummary]
    var recipeGroups: [RecipeGroup]
    var favoriteRecipes: [RecipeSummary]
    var favoriteLists: [ListSummary]
    var favoriteItems: [String]
    var hasFavorites: Bool
}

/// Category, tag and favorites pages, and the category/tag overviews.
struct CollectionBody: Sendable {
    var heading: String
    var intro: String?
    var recipes: [RecipeSummary]
    var lists: [ListSummary]
    var items: [String]
    /// Overviews: links to each category or tag with a count.
    var links: [CountLink]
}

struct CountLink: Sendable {
    var title: String
    var href: String
    var count: Int
}

// MARK: List page

struct ListBody: Sendable {
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
}

struct StoreGroup: Sendable {
    /// nil when the list names no stores at all; "Any store" for the items
    /// with none when others have one.
    var name: String?
    var mapHref: String?
    var geoHref: String?
    var addressText: String?
    var sections: [ItemSection]
    var totalText: String?
}

/// Items under one category (shopping) or one heading (other kinds).
struct ItemSection: Sendable {
    var name: String?
    var emoji: String?
    var items: [ItemView]
}

struct ItemView: Sendable {
    /// Unique in the page, stable across builds: the checkbox's id and
    /// storage key.
    var id: String
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
}

struct DetailView: Sendable {
    var key: String
    var value: String
}

struct ListRecipe: Sendable {
    var title: String
    var href: String
    var servingsText: String?
}

// MARK: Recipe page

struct RecipeBody: Sendable {
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
    var yield: String?
    var times: [TimeView]
    var author: String?
    var sourceText: String?
    var sourceHref: String?
    var date: String?
    var nutrition: [DetailView]
    var ingredientGroups: [IngredientGroupView]
    var directionSections: [DirectionSectionView]
    var notesHTML: String?
    var textHref: String
    /// Key of the ticked ingredients in the browser's localStorage.
    var storageKey: String
    var favorite: Bool
    /// schema.org Recipe, safe inside <script type="application/ld+json">.
    var jsonLD: String
}

struct TimeView: Sendable {
    var label: String
    var text: String
    var iso: String
}

struct IngredientGroupView: Sendable {
    var name: String?
    var ingredients: [IngredientView]
}

struct IngredientView: Sendable {
    var id: String
    /// As shown at the recipe's own servings: "1 ½", "200", "2-3".
    var quantityText: String?
    /// For the servings control: exact value(s) as "num/den", e.g. "3/2" or
    /// "2/1-3/1" for a range; nil when there is no quantity.
    var quantityValue: String?
    /// Whether the source wrote a fraction (rescaled values show fractions).
    var fractional: Bool
    var unitText: String?
    var name: String
    var note: String?
    var optional: Bool
    var recipeHref: String?
}

struct DirectionSectionView: Sendable {
    var title: String?
    var steps: [StepView]
}

struct StepView: Sendable {
    var number: Int
    var stepHTML: String
}

// MARK: Search page

struct SearchBody: Sendable {
    /// Relative URL of the JSON index (`{"entries": [{title, href, kind, text}]}`).
    var indexHref: String
    /// The same index, safe inside <script type="application/json">: pages
    /// opened from file:// cannot fetch, so the script reads this first.
    var indexJSON: String
}
