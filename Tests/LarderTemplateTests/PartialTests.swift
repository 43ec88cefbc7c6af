import LarderTemplate
import Testing

/// `{{>name}}`: the current context, missing partials, recursion, and the
/// indentation of standalone partials.
@Suite struct PartialTests {
    @Test func partialIsExpandedInTheCurrentContext() throws {
        #expect(try render("\"{{>text}}\"", partials: ["text": "from partial"]) == "\"from partial\"")
        #expect(try render("\"{{>p}}\"", ["text": "content"], partials: ["p": "*{{text}}*"]) == "\"*content*\"")
        #expect(try render("{{#items}}{{>p}}{{/items}}", ["items": [["n": 1], ["n": 2]]], partials: ["p": "<{{n}}>"])
            == "<1><2>")
    }

    @Test func missingPartialRendersNothing() throws {
        #expect(try render("\"{{>text}}\"") == "\"\"")
    }

    @Test func partialsRecurseOverNestedData() throws {
        let data: TemplateValue = ["content": "X", "nodes": [["content": "Y", "nodes": []]]]
        #expect(try render("{{>node}}", data, partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"]) == "X<Y<>>")
    }

    @Test func endlessRecursionIsAnError() throws {
        let error = #expect(throws: TemplateError.self) { try render("{{>loop}}", partials: ["loop": "a{{>loop}}"]) }
        #expect(error?.template == "loop")
        #expect(error?.reason.contains("include itself") == true)
    }

    @Test func surroundingWhitespaceIsKept() throws {
        #expect(try render("| {{>p}} |", partials: ["p": "\t|\t"]) == "| \t|\t |")
        #expect(try render("  {{data}}  {{> p}}\n", ["data": "|"], partials: ["p": ">\n>"]) == "  |  >\n>\n")
        #expect(try render("|{{> p }}|", partials: ["p": "[]"]) == "|[]|")
    }

    @Test func standalonePartialLines() throws {
        #expect(try render("|\r\n{{>p}}\r\n|", partials: ["p": ">"]) == "|\r\n>|")
        #expect(try render("  {{>p}}\n>", partials: ["p": ">\n>"]) == "  >\n  >>")
        #expect(try render(">\n  {{>p}}", partials: ["p": ">\n>"]) == ">\n  >\n  >")
    }

    @Test func standaloneIndentationPrefixesEveryLineOfThePartialNotOfTheData() throws {
        let template = "\\\n {{>p}}\n/\n"
        let partial = "|\n{{{content}}}a b{{{content}}}c\n|\n"
        #expect(try render(template, ["content": "<\n->"], partials: ["p": partial]) == "\\\n |\n <\n->a b<\n->c\n |\n/\n")
    }

    @Test func indentationReachesEveryItemOfAListInThePartial() throws {
        // Each line of the partial is indented, also the second time a
        // section's lines are rendered (swift-mustache indented only the first).
        let partial = "<ul>\n{{#items}}\n  <li>{{.}}</li>\n{{/items}}\n</ul>\n"
        #expect(try render("<div>\n    {{>list}}\n</div>\n", ["items": ["a", "b"]], partials: ["list": partial])
            == "<div>\n    <ul>\n      <li>a</li>\n      <li>b</li>\n    </ul>\n</div>\n")
    }

    @Test func nestedIndentationAddsUp() throws {
        let partials = ["outer": "<o>\n  {{>inner}}\n</o>\n", "inner": "<i>\nx\n</i>\n"]
        #expect(try render("  {{>outer}}\n", partials: partials) == "  <o>\n    <i>\n    x\n    </i>\n  </o>\n")
    }

    @Test func aLineWhoseSectionIsEmptyIsStillIndented() throws {
        #expect(try render("  {{>p}}\n", ["b": false], partials: ["p": "a\n{{#b}}x{{/b}}\nb\n"]) == "  a\n  \n  b\n")
    }

    @Test func dynamicPartialNamesComeFromTheContext() throws {
        #expect(try render("[{{>*which}}]", ["which": "p"], partials: ["p": "chosen"]) == "[chosen]")
        #expect(try render("[{{>*which}}]", ["which": "none"], partials: ["p": "chosen"]) == "[]")
        #expect(try render("[{{>*which}}]", ["which": 3], partials: ["p": "chosen"]) == "[]")
    }

    /// The library compiles templates as they are registered: a partial
    /// registered again replaces the old one for the templates that named it
    /// before, and one registered later is found by them.
    @Test func aPartialRegisteredAgainOrLaterIsTheOneUsed() throws {
        var library = TemplateLibrary()
        try library.register(Array("[{{>p}}{{>q}}]".utf8), named: "main")
        try library.register(Array("old".utf8), named: "p")
        #expect(String(decoding: try library.render("main", [:]), as: UTF8.self) == "[old]")
        try library.register(Array("new".utf8), named: "p")
        try library.register(Array("{{>p}}!".utf8), named: "q")
        #expect(String(decoding: try library.render("main", [:]), as: UTF8.self) == "[newnew!]")
    }
}

/// `{{=<% %>=}}`: other delimiters, from there to the end of the section.
@Suite struct DelimiterTests {
    @Test func newDelimitersAreUsed() throws {
        #expect(try render("{{=<% %>=}}(<%text%>)", ["text": "Hey!"]) == "(Hey!)")
        #expect(try render("({{=[ ]=}}[text])", ["text": "It worked!"]) == "(It worked!)")
        #expect(try render("{{=| |=}}|#b|[|x|]|/b| {{x}}", ["b": true, "x": 1]) == "[1] {{x}}")
        #expect(try render("{{=<% %>=}}<%#b%>a<%/b%><%^b%>b<%/b%><%={{ }}=%>{{#b}}c{{/b}}", ["b": true]) == "ac")
    }

    @Test func partialsKeepTheirOwnDelimiters() throws {
        let partials = ["include": ".{{value}}.", "include2": ".{{value}}. {{=| |=}} .|value|."]
        #expect(try render("[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", ["value": "yes"], partials: partials)
            == "[ .yes. ]\n[ .yes. ]\n")
        #expect(try render("[ {{>include2}} ]\n[ .{{value}}.  .|value|. ]\n", ["value": "yes"], partials: partials)
            == "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n")
    }

    @Test func setDelimiterTagWhitespace() throws {
        #expect(try render("| {{=@ @=}} |") == "|  |")
        #expect(try render(" | {{=@ @=}}\n") == " | \n")
        #expect(try render("Begin.\n{{=@ @=}}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n  {{=@ @=}}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("|\r\n{{= @ @ =}}\r\n|") == "|\r\n|")
        #expect(try render("  {{=@ @=}}\n=") == "=")
        #expect(try render("=\n  {{=@ @=}}") == "=\n")
    }
}
