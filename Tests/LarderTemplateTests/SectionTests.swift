import Foundation
import LarderTemplate
import Testing

/// `{{#name}}…{{/name}}` and `{{^name}}…{{/name}}`: what counts as true, lists,
/// context, and standalone lines.
@Suite struct SectionTests {
    @Test func booleansShowOrHide() throws {
        #expect(try render("\"{{#b}}yes{{/b}}\"", ["b": true]) == "\"yes\"")
        #expect(try render("\"{{#b}}yes{{/b}}\"", ["b": false]) == "\"\"")
        #expect(try render("\"{{^b}}no{{/b}}\"", ["b": false]) == "\"no\"")
        #expect(try render("\"{{^b}}no{{/b}}\"", ["b": true]) == "\"\"")
    }

    @Test func missingAndNullAreFalse() throws {
        #expect(try render("[{{#x}}shown{{/x}}][{{^x}}hidden{{/x}}]") == "[][hidden]")
        #expect(try render("[{{#x}}shown{{/x}}][{{^x}}hidden{{/x}}]", ["x": nil]) == "[][hidden]")
    }

    @Test func emptyListIsFalseOtherValuesTrue() throws {
        // As swift-mustache: only false, null, missing and [] are false; an
        // empty string and 0 are values.
        #expect(try render("[{{#x}}shown{{/x}}][{{^x}}hidden{{/x}}]", ["x": []]) == "[][hidden]")
        #expect(try render("[{{#x}}({{.}}){{/x}}][{{^x}}hidden{{/x}}]", ["x": ""]) == "[()][]")
        #expect(try render("[{{#x}}({{.}}){{/x}}][{{^x}}hidden{{/x}}]", ["x": 0]) == "[(0)][]")
    }

    /// A name is looked up in each enclosing object, each with a mask of
    /// its names' bits in front (`TemplateValue.Fields`): with more names
    /// than bits, every name there is still found, and a name found in no
    /// object (whatever bits it shares) falls through to the next.
    @Test func namesAreFoundThroughEnclosingObjectsWhateverTheirBits() throws {
        let outer = (0..<150).map { TemplateValue.Field("outer\($0)name", .string("o\($0)")) }
        let inner = (0..<90).map { TemplateValue.Field("in\($0)", .int($0)) }
        let data = TemplateValue.object(.init(outer + [.init("inner", .object(.init(inner)))]))
        let names = (0..<150).map { "{{outer\($0)name}}" }.joined(separator: ",")
        let expected = (0..<150).map { "o\($0)" }.joined(separator: ",")
        #expect(try render("{{#inner}}\(names){{/inner}}", data) == expected)
        #expect(try render("{{#inner}}{{in0}} {{in89}}{{in90}}{{outer7name}}{{/inner}}", data) == "0 89o7")
        #expect(data["outer149name"] == .string("o149"))
        for name in ["outer150name", "in5", "outer", "x", "outer12nam"] { #expect(data[name] == nil) }
    }

    @Test func objectBecomesTheContext() throws {
        let data: TemplateValue = ["context": ["name": "Joe"], "name": "outer"]
        #expect(try render("\"{{#context}}Hi {{name}}.{{/context}}\"", data) == "\"Hi Joe.\"")
    }

    @Test func namesClimbToEnclosingContexts() throws {
        let data: TemplateValue = ["a": ["one": 1], "b": ["two": 2], "c": ["three": 3, "d": ["four": 4, "five": 5]]]
        let template = "{{#a}}{{one}}{{#b}}{{one}}{{two}}{{#c}}{{one}}{{two}}{{three}}{{#d}}{{four}}{{five}}{{three}}{{/d}}{{/c}}{{/b}}{{/a}}"
        #expect(try render(template, data) == "112123453")
    }

    @Test func listRendersOncePerItem() throws {
        let data: TemplateValue = ["list": [["item": 1], ["item": 2], ["item": 3]]]
        #expect(try render("\"{{#list}}{{item}}{{/list}}\"", data) == "\"123\"")
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": ["a", "<b>"]]) == "(a)(&lt;b&gt;)")
    }

    @Test func nestedListsWithImplicitIterator() throws {
        let data: TemplateValue = ["list": [[1, 2, 3], ["a", "b"]]]
        #expect(try render("{{#list}}({{#.}}{{.}}{{/.}}){{/list}}", data) == "(123)(ab)")
    }

    @Test func stringSectionPushesTheString() throws {
        #expect(try render("{{#name}}<{{.}}>{{/name}}", ["name": "x"]) == "<x>")
    }

    @Test func sameSectionTwiceAndNested() throws {
        let data: TemplateValue = ["bool": true, "two": "second"]
        #expect(try render("{{#bool}}* first{{/bool}} * {{two}} {{#bool}}* third{{/bool}}", data) == "* first * second * third")
        #expect(try render("| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", data) == "| A B C D E |")
    }

    @Test func dottedSectionNames() throws {
        let data: TemplateValue = ["a": ["b": ["c": true]]]
        #expect(try render("\"{{#a.b.c}}Here{{/a.b.c}}\" == \"Here\"", data) == "\"Here\" == \"Here\"")
        #expect(try render("[{{#a.x.c}}Here{{/a.x.c}}][{{^a.x.c}}Not{{/a.x.c}}]", data) == "[][Not]")
    }

    @Test func standaloneSectionLinesLeaveNoTrace() throws {
        let template = "| This Is\n{{#b}}\n|\n{{/b}}\n| A Line\n"
        #expect(try render(template, ["b": true]) == "| This Is\n|\n| A Line\n")
        #expect(try render(template.replacingOccurrences(of: "#b", with: "^b"), ["b": false]) == "| This Is\n|\n| A Line\n")
        // Indented, and with spaces after.
        #expect(try render("| This Is\n  {{#b}}  \n|\n  {{/b}}\n| A Line\n", ["b": true]) == "| This Is\n|\n| A Line\n")
    }

    @Test func standaloneLineEndingsAndEdges() throws {
        #expect(try render("|\r\n{{#b}}\r\n{{/b}}\r\n|", ["b": true]) == "|\r\n|")
        // No line before, no line after.
        #expect(try render("  {{#b}}\n#{{/b}}\n/", ["b": true]) == "#\n/")
        #expect(try render("#{{#b}}\n/\n  {{/b}}", ["b": true]) == "#\n/\n")
    }

    @Test func inlineSectionsKeepTheirWhitespace() throws {
        #expect(try render(" | {{#b}}\t|\t{{/b}} | \n", ["b": true]) == " | \t|\t | \n")
        #expect(try render(" {{#b}}YES{{/b}}\n {{#b}}GOOD{{/b}}\n", ["b": true]) == " YES\n GOOD\n")
        #expect(try render(" {{#b}}{{^x}}no{{/x}}{{/b}} \n", ["b": true]) == " no \n")
    }

    @Test func paddingInSectionTags() throws {
        #expect(try render("|{{# b }}={{/ b }}|", ["b": true]) == "|=|")
    }

    @Test func emptyListInvertedSectionSeesTheList() throws {
        #expect(try render("{{^list}}none{{/list}}", ["list": []]) == "none")
        #expect(try render("{{^list}}none{{/list}}", ["list": [1]]) == "")
    }
}

/// `{{! comments }}`: never rendered; a standalone one takes its line along.
@Suite struct CommentTests {
    @Test func inlineAndMultiline() throws {
        #expect(try render("12345{{! Comment Block! }}67890") == "1234567890")
        #expect(try render("12345{{!\n  This is a\n  multi-line comment...\n}}67890\n") == "1234567890\n")
        #expect(try render("12 {{! 34 }}\n") == "12 \n")
        #expect(try render("  12 {{! 34 }}\n") == "  12 \n")
    }

    @Test func standaloneCommentsVanish() throws {
        #expect(try render("Begin.\n{{! Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n  {{! Indented Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("|\r\n{{! Standalone Comment }}\r\n|") == "|\r\n|")
        #expect(try render("  {{! I'm Still Standalone }}\n!") == "!")
        #expect(try render("!\n  {{! I'm Still Standalone }}") == "!\n")
        #expect(try render("Begin.\n{{!\nSomething's going on here\n}}\nEnd.\n") == "Begin.\nEnd.\n")
    }

    @Test func commentMayHoldBracesAndLookLikeAnEnd() throws {
        #expect(try render("a{{! {x} } }}b") == "ab")
        #expect(try render("a{{! {{x}} }}b") == "a }}b")
    }
}
