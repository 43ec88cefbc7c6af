import Larder
import LarderCore
import Testing

@testable import LarderSite

@Suite struct SearchIndexTests {
    @Test func recipesThenPublicListsByID() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let json = SearchIndex.json(
            kitchen: kitchen,
            recipeHref: { "recipes/\($0)/" },
            listHref: { $0.visibility == .public ? "lists/\($0.id)/" : nil }
        )
        #expect(json == #"""
            {"entries":[\#
            {"title":"Tomato soup","href":"recipes/soup/","kind":"recipe","text":"tomato soup tomatoes cream"},\#
            {"title":"Cheese \u003c/script\u003e toast","href":"recipes/toast/","kind":"recipe",\#
            "text":"cheese script toast quick cheesy breakfast british bread cheddar butter"},\#
            {"title":"Packing","href":"lists/packing/","kind":"list","text":"packing passport socks jumper hat"},\#
            {"title":"Weekly shop","href":"lists/weekly/","kind":"list",\#
            "text":"weekly shop apples potatoes bread butter milk mystery thing"}]}
            """#)
        // The unlisted list leaves no trace, not even its items.
        #expect(!json.contains("surprise") && !json.contains("Surprise") && !json.contains("cake"))
        #expect(try JSONReader.parse(json)["entries"]?.array?.count == 4)
    }

    @Test func wordsAreLowercasedSplitAndDeduplicated() {
        #expect(SearchIndex.words(["Crème Brûlée", "all-purpose FLOUR", "crème", "Mac & cheese 2"])
            == ["crème", "brûlée", "all", "purpose", "flour", "mac", "cheese", "2"])
    }

    /// ASCII text takes a byte path: it must split and lowercase exactly as
    /// `Character.isLetter`/`isNumber` and `lowercased()` do, for every byte.
    @Test func asciiWordsMatchCharacterProperties() {
        let every = (0..<128).map { byte in "Ab\(String(UnicodeScalar(UInt8(byte))))9z" }
        let texts = every + ["Tab\there\r\nCRLF", "MiXeD 42 all-purpose", "", "--", "a"]
        let expected = Self.referenceWords(texts)
        #expect(SearchIndex.words(texts) == expected)
    }

    /// Many words, repeated in both spellings and split across texts: each
    /// kept once, in order of first appearance, however large the table
    /// of words seen grows, and words that share a start or a hash bucket
    /// are told apart by their bytes.
    @Test func manyWordsAreEachKeptOnce() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzé0123456789")
        let vocabulary = (0..<700).map { index in
            String((0..<(1 + index % 9)).map { _ in letters.randomElement(using: &generator)! }) + "\(index % 3)"
        }
        let texts = (0..<300).map { _ in
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                let word = vocabulary.randomElement(using: &generator)!
                return Bool.random(using: &generator) ? word.uppercased() : word
            }.joined(separator: [" ", "-", ", "].randomElement(using: &generator)!)
        }
        let expected = Self.referenceWords(texts)
        #expect(expected.count > 300)
        #expect(SearchIndex.words(texts) == expected)
        #expect(SearchIndex.joinedWords(texts) == expected.joined(separator: " "))
    }

    /// What `SearchIndex.words` must give, by `Character` properties and a
    /// Set: the rule as written, to check the byte paths against.
    private static func referenceWords(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        var words: [String] = []
        for text in texts {
            for word in text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            where seen.insert(String(word)).inserted {
                words.append(String(word))
            }
        }
        return words
    }
}
