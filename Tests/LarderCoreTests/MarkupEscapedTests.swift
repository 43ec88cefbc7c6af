import LarderCore
import Testing

/// `markupEscaped` escapes every `& < > " '`, also where a combining mark or
/// joiner follows and makes one `Character` of it (a browser still sees the
/// quote and would end the attribute there).
@Suite struct MarkupEscapedTests {
    @Test(arguments: [
        (#"a & b <c> "d" 'e'"#, "a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;"),
        ("\"\u{301} onmouseover=\"x", "&quot;\u{301} onmouseover=&quot;x"),
        ("'\u{200D} onfocus='x", "&#39;\u{200D} onfocus=&#39;x"),
        ("<\u{338}script>", "&lt;\u{338}script&gt;"),
        ("&\u{20DD}amp;", "&amp;\u{20DD}amp;"),
        ("plain ünïcödé 🧀", "plain ünïcödé 🧀"),
    ])
    func escapesEveryMarkupScalar(text: String, escaped: String) {
        #expect(text.markupEscaped.unicodeScalars.elementsEqual(escaped.unicodeScalars))
    }
}
