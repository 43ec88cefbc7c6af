import Larder
import LarderCore

/// The search page's index: `{"entries": [{"title", "href", "kind", "text"}]}`,
/// answered in the browser. `text` holds the entry's words, lowercased, each
/// once: a query word matches when some word starts with it.
enum SearchIndex {
    /// The index's file, beside the search page.
    static let fileName = "index.js"

    /// The index as the script the search page loads: one statement,
    /// `window.larderSearchIndex = {...};`, that larder.js reads.
    static func script(kitchen: Kitchen, recipeHref: (_ id: String) -> String, listHref: (ShoppingList) -> String?) -> [UInt8] {
        var bytes = Array("window.larderSearchIndex = ".utf8)
        bytes += json(kitchen: kitchen, recipeHref: recipeHref, listHref: listHref).utf8
        bytes += Array(";\n".utf8)
        return bytes
    }

    /// Recipes then lists, each by id. Lists for which `listHref` gives nil
    /// (unlisted ones) are left out entirely: not even their title is in the
    /// index.
    ///
    /// - Parameters:
    ///   - recipeHref: the recipe page, relative to the site root ("recipes/pancakes/").
    ///   - listHref: the list page, relative to the site root; nil to leave it out.
    static func json(kitchen: Kitchen, recipeHref: (_ id: String) -> String, listHref: (ShoppingList) -> String?) -> String {
        var entries: [JSONOutput] = []
        // Each recipe's fields read through its box, its ingredients' by
        // index: a for-in loop would copy every recipe, and every
        // ingredient, whole.
        for position in kitchen.recipes.indices {
            let box = kitchen.recipes.box(at: position)
            let ingredients = box.recipe.ingredients
            let fields = [box.recipe.title] + box.recipe.tags + [box.recipe.category, box.recipe.cuisine].compactMap { $0 }
                + ingredients.indices.map { ingredients[$0].name }
            entries.append(entry(title: box.recipe.title, href: recipeHref(box.recipe.id), kind: "recipe", fields: fields))
        }
        for list in kitchen.lists {
            guard let href = listHref(list) else { continue }
            entries.append(entry(title: list.title, href: href, kind: "list", fields: [list.title] + list.items.map(\.name)))
        }
        return JSONOutput.fields(["entries": .array(entries)]).text
    }

    private static func entry(title: String, href: String, kind: String, fields: [String]) -> JSONOutput {
        .fields([
            "title": .string(title),
            "href": .string(href),
            "kind": .string(kind),
            "text": .string(words(fields).joined(separator: " ")),
        ])
    }

    /// The lowercased words of `texts`, in order of first appearance, each
    /// once. A word is a run of letters and digits, so the search script
    /// must split a query the same way ("all-purpose" gives "all", "purpose").
    static func words(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        var words: [String] = []
        for text in texts {
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiWords(text) { if seen.insert($0).inserted { words.append($0) } }
                continue
            }
            for word in text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                let word = String(word)
                if seen.insert(word).inserted { words.append(word) }
            }
        }
        return words
    }

    /// The same split for ASCII text, on bytes: there a letter is A-Z or a-z
    /// and a number 0-9 (what `Character.isLetter`/`isNumber` say), without
    /// the Unicode property look-ups per character.
    private static func asciiWords(_ text: String, _ body: (String) -> Void) {
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
            default:
                if !word.isEmpty { body(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { body(String(decoding: word, as: UTF8.self)) }
    }
}
