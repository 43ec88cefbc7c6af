import Foundation
import LarderCore
import Testing

/// The one JSON writer: its two layouts and its two sets of escapes.
@Suite struct JSONOutputTests {
    static let sample = JSONOutput.lines(.fields([
        "title": .string("Weekly"),
        "none": nil,
        "sources": .array([.fields(["id": .string("a"), "servings": .number("1.5")]), .null]),
        "stores": .lines(.array([
            .fields(["store": .null, "lines": .lines(.array([.fields(["checked": .bool(true)]), .int(-2)]))]),
        ])),
        "empty": .lines(.array([])),
    ]))

    @Test func compactHasNoSpacesOrLineBreaks() {
        #expect(Self.sample.text == #"{"title":"Weekly","sources":[{"id":"a","servings":1.5},null],"stores":[{"store":null,"lines":[{"checked":true},-2]}],"empty":[]}"#)
    }

    /// Each element of a `lines` container on its own line, indented by the
    /// line it starts on; everything else inline with ", " and ": ".
    @Test func readableBreaksOnlyTheContainersMarkedLines() {
        #expect(Self.sample.text(layout: .readable, escaping: .terminal) == """
            {
              "title": "Weekly",
              "sources": [{"id": "a", "servings": 1.5}, null],
              "stores": [
                {"store": null, "lines": [
                  {"checked": true},
                  -2
                ]}
              ],
              "empty": []
            }
            """)
    }

    @Test(arguments: [
        ("a\"b\\c\n\r\t", #""a\"b\\c\n\r\t""#, #""a\"b\\c\n\r\t""#),
        ("\u{1B}]0;x\u{7}", #""\u001B]0;x\u0007""#, #""\u001B]0;x\u0007""#),
        ("</script><!--&", #""\u003c/script\u003e\u003c!--\u0026""#, #""</script><!--&""#),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#, #""a\u2028b\u2029c""#),
        // DEL, C1 and bidi controls: escaped for a terminal only.
        ("\u{7F}\u{85}e\u{202E}gnp\u{2066}", "\"\u{7F}\u{85}e\u{202E}gnp\u{2066}\"", #""\u007F\u0085e\u202Egnp\u2066""#),
        ("crème ½ 🥕 \u{2027}\u{202F}", "\"crème ½ 🥕 \u{2027}\u{202F}\"", "\"crème ½ 🥕 \u{2027}\u{202F}\""),
    ])
    func escapes(_ value: String, script: String, terminal: String) throws {
        #expect(JSONOutput.literal(value, escaping: .script) == script)
        #expect(JSONOutput.literal(value, escaping: .terminal) == terminal)
        #expect(value.jsonLiteral == terminal)
        for literal in [script, terminal] {
            let parsed = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
            #expect(parsed as? String == value)
        }
    }

    /// Text that is JSON already, made safe for `<script>`: only `<`, `>`,
    /// `&` and the line separators change.
    @Test func scriptSafeJSONKeepsItsSyntax() {
        var out: [UInt8] = []
        JSONOutput.appendEscaped(#"{"a":"</b>\n","c":[1]}"# + "\u{2028}", json: false, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"a":"\u003c/b\u003e\n","c":[1]}\u2028"#)
    }
}
