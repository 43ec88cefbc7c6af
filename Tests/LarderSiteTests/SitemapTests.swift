import Testing

@testable import LarderSite

@Suite struct SitemapTests {
    @Test func sortedDeduplicatedEscaped() {
        let xml = Sitemap.xml(
            baseURL: "https://example.org/kitchen/",
            paths: ["recipes/pancakes/", "", "lists/weekly/", "recipes/mac&cheese/", "tags/crème brûlée/", "recipes/pancakes/"]
        )
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/kitchen/</loc></url>
              <url><loc>https://example.org/kitchen/lists/weekly/</loc></url>
              <url><loc>https://example.org/kitchen/recipes/mac&amp;cheese/</loc></url>
              <url><loc>https://example.org/kitchen/recipes/pancakes/</loc></url>
              <url><loc>https://example.org/kitchen/tags/cr%C3%A8me%20br%C3%BBl%C3%A9e/</loc></url>
            </urlset>

            """)
    }

    @Test func baseWithoutSlashAndLeadingSlashPaths() {
        #expect(Sitemap.xml(baseURL: "https://example.org", paths: ["/search/"]) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/search/</loc></url>
            </urlset>

            """)
    }
}
