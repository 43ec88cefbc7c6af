import Foundation
import Larder
import LarderCore
@testable import LarderSite
import Testing

/// The recipe page of a recipe read from Cooklang, made from hand-built
/// `Recipe` values (as the reader fills them): marked steps, links to the
/// ingredient lines, timers as durations, step images, cookware and other
/// metadata, and every piece of the author's text escaped.
@Suite struct MarkedStepTests {
    static let hostile = "<script>alert(\"x\")</script>&'"
    static let escapedHostile = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"

    /// A recipe with two ingredient groups whose first members are not in
    /// file order (the page numbers its lines group by group), marked steps
    /// in two sections and a picture of one step.
    static func pancakes() -> Recipe {
        var recipe = Recipe(id: "easy-pancakes", path: "Breakfast/Easy Pancakes.cook", title: "Easy Pancakes")
        recipe.servings = 4
        func ingredient(_ name: String, group: String?) -> Ingredient {
            var ingredient = Ingredient(name: name, location: .file(recipe.path))
            ingredient.group = group
            return ingredient
        }
        recipe.ingredients = [
            ingredient("flour", group: nil),
            ingredient("maple syrup", group: "To serve"),
            ingredient("milk", group: nil),
        ]
        recipe.directions = [
            DirectionSection(
                steps: ["Whisk flour and milk in a bowl.", "Rest for 10 minutes."],
                marked: [
                    [.text("Whisk "), .ingredient(name: "flour", line: 0), .text(" and "), .ingredient(name: "milk", line: 2),
                     .text(" in a "), .cookware(name: "bowl"), .text(" with "), .ingredient(name: "salt", line: nil), .text(".")],
                    [.text("Rest for "), .timer(name: "", text: "10 minutes", seconds: 600), .text(".")],
                ],
                stepImages: [nil, "Breakfast/Easy Pancakes.2.jpg"]
            ),
            DirectionSection(
                title: "To serve",
                steps: ["Pour maple syrup over; bake 1 1/2 hours."],
                marked: [[.text("Pour "), .ingredient(name: "maple syrup", line: 1), .text(" over; bake "),
                          .timer(name: "oven", text: "1 1/2 hours", seconds: 5_400), .text(" then "),
                          .timer(name: "", text: "a while", seconds: nil)]]
            ),
        ]
        recipe.cookware = ["bowl", "frying pan"]
        recipe.otherMetadata = [Detail(key: "difficulty", value: "easy")]
        return recipe
    }

    /// The recipe's page and text, built in a kitchen of that one recipe.
    static func render(_ recipe: Recipe) throws -> (page: String, text: String, all: [OutputFile]) {
        let base = try RenderFixtures.kitchen(["larder.json": #"{ "title": "Cooklang kitchen" }"#])
        let kitchen = Kitchen(
            config: base.config, stores: base.stores, categories: base.categories, catalog: base.catalog,
            lists: [], recipes: [recipe], favorites: base.favorites
        )
        let builder = SiteBuilder(
            kitchen: kitchen, dataFolder: URL(fileURLWithPath: "/nonexistent"),
            theme: try Theme.load(overrides: nil), unlisted: nil
        )
        let files = try builder.render()
        func text(_ path: String) -> String {
            files.first { $0.path == path }.flatMap(SiteBuilderTests.text) ?? ""
        }
        return (text("recipes/\(recipe.id)/index.html"), text("recipes/\(recipe.id).txt"), files)
    }

    @Test func stepsAreWrittenFromTheirSpans() throws {
        let page = try Self.render(Self.pancakes()).page
        #expect(page.contains(
            ##"<div class="step-text"><p>Whisk <a class="step-ingredient" href="#ingredient-1">flour</a> and "##
                + ##"<a class="step-ingredient" href="#ingredient-2">milk</a> in a <span class="cookware">bowl</span> "##
                + #"with <span class="step-ingredient">salt</span>.</p></div>"#
        ))
        #expect(page.contains(#"<p>Rest for <time class="timer" datetime="PT10M">10 minutes</time>.</p>"#))
        // A named timer reads as its length, then its name; one Larder cannot
        // read is no <time> (which would need a datetime).
        #expect(page.contains(
            #"bake <time class="timer" datetime="PT1H30M">1 1/2 hours</time> (<span class="timer-name">oven</span>) then "#
                + #"<span class="timer">a while</span></p>"#
        ))
    }

    /// Each link leads to the line of the ingredient it names: the page
    /// lists the unnamed group first, so maple syrup (second in the file) is
    /// the third line.
    @Test func ingredientLinksPointAtTheirLines() throws {
        let page = try Self.render(Self.pancakes()).page
        let linkPattern = try Regex(##"<a class="step-ingredient" href="#(ingredient-\d+)">([^<]*)</a>"##)
        let links = try page.matches(of: linkPattern).map {
            (String(try #require($0.output[1].substring)), String(try #require($0.output[2].substring)))
        }
        #expect(links.count == 3)
        for (id, name) in links {
            let line = try #require(page.firstMatch(of: try Regex(
                #"<input type="checkbox" class="check" id="\#(id)" data-check="[0-9a-f]{16}">\s*<label[^>]*>.*?<span class="ingredient-name">([^<]*)</span>"#
            ).dotMatchesNewlines()))
            #expect(String(try #require(line.output[1].substring)) == name, "\(id) is not \(name)")
        }
    }

    @Test func stepImageCookwareAndOtherMetadataShow() throws {
        let (page, _, files) = try Self.render(Self.pancakes())
        #expect(page.contains(
            #"<img class="step-img" src="../../Breakfast/Easy%20Pancakes.2.jpg" alt="Step 2" loading="lazy" decoding="async">"#
        ))
        #expect(files.contains { $0.path == "Breakfast/Easy Pancakes.2.jpg" }, "the step image is published")
        #expect(page.contains("<h3>Cookware</h3>\n<ul>\n<li>bowl</li>\n<li>frying pan</li>\n</ul>"))
        #expect(page.contains("<div><dt>Difficulty</dt><dd>easy</dd></div>"))
    }

    /// The JSON-LD and the `.txt` read the steps as plain text, as for every
    /// other recipe.
    @Test func jsonLDAndTextHaveThePlainSteps() throws {
        let (page, text, _) = try Self.render(Self.pancakes())
        #expect(page.contains(#"{"@type":"HowToStep","text":"Whisk flour and milk in a bowl."}"#))
        #expect(text.contains("1. Whisk flour and milk in a bowl.\n2. Rest for 10 minutes."))
        #expect(!page.contains("step-ingredient\\"), "no markup in the JSON-LD")
    }

    /// The author's text in every kind of span, and in cookware and metadata,
    /// is escaped; no tag of theirs reaches the page.
    @Test func hostileTextIsEscapedInEverySpan() throws {
        let hostile = Self.hostile
        var recipe = Recipe(id: "hostile", path: "hostile.cook", title: "Hostile")
        recipe.ingredients = [Ingredient(name: hostile, location: .file("hostile.cook"))]
        recipe.directions = [DirectionSection(
            steps: ["x"],
            marked: [[.text(hostile), .ingredient(name: hostile, line: 0), .ingredient(name: hostile, line: nil),
                      .ingredient(name: hostile, line: 7), .cookware(name: hostile),
                      .timer(name: hostile, text: hostile, seconds: 60), .timer(name: hostile, text: "", seconds: nil)]],
            stepImages: ["a\"><script>.jpg"]
        )]
        recipe.cookware = [hostile]
        recipe.otherMetadata = [Detail(key: hostile, value: hostile)]
        let page = try Self.render(recipe).page
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("\"><script>"))
        let step = try #require(page.firstMatch(of: try Regex(#"<div class="step-text">(.*?)</div></li>"#))?.output[1].substring)
        #expect(step == """
            <p>\(Self.escapedHostile)<a class="step-ingredient" href="#ingredient-1">\(Self.escapedHostile)</a>\
            <span class="step-ingredient">\(Self.escapedHostile)</span><span class="step-ingredient">\(Self.escapedHostile)</span>\
            <span class="cookware">\(Self.escapedHostile)</span>\
            <time class="timer" datetime="PT1M">\(Self.escapedHostile)</time> (<span class="timer-name">\(Self.escapedHostile)</span>)\
            <span class="timer"><span class="timer-name">\(Self.escapedHostile)</span></span></p>\
            <img class="step-img" src="../../a%22%3E%3Cscript%3E.jpg" alt="Step 1" loading="lazy" decoding="async">
            """)
        #expect(page.contains("<li>\(Self.escapedHostile)</li>"))
    }

    @Test func idsFollowThePagesGroupOrder() {
        let recipe = Self.pancakes()
        #expect(
            MarkedStep.ingredientIDs(groups: recipe.ingredientGroupIndices, count: recipe.ingredients.count)
                == ["ingredient-1", "ingredient-3", "ingredient-2"]
        )
    }
}
