import LarderCore
import Testing

@testable import LarderImport

/// The readers on small pages written to show one thing each: the shapes of
/// JSON-LD real sites ship, microdata, RDFa, the recipe-card plugins and
/// h-recipe, and the page with no recipe.
struct PageReaderTests {
    static let url = "https://example.com/recipes/soup/"

    static func read(_ html: String, url: String = url) throws -> [ImportedRecipe] {
        try PageReader.read(html: Array(html.utf8), url: url)
    }

    static func page(head: String = "", body: String) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\">\(head)</head><body>\(body)</body></html>"
    }

    static func ldJSON(_ json: String) -> String {
        "<script type=\"application/ld+json\">\(json)</script>"
    }

    @Test("the character set: a byte-order mark, else the HTTP header's, else the page's meta; latin-1 read as browsers do")
    func characterSets() {
        // "Crème" and a curly quote (0x92, windows-1252's) in one byte each.
        let latin1: [UInt8] = Array("<html><head><meta charset=\"utf-8\"></head><body><p>Cr".utf8) + [0xE8]
            + Array("me d".utf8) + [0x92] + Array("or</p></body></html>".utf8)
        func text(_ bytes: [UInt8], _ charset: String?) -> String {
            HTMLDocument(bytes: bytes, charset: charset).root.first { $0.name == "p" }?.text ?? ""
        }
        #expect(text(latin1, "ISO-8859-1") == "Crème d\u{2019}or")
        #expect(text(latin1, "\"latin1\"") == "Crème d\u{2019}or")
        #expect(text(latin1, nil) != "Crème d\u{2019}or")  // the meta's UTF-8 does not read it
        let utf8 = Array("<html><head><meta charset=\"iso-8859-1\"></head><body><p>Crème</p></body></html>".utf8)
        #expect(text(utf8, "utf-8") == "Crème")
        #expect(text([0xEF, 0xBB, 0xBF] + utf8, "iso-8859-1") == "Crème")
    }

    @Test("JSON-LD in a @graph: author by @id, @type as a list, HowToSections, entities and tags cleaned")
    func jsonLDGraph() throws {
        let html = Self.page(head: Self.ldJSON("""
            {"@context":"https://schema.org","@graph":[
              {"@type":"WebPage","@id":"https://example.com/recipes/soup/#webpage","name":"Soup page"},
              {"@type":"Person","@id":"#ann","name":"Ann &amp; Bo"},
              {"@type":["Recipe","NewsArticle"],"name":"Leek &amp; potato soup","author":{"@id":"#ann"},
               "description":"<p>Warm  and <b>thick</b>.</p>",
               "recipeYield":["4","4 bowls"],"prepTime":"PT15M","cookTime":"PT1H",
               "recipeCategory":"Soup","recipeCuisine":["French"],"keywords":"leek, potato,winter",
               "recipeIngredient":["2 leeks, sliced","500 g potatoes &#8211; floury"],
               "recipeInstructions":[
                 {"@type":"HowToSection","name":"Base","itemListElement":[
                   {"@type":"HowToStep","text":"Sweat the leeks."},
                   {"@type":"HowToStep","name":"Simmer","text":"Add the potatoes; simmer 20&nbsp;min."}]},
                 {"@type":"HowToStep","text":"Blend."}],
               "nutrition":{"@type":"NutritionInformation","calories":"210 kcal"},
               "image":[{"@type":"ImageObject","url":"/img/soup.jpg","width":1200,"height":800},"/img/soup-small.jpg"]}
            ]}
            """), body: "<h1>Soup</h1>")
        let recipes = try Self.read(html)
        #expect(recipes.count == 1)
        let recipe = try #require(recipes.first)
        #expect(recipe.source == .jsonLD)
        #expect(recipe.title == "Leek & potato soup")
        #expect(recipe.author == "Ann & Bo")
        #expect(recipe.description == "Warm and thick.")
        #expect(recipe.yield == "4 bowls")
        #expect(recipe.yieldNumber == 4)
        #expect(recipe.prepTime == ImportedRecipe.Duration(text: "PT15M", minutes: 15))
        #expect(recipe.totalTime?.minutes == 75)  // prep + cook: the page gives no total
        #expect(recipe.categories == ["Soup"])
        #expect(recipe.cuisines == ["French"])
        #expect(recipe.keywords == ["leek", "potato", "winter"])
        #expect(recipe.ingredientGroups == [.init(lines: ["2 leeks, sliced", "500 g potatoes – floury"])])
        #expect(recipe.directionSections == [
            .init(name: "Base", steps: [.init(text: "Sweat the leeks."), .init(name: "Simmer", text: "Add the potatoes; simmer 20 min.")]),
            .init(steps: [.init(text: "Blend.")]),
        ])
        #expect(recipe.nutrition.map(\.name) == ["calories"])
        #expect(recipe.nutrition.map(\.value) == ["210 kcal"])
        #expect(recipe.images == ["https://example.com/img/soup.jpg", "https://example.com/img/soup-small.jpg"])
        #expect(recipe.url == Self.url)
    }

    @Test("sloppy JSON-LD: raw line breaks in strings, trailing commas, comments, a CDATA wrapper")
    func sloppyJSON() throws {
        let html = Self.page(head: """
            <script type="application/ld+json">//<![CDATA[
            { "@type": "Recipe", // the card
              "name": "Two
            lines",
              "recipeIngredient": ["1 egg", "salt",],
              "recipeInstructions": "Beat.\\nFry.\\n",
            }
            //]]></script>
            """, body: "")
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.title == "Two lines")
        #expect(recipe.ingredientLines == ["1 egg", "salt"])
        #expect(recipe.steps.map(\.text) == ["Beat.", "Fry."])
    }

    @Test("a Recipe under mainEntity, in a list, in the second of several scripts")
    func nestedRecipe() throws {
        let html = Self.page(head: Self.ldJSON(#"{"@type":"Organization","name":"Site"}"#)
            + Self.ldJSON(#"[{"@type":"WebPage","mainEntity":{"@type":"http://schema.org/Recipe","name":"Tea","recipeIngredient":"1 tea bag\n200 ml water","recipeInstructions":"<ol><li>Boil.</li><li>Steep &amp; drink.</li></ol>","totalTime":"1 hr 30 mins"}}]"#),
            body: "")
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.title == "Tea")
        #expect(recipe.ingredientLines == ["1 tea bag", "200 ml water"])
        #expect(recipe.steps.map(\.text) == ["Boil.", "Steep & drink."])
        #expect(recipe.totalTime == ImportedRecipe.Duration(text: "1 hr 30 mins", minutes: 90))
    }

    @Test("microdata: itemprop values from content, datetime, src and text; nested items kept apart")
    func microdata() throws {
        let html = Self.page(body: """
            <div itemscope itemtype="https://schema.org/Recipe">
              <h1 itemprop="name">Flapjacks</h1>
              <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Cy</span></div>
              <img itemprop="image" src="flapjacks.jpg" alt="">
              <meta itemprop="recipeYield" content="12 bars">
              <time itemprop="totalTime" datetime="PT40M">40 minutes</time>
              <ul><li itemprop="recipeIngredient">250 g oats</li><li itemprop="recipeIngredient">125&nbsp;g butter</li></ul>
              <div itemprop="recipeInstructions"><p>Melt the butter.</p><p>Stir in the oats; bake.</p></div>
              <div itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="name">Great</span></div>
            </div>
            """)
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.source == .microdata)
        #expect(recipe.title == "Flapjacks")
        #expect(recipe.author == "Cy")
        #expect(recipe.yield == "12 bars")
        #expect(recipe.totalTime?.minutes == 40)
        #expect(recipe.ingredientLines == ["250 g oats", "125 g butter"])
        #expect(recipe.steps.map(\.text) == ["Melt the butter.", "Stir in the oats; bake."])
        #expect(recipe.images == ["https://example.com/recipes/soup/flapjacks.jpg"])
    }

    @Test("RDFa: typeof and property")
    func rdfa() throws {
        let html = Self.page(body: """
            <div vocab="https://schema.org/" typeof="Recipe">
              <h2 property="name">Lemonade</h2>
              <span property="recipeIngredient">3 lemons</span>, <span property="recipeIngredient">1 l water</span>
              <div property="recipeInstructions">Squeeze, stir, chill.</div>
            </div>
            """)
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.source == .rdfa)
        #expect(recipe.title == "Lemonade")
        #expect(recipe.ingredientLines == ["3 lemons", "1 l water"])
        #expect(recipe.steps.map(\.text) == ["Squeeze, stir, chill."])
    }

    @Test("a WP Recipe Maker card with no schema.org: groups, parts, notes, times")
    func wprmCard() throws {
        let html = Self.page(body: """
            <div class="wprm-recipe-container"><div class="wprm-recipe">
              <h2 class="wprm-recipe-name">Pancakes</h2>
              <div class="wprm-recipe-image"><img src="/p.jpg"></div>
              <span class="wprm-recipe-servings">8</span>
              <div class="wprm-recipe-total_time-container"><span class="wprm-recipe-details-label">Total Time:</span> 1 hour 10 minutes</div>
              <div class="wprm-recipe-ingredients-container">
                <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Batter</h4><ul>
                  <li class="wprm-recipe-ingredient"><span class="wprm-checkbox">▢</span><span class="wprm-recipe-ingredient-amount">200</span> <span class="wprm-recipe-ingredient-unit">g</span> <span class="wprm-recipe-ingredient-name">flour</span> <span class="wprm-recipe-ingredient-notes">sifted</span></li>
                  <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">2</span> <span class="wprm-recipe-ingredient-name">eggs</span></li>
                </ul></div>
                <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">To serve</h4><ul>
                  <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-name">lemon</span></li>
                </ul></div>
              </div>
              <div class="wprm-recipe-instructions-container"><ul>
                <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Whisk.</div></li>
                <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Fry.</div></li>
              </ul></div>
              <div class="wprm-recipe-notes"><p>Keeps a day.</p></div>
            </div></div>
            """)
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.source == .recipeCard)
        #expect(recipe.title == "Pancakes")
        #expect(recipe.ingredientGroups == [
            .init(name: "Batter", lines: ["200 g flour (sifted)", "2 eggs"]), .init(name: "To serve", lines: ["lemon"]),
        ])
        #expect(recipe.steps.map(\.text) == ["Whisk.", "Fry."])
        #expect(recipe.yieldNumber == 8)
        #expect(recipe.totalTime?.minutes == 70)
        #expect(recipe.notes == ["Keeps a day."])
        #expect(recipe.images == ["https://example.com/p.jpg"])
    }

    @Test("a Tasty Recipes card: paragraphs as lines, a bold paragraph as a heading")
    func tastyCard() throws {
        let html = Self.page(body: """
            <div class="tasty-recipes"><h2 class="tasty-recipes-title">Tacos</h2>
              <div class="tasty-recipes-ingredients"><div class="tasty-recipes-ingredients-body">
                <p>8 tortillas</p><p><strong>For topping:</strong></p><p>1 avocado</p></div></div>
              <div class="tasty-recipes-instructions"><ol><li>Warm.</li><li>Fill.</li></ol></div>
              <span class="tasty-recipes-yield">4</span>
            </div>
            """)
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.ingredientGroups == [.init(lines: ["8 tortillas"]), .init(name: "For topping", lines: ["1 avocado"])])
        #expect(recipe.steps.map(\.text) == ["Warm.", "Fill."])
    }

    @Test("h-recipe microformats")
    func hRecipe() throws {
        let html = Self.page(body: """
            <article class="h-recipe"><h1 class="p-name">Toast</h1>
              <ul><li class="p-ingredient">1 slice bread</li><li class="p-ingredient">butter</li></ul>
              <p>Yield: <span class="p-yield">1 slice</span></p>
              <div class="e-instructions"><ol><li>Toast the bread.</li><li>Butter it.</li></ol></div>
              <img class="u-photo" src="https://cdn.example.org/toast.png">
            </article>
            """)
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.source == .hRecipe)
        #expect(recipe.title == "Toast")
        #expect(recipe.ingredientLines == ["1 slice bread", "butter"])
        #expect(recipe.steps.map(\.text) == ["Toast the bread.", "Butter it."])
        #expect(recipe.yield == "1 slice")
        #expect(recipe.images == ["https://cdn.example.org/toast.png"])
    }

    @Test("a page with no recipe is the no-recipe error, naming the page")
    func noRecipe() {
        #expect(throws: PageReadError.noRecipe(url: Self.url)) {
            try Self.read(Self.page(head: Self.ldJSON(#"{"@type":"Article","name":"News"}"#), body: "<p>Hello</p>"))
        }
        #expect(throws: PageReadError.noRecipe(url: Self.url)) { try Self.read("") }
        #expect(PageReadError.noRecipe(url: Self.url).description.hasPrefix("no recipe found on the page https://example.com/recipes/soup/"))
    }

    @Test("the canonical link is the recipe's address, the largest image comes first, og:image counts")
    func canonicalAndImages() throws {
        let html = Self.page(head: """
            <link rel="canonical" href="/recipes/soup-canonical/">
            <meta property="og:image" content="https://example.com/big.jpg">
            <meta property="og:image:width" content="1600"><meta property="og:image:height" content="900">
            """ + Self.ldJSON(#"{"@type":"Recipe","name":"Soup","image":["https://example.com/soup-225x225.jpg"],"recipeIngredient":["water"]}"#),
            body: "")
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.url == "https://example.com/recipes/soup-canonical/")
        #expect(recipe.images == ["https://example.com/big.jpg", "https://example.com/soup-225x225.jpg"])
    }

    @Test("a page printing the same recipe twice holds it once")
    func duplicates() throws {
        let item = #"<div itemscope itemtype="http://schema.org/Recipe"><b itemprop="name">Rice</b><i itemprop="recipeIngredient">rice</i></div>"#
        #expect(try Self.read(Self.page(body: item + item)).count == 1)
    }

    /// As pastificiosorrentino.com's page does: a second JSON-LD Recipe
    /// with the same name and no lines or steps (a plugin's summary).
    @Test("a summary of the recipe beside it is the same recipe; the fuller one is kept")
    func aSummaryIsTheSameRecipe() throws {
        let full = #"{"@type":"Recipe","name":"Rice","recipeIngredient":["200 g rice"],"recipeInstructions":["Boil."]}"#
        let summary = #"{"@type":"Recipe","name":"Rice","description":"Rice, boiled."}"#
        for scripts in [[summary, full], [full, summary]] {
            let head = scripts.map { #"<script type="application/ld+json">\#($0)</script>"# }.joined()
            let recipes = try Self.read(Self.page(head: head, body: ""))
            #expect(recipes.map(\.ingredientLines) == [["200 g rice"]])
        }
        // Two recipes of the same name with other lines stay two.
        let other = #"{"@type":"Recipe","name":"Rice","recipeIngredient":["1 cup rice"]}"#
        let head = [full, other].map { #"<script type="application/ld+json">\#($0)</script>"# }.joined()
        #expect(try Self.read(Self.page(head: head, body: "")).count == 2)
    }

    @Test("ingredient headings flattened into JSON-LD become groups")
    func headingsAmongLines() throws {
        let html = Self.page(
            head: Self.ldJSON(#"{"@type":"Recipe","name":"Salad","recipeIngredient":["For the dressing:","1 tbsp oil","Croutons","2 slices bread","salt"]}"#),
            body: "<div class=\"ingredients__title\">Croutons</div>")
        let recipe = try #require(try Self.read(html).first)
        #expect(recipe.ingredientGroups == [
            .init(name: "For the dressing", lines: ["1 tbsp oil"]), .init(name: "Croutons", lines: ["2 slices bread", "salt"]),
        ])
    }
}

/// The pieces the readers share.
struct TextCleaningTests {
    @Test("durations: ISO 8601 and the human forms", arguments: [
        ("PT1H30M", 90), ("PT90M", 90), ("P0DT0H45M", 45), ("PT0.5H", 30), ("P1DT2H", 1560), ("PT0D4H45M", 285),
        ("1 hr 30 mins", 90), ("45 minutes", 45), ("1h30", 90), ("2 hours", 120), ("1:15", 75), ("20", 20),
        ("1 Std. 10 Min.", 70),
    ])
    func durations(text: String, minutes: Int) {
        #expect(DurationText.minutes(text) == minutes)
    }

    @Test("not durations", arguments: ["", "P", "PTXM", "soon"])
    func notDurations(text: String) {
        #expect(DurationText.minutes(text) == nil)
    }

    @Test("mojibake repaired, real Latin-1 text untouched")
    func mojibake() {
        #expect(TextCleaning.collapseWhitespace("1Â¼ cups") == "1¼ cups")
        #expect(TextCleaning.collapseWhitespace("donâ€™t") == "don’t")
        #expect(TextCleaning.collapseWhitespace("SÃO PAULO ação") == "SÃO PAULO ação")
    }

    @Test("HTML5 entities libxml2 leaves are decoded; clean strips tags")
    func entities() {
        #expect(HTMLDocument(fragment: "<p>&frac13; cup &amp; &apos;a&apos;</p>").root.text == "⅓ cup & 'a'")
        #expect(TextCleaning.clean("<b>2</b>&nbsp;eggs\n <i>beaten</i>") == "2 eggs beaten")
    }

    @Test("a page in windows-1252 is read in its own charset")
    func charset() throws {
        var bytes = Array("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"></head><body><p>Cr".utf8)
        bytes += [0xE8, 0x6D, 0x65, 0x20, 0x96, 0x20, 0x62, 0x72, 0xFB, 0x6C, 0xE9, 0x65]  // "Crème – brûlée"
        bytes += Array("</p></body></html>".utf8)
        #expect(HTMLDocument(bytes: bytes).root.text == "Crème – brûlée")
    }

    @Test("a step name that only numbers the step is marked so")
    func numbering() {
        #expect(ImportedRecipe.Step(name: "Step 2", text: "x").nameIsNumbering)
        #expect(ImportedRecipe.Step(name: "instruction 0", text: "x").nameIsNumbering)
        #expect(!ImportedRecipe.Step(name: "Make the sauce", text: "x").nameIsNumbering)
    }
}
