import Testing

@testable import LarderMarkdown

@Suite struct MarkdownHTMLTests {
    @Test func rawHTMLIsDropped() {
        let html = Markdown.html("Hi <script>alert(1)</script> there\n\n<script>\nalert(2)\n</script>\n")
        #expect(!html.contains("<script"))
        #expect(html == "<p>Hi <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> there</p>\n<!-- raw HTML omitted -->\n")
    }

    @Test func imagesWithHandlersAreDropped() {
        let html = Markdown.html("<img src=x onerror=alert(1)>\n\nText <img src=x onerror=alert(1)>")
        #expect(!html.contains("onerror"))
        #expect(!html.contains("<img"))
    }

    @Test(arguments: [
        "[x](javascript:alert(1))",
        "[x](JavaScript:alert(1))",
        "[x](vbscript:msgbox)",
        "[x](file:///etc/passwd)",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "<javascript:alert(1)>",
        "![x](javascript:alert(1))",
    ])
    func dangerousURLsAreEmptied(markdown: String) {
        let html = Markdown.html(markdown).lowercased()
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] {
            #expect(!html.contains("=\"\(scheme)"))
        }
        #expect(html.contains("href=\"\"") || html.contains("src=\"\""))
    }

    @Test func safeDataImagesAndOrdinaryLinksStay() {
        #expect(Markdown.html("![dot](data:image/png;base64,AAAA)") == "<p><img src=\"data:image/png;base64,AAAA\" alt=\"dot\" /></p>\n")
        #expect(Markdown.html("[Dough](pizza-dough)") == "<p><a href=\"pizza-dough\">Dough</a></p>\n")
    }

    @Test func gfmExtensionsAndSmartPunctuation() {
        let html = Markdown.html("""
            | a | b |
            |:--|--:|
            | x | ~~y~~ |

            See www.example.com and "quotes" -- done...

            - [x] done
            """)
        #expect(html == """
            <table>
            <thead>
            <tr>
            <th align="left">a</th>
            <th align="right">b</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="left">x</td>
            <td align="right"><del>y</del></td>
            </tr>
            </tbody>
            </table>
            <p>See <a href="http://www.example.com">www.example.com</a> and “quotes” – done…</p>
            <ul>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            </ul>

            """)
    }

    @Test func textIsEscaped() {
        #expect(Markdown.html("5 < 6 & \"x\"") == "<p>5 &lt; 6 &amp; “x”</p>\n")
        #expect(Markdown.html("") == "")
    }
}
