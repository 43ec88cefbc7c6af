import Foundation
import Larder
@testable import LarderSite
import Testing

/// A collection item's detail that is a web address (`- url: https://…` in
/// Markdown, which has no other way to give an item a link) is a link; any
/// other value, or another scheme, stays text.
@Suite struct CollectionLinkTests {
    @Test(arguments: [
        ("https://example.org/book", "https://example.org/book"),
        ("HTTP://example.org", "HTTP://example.org"),
        ("javascript:alert(1)", nil),
        ("https://", nil),
        ("https:///path", nil),
        ("https://example.org/a b", nil),
        ("see https://example.org", nil),
        ("ftp://example.org", nil),
        ("data:text/html,<b>x</b>", nil),
    ] as [(String, String?)])
    func onlyAnHTTPAddressIsALink(_ value: String, _ href: String?) {
        #expect(DetailView.webAddress(value) == href)
    }

    @Test func aURLDetailOnTheCollectionPageIsALink() throws {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("lists"), withIntermediateDirectories: true)
        try Data("""
            ---
            title: Places
            kind: collection
            ---
            - [ ] Trattoria "Lucia"
              - url: https://example.org/lucia?a=1&b=<2>
              - menu: javascript:alert(1)

            """.utf8).write(to: folder.appendingPathComponent("lists/places.md"))
        let files = try SiteBuilderTests.build(folder)
        let page = try #require(files.first { $0.path == "lists/places/index.html" }.flatMap(SiteBuilderTests.text))
        #expect(page.contains(
            #"<dd><a href="https://example.org/lucia?a=1&amp;b=&lt;2&gt;" rel="nofollow noopener">https://example.org/lucia?a=1&amp;b=&lt;2&gt;</a></dd>"#
        ), "\(page)")
        #expect(page.contains("<dd>javascript:alert(1)</dd>"))
        #expect(!page.contains(#"href="javascript"#))
    }
}
