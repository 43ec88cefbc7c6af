import Larder
import Testing

@testable import LarderSite

/// `SiteBuilder.slug` takes a byte path for ASCII text: it must give what
/// `Identifier.suggest(from:)` gives, for every byte in every position.
@Suite struct SlugTests {
    static let texts: [String] = {
        var texts: [String] = []
        for byte in UInt8(0)..<0x80 {
            let c = String(UnicodeScalar(byte))
            texts += [c, c + "Ab", "Ab" + c, "Ab" + c + "9z", c + c + "x" + c + c]
        }
        return texts + ["", "Quick & Easy", "Mom's Pie", "  spaced  out  ", "ALL-CAPS_and_under", "--", "'"]
    }()

    @Test func asciiMatchesSuggest() {
        for text in Self.texts {
            #expect(SiteBuilder.asciiSlug(text) == Identifier.suggest(from: text), "\(Array(text.utf8))")
        }
    }

    @Test func otherTextIsSuggests() {
        #expect(SiteBuilder.asciiSlug("Crème brûlée") == nil)
        #expect(SiteBuilder.slug("Crème brûlée") == Identifier.suggest(from: "Crème brûlée"))
        #expect(SiteBuilder.slug("Crème brûlée") == "creme-brulee")
    }
}
