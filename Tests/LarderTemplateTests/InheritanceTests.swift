import LarderTemplate
import Testing

/// Parents and blocks: `{{<parent}}{{$block}}…{{/block}}{{/parent}}`.
@Suite struct InheritanceTests {
    @Test func blockShowsItsDefaultContent() throws {
        #expect(try render("{{$title}}Default title{{/title}}\n") == "Default title\n")
        #expect(try render("{{$foo}}default {{bar}} {{{raw}}} {{#o}}{{x}}{{/o}}{{^no}}!{{/no}}{{/foo}}", ["bar": "baz", "raw": "<b>", "o": ["x": 1]])
            == "default baz <b> 1!")
    }

    @Test func parentWithoutArgumentsIsAPartial() throws {
        let partials = ["parent": "{{$foo}}default content{{/foo}}"]
        #expect(try render("{{>parent}}|{{<parent}}{{/parent}}", partials: partials) == "default content|default content")
    }

    @Test func argumentsReplaceBlocks() throws {
        #expect(try render("{{<super}}{{$title}}sub title{{/title}}{{/super}}", partials: ["super": "...{{$title}}Default{{/title}}..."])
            == "...sub title...")
        #expect(try render("{{<p}}{{$b2}}two{{/b2}}{{/p}}", partials: ["p": "{{$b1}}one{{/b1}}, {{$b2}}default{{/b2}}"]) == "one, two")
    }

    @Test func dataNeverReplacesABlock() throws {
        let data: TemplateValue = ["var": "from data"]
        let partials = ["include": "{{$var}}from include{{/var}}"]
        #expect(try render("{{<include}}{{$var}}from template{{/var}}{{/include}}", data, partials: partials) == "from template")
        #expect(try render("{{<include}}{{/include}}", data, partials: partials) == "from include")
    }

    @Test func eachParentCallHasItsOwnArguments() throws {
        let partials = ["parent": "|{{$stuff}}...{{/stuff}}{{$default}} default{{/default}}|"]
        #expect(try render("test {{<parent}}{{$stuff}}one{{/stuff}}{{/parent}} {{<parent}}{{$stuff}}two{{/stuff}}{{/parent}}\n", partials: partials)
            == "test |one default| |two default|\n")
    }

    @Test func textInsideAParentIsIgnored() throws {
        let partials = ["parent": "{{$foo}}default{{/foo}}"]
        #expect(try render("{{<parent}} ignored {{$foo}}hmm{{/foo}} ignored {{/parent}}", partials: partials) == "hmm")
        #expect(try render("{{<parent}} ignored {{/parent}}", partials: partials) == "default")
    }

    @Test func outermostArgumentWins() throws {
        let partials = [
            "parent": "{{<older}}{{$a}}p{{/a}}{{/older}}",
            "older": "{{<grand}}{{$a}}o{{/a}}{{/grand}}",
            "grand": "{{$a}}g{{/a}}",
        ]
        #expect(try render("{{<parent}}{{$a}}c{{/a}}{{/parent}}", partials: partials) == "c")
        #expect(try render("{{<parent}}{{/parent}}", partials: partials) == "p")
    }

    @Test func recursionThroughParentsEnds() throws {
        let partials = [
            "parent": "{{$foo}}default content{{/foo}} {{$bar}}{{<parent2}}{{/parent2}}{{/bar}}",
            "parent2": "{{$foo}}parent2 default content{{/foo}} {{<parent}}{{$bar}}don't recurse{{/bar}}{{/parent}}",
        ]
        #expect(try render("{{<parent}}{{$foo}}override{{/foo}}{{/parent}}", partials: partials)
            == "override override override don't recurse")
    }

    @Test func blockIsRenderedInTheParentsContext() throws {
        let data: TemplateValue = ["fruit": "apples", "nested": ["fruit": "bananas"]]
        let partials = ["parent": "{{#nested}}{{$block}}You say {{fruit}}.{{/block}}{{/nested}}"]
        #expect(try render("{{<parent}}{{$block}}I say {{fruit}}.{{/block}}{{/parent}}", data, partials: partials) == "I say bananas.")
    }

    @Test func argumentsWithLineBreaks() throws {
        #expect(try render("{{<parent}}{{$b}}\npeaked\n\n:(\n{{/b}}{{/parent}}", partials: ["parent": "{{$b}}peaking{{/b}}"]) == "peaked\n\n:(\n")
    }

    @Test func blockTakesTheIndentationOfItsPlace() throws {
        #expect(try render("{{<parent}}{{$n}}hammer time{{/n}}{{/parent}}", partials: ["parent": "stop:\n  {{$n}}collaborate{{/n}}\n"])
            == "stop:\n  hammer time\n")
        #expect(try render("Hi,\n  {{<parent}}{{/parent}}\n", partials: ["parent": "one\ntwo\n"]) == "Hi,\n  one\n  two\n")
        #expect(try render("{{<parent}}{{$block}}\none\ntwo{{/block}}\n{{/parent}}\n", partials: ["parent": "Hi,\n  {{$block}}{{/block}}\n"])
            == "Hi,\n  one\n  two\n")
        // The argument's own indentation (of its first line) is removed.
        #expect(try render("{{<parent}}{{$block}}\n    one\n    two\n{{/block}}{{/parent}}\n", partials: ["parent": "Hi,\n  {{$block}}\n  {{/block}}\n"])
            == "Hi,\n  one\n  two\n")
    }

    /// The shape of the site's pages: a layout with blocks, a page that
    /// fills some of them.
    @Test func pageInALayout() throws {
        let layout = "<title>{{$title}}{{page}} · {{site}}{{/title}}</title>\n{{$head}}{{/head}}\n<main>\n{{$main}}{{/main}}\n</main>\n"
        let page = "{{! a page }}\n{{<layout}}\n{{$main}}\n{{#body}}\n<h1>{{heading}}</h1>\n{{/body}}\n{{/main}}\n{{/layout}}\n"
        let data: TemplateValue = ["page": "P", "site": "S", "body": ["heading": "Hello"]]
        #expect(try render(page, data, partials: ["layout": layout]) == "<title>P · S</title>\n\n<main>\n<h1>Hello</h1>\n\n</main>\n")
    }
}
