import LarderTemplate
import Testing

/// Variables: `{{name}}` escaped, `{{{name}}}` and `{{&name}}` as they are,
/// dotted names, the implicit iterator, and the whitespace around tags.
@Suite struct InterpolationTests {
    @Test func textWithoutTagsIsCopied() throws {
        #expect(try render("Plain text\n  with lines\n") == "Plain text\n  with lines\n")
        #expect(try render("") == "")
        #expect(try render("a { b } {c}") == "a { b } {c}")
    }

    @Test func variableIsReplaced() throws {
        #expect(try render("Hello, {{subject}}!", ["subject": "world"]) == "Hello, world!")
    }

    @Test func valueTextIsNotParsedAgain() throws {
        #expect(try render("{{x}}", ["x": "{{y}}", "y": "no"]) == "{{y}}")
    }

    @Test func fiveCharactersAreEscaped() throws {
        let value: TemplateValue = ["v": "& \" < > ' é ☃"]
        #expect(try render("{{v}}", value) == "&amp; &quot; &lt; &gt; &#39; é ☃")
        #expect(try render("{{{v}}}", value) == "& \" < > ' é ☃")
        #expect(try render("{{&v}}", value) == "& \" < > ' é ☃")
    }

    /// Escaping reads eight bytes at a time: each character at every offset
    /// of a longer text, against a plain character-by-character escape.
    @Test func escapingFindsEachCharacterAtAnyOffset() throws {
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        for special in ["&", "<", ">", "\"", "'", "é"] as [Character] {
            for offset in 0..<20 {
                var text = Array(repeating: Character("a"), count: 23)
                text[offset] = special
                text[22 - offset / 2] = special
                let plain = String(text)
                let expected = plain.map { entities[$0] ?? String($0) }.joined()
                #expect(try render("{{v}}", ["v": .string(plain)]) == expected, "\(plain)")
            }
        }
    }

    @Test func numbersAndBooleans() throws {
        #expect(try render("{{i}} {{n}} {{d}} {{t}} {{f}}", ["i": 85, "n": -7, "d": 1.21, "t": true, "f": false])
            == "85 -7 1.21 true false")
        #expect(try render("{{big}}", ["big": .int(Int.max)]) == "9223372036854775807")
        #expect(try render("{{small}}", ["small": .int(Int.min)]) == "-9223372036854775808")
    }

    @Test func missingAndNullRenderNothing() throws {
        #expect(try render("[{{missing}}][{{{missing}}}][{{&missing}}]") == "[][][]")
        #expect(try render("[{{nothing}}]", ["nothing": nil]) == "[]")
    }

    @Test func listsAndObjectsRenderNothing() throws {
        #expect(try render("[{{list}}][{{object}}]", ["list": [1, 2], "object": ["a": 1]]) == "[][]")
    }

    @Test func dottedNamesReachInside() throws {
        let data: TemplateValue = ["person": ["name": "Joe", "address": ["city": "Oslo"]]]
        #expect(try render("{{person.name}} of {{person.address.city}}", data) == "Joe of Oslo")
        #expect(try render("{{{person.name}}}{{&person.name}}", data) == "JoeJoe")
    }

    @Test func brokenDottedChainIsMissing() throws {
        #expect(try render("[{{a.b.c}}]", ["a": ["x": 1]]) == "[]")
        #expect(try render("[{{a.b.c}}]", ["a": ["b": nil]]) == "[]")
        // Only the first part climbs the stack: a.b is found, a.b.c is not
        // looked for in an outer `c`.
        #expect(try render("{{#a}}[{{b.c}}]{{/a}}", ["a": ["b": [:]], "b": ["c": "outer"]]) == "[]")
    }

    @Test func firstPartOfDottedNameClimbs() throws {
        let data: TemplateValue = ["a": ["b": "inner"], "section": ["other": 1]]
        #expect(try render("{{#section}}{{a.b}}{{/section}}", data) == "inner")
    }

    @Test func nullFieldLetsLookupClimb() throws {
        // As a nil optional did with swift-mustache: a null is missing.
        let data: TemplateValue = ["name": "outer", "inner": ["name": nil, "other": 1]]
        #expect(try render("{{#inner}}{{name}}{{/inner}}", data) == "outer")
    }

    @Test func implicitIterator() throws {
        #expect(try render("{{.}}", "<top>") == "&lt;top&gt;")
        #expect(try render("{{{.}}}", "<top>") == "<top>")
        #expect(try render("{{.}}", 3) == "3")
    }

    @Test func anchoredNameLooksOnlyAtTheTop() throws {
        let data: TemplateValue = ["name": "outer", "items": [["other": 1], ["name": "own"]]]
        #expect(try render("{{#items}}[{{.name}}|{{name}}]{{/items}}", data) == "[|outer][own|own]")
    }

    @Test func whitespaceAroundTagsIsKept() throws {
        #expect(try render(" | {{string}} | ", ["string": "---"]) == " | --- | ")
        // Interpolation is never standalone.
        #expect(try render("  {{string}}\n", ["string": "---"]) == "  ---\n")
        #expect(try render("  {{{string}}}\n", ["string": "---"]) == "  ---\n")
    }

    @Test func paddingInsideTagsIsIgnored() throws {
        #expect(try render("|{{ string }}|{{{ string }}}|{{& string }}|", ["string": "x"]) == "|x|x|x|")
    }

    @Test func lineBreaksAreKeptAsWritten() throws {
        #expect(try render("a\r\nb\n{{x}}\r\n", ["x": 1]) == "a\r\nb\n1\r\n")
    }
}
