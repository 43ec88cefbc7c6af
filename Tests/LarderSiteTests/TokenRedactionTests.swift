import Larder
import Testing

@testable import LarderSite

/// Tokens of unlisted lists hidden in messages: by name when the list is
/// known, else as `<unlisted>`; listed lists and longer names left alone.
@Suite struct TokenRedactionTests {
    let links = UnlistedLinks(secret: Array("0123456789abcdef-secret".utf8))

    func kitchen() -> Kitchen {
        var hidden = ShoppingList(id: "weekly", path: "lists/weekly.md", title: "Weekly")
        hidden.visibility = .unlisted
        // A listed list whose id looks like a token.
        let listed = ShoppingList(id: "0123456789abcdef0123456789abcdef", path: "lists/x.md", title: "X")
        return Kitchen(
            config: SiteConfig(), stores: [], categories: [], catalog: Catalog(), lists: [hidden, listed], recipes: [],
            favorites: Favorites()
        )
    }

    @Test func tokensAreNamedOrHidden() {
        let token = links.token(for: "weekly")
        #expect(token == "70d86ddf8a12f9e3e7cb83621200c908")
        let other = "ffffffffffffffffffffffffffffffff"
        let text = "/out/._site.larder-tmp-7/lists/\(token)/print: cannot rename it to /out/site/lists/\(token).txt; "
            + "lists/\(other)/index.html, lists/0123456789abcdef0123456789abcdef/index.html, lists/\(token)0/, lists/\(token)"
        let known = TokenRedaction(kitchen: kitchen(), links: links).apply(text)
        #expect(known == "/out/._site.larder-tmp-7/lists/<unlisted:weekly>/print: cannot rename it to /out/site/lists/<unlisted:weekly>.txt; "
            + "lists/<unlisted>/index.html, lists/0123456789abcdef0123456789abcdef/index.html, lists/\(token)0/, lists/<unlisted:weekly>")
        // Knowing no list, every token-like name goes.
        #expect(TokenRedaction().apply(text) == "/out/._site.larder-tmp-7/lists/<unlisted>/print: cannot rename it to /out/site/lists/<unlisted>.txt; "
            + "lists/<unlisted>/index.html, lists/<unlisted>/index.html, lists/\(token)0/, lists/<unlisted>")
        #expect(TokenRedaction().apply("lists/weekly/index.html") == "lists/weekly/index.html")
    }
}
