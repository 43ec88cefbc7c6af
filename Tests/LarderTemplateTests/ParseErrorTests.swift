import LarderTemplate
import Testing

/// Templates that cannot be parsed: the error names the template, the line
/// and the column.
@Suite struct ParseErrorTests {
    @Test func unclosedSectionPointsAtItsTag() {
        #expect(parseError("line one\n  {{#items}}\nx\n") == TemplateError(
            template: "page", line: 2, column: 3, reason: "{{#items}} is never closed with {{/items}}"
        ))
    }

    @Test func wrongClosingTag() {
        #expect(parseError("{{#a}}\n{{#b}}{{/a}}") == TemplateError(
            template: "page", line: 2, column: 10, reason: "{{/a}} found where {{#b}} (line 2, column 1) must be closed"
        ))
        #expect(parseError("text {{/a}}") == TemplateError(
            template: "page", line: 1, column: 9, reason: "{{/a}} closes nothing: no section is open here"
        ))
    }

    @Test func unfinishedTags() {
        #expect(parseError("a {{name") == TemplateError(
            template: "page", line: 1, column: 9, reason: "the tag must end here with }} (a name is letters, digits and . - _ ? *)"
        ))
        #expect(parseError("é {{na me}}")?.column == 8)
        #expect(parseError("{{{name}}") == TemplateError(template: "page", line: 1, column: 1, reason: "{{{ must be closed with }}}"))
        #expect(parseError("ends with {{")?.reason == "the tag is not finished")
    }

    @Test func unclosedComment() {
        #expect(parseError("a\n{{! never closed\n") == TemplateError(
            template: "page", line: 2, column: 1, reason: "the comment is never closed with }}"
        ))
    }

    @Test func badDelimiterTags() {
        for template in ["{{=<%>=}}", "{{= =}}", "{{=<% %>}}", "{{=<% %> =}"] {
            #expect(parseError(template)?.reason.hasPrefix("a set-delimiter tag is written") == true, "\(template)")
        }
    }

    @Test func onlyBlocksInsideAParent() {
        #expect(parseError("{{<layout}}{{name}}{{/layout}}")?.reason == "only blocks ({{$name}}…{{/name}}) and text may be inside {{<layout}}")
        #expect(parseError("{{$title(x)}}{{/title(x)}}")?.reason == "a block cannot have a transform")
    }

    @Test func bracketsMustMatch() {
        #expect(parseError("{{empty(x}}") != nil)
        #expect(parseError("{{x)}}") != nil)
        #expect(parseError("{{(x)}}") != nil)
    }

    @Test func pragmasAreRefused() {
        #expect(parseError("{{%CONTENT_TYPE:TEXT}}")?.reason == "pragmas ({{%…}}) are not supported")
    }

    @Test func validTemplatesParse() {
        #expect(parseError("{{#a}}{{^b}}{{c.d}}{{{e}}}{{&f}}{{>g}}{{$h}}{{/h}}{{/b}}{{/a}}{{! c }}{{=<% %>=}}<%x%>") == nil)
    }
}
