import Foundation
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
            "text": .string(joinedWords(fields)),
        ])
    }

    /// The lowercased words of `texts`, in order of first appearance, each
    /// once. A word is a run of letters and digits, so the search script
    /// must split a query the same way ("all-purpose" gives "all", "purpose").
    static func words(_ texts: [String]) -> [String] {
        joinedWords(texts).split(separator: " ").map(String.init)
    }

    /// `words(texts)` joined by spaces: what an entry's `text` holds. Made
    /// as bytes, each word looked up among the ones before it in a small
    /// table (`WordSet`): no String or Set entry per word, for some 600,000
    /// words at 10,000 recipes.
    static func joinedWords(_ texts: [String]) -> String {
        var words = WordSet()
        for text in texts {
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                words.addASCII(text)
                continue
            }
            for word in text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                words.add(word)
            }
        }
        return String(decoding: words.bytes, as: UTF8.self)
    }

    /// Words joined by spaces, each once. A word is appended (`begin`, its
    /// bytes, `end`) and taken back at `end` when it was there already.
    struct WordSet {
        private(set) var bytes: [UInt8] = []
        /// Each word's start and end in `bytes`.
        private var words: [(start: Int, end: Int)] = []
        /// Open addressing by a hash of the word's bytes: a word's index + 1,
        /// 0 for an empty slot; at most half full.
        private var slots = [Int32](repeating: 0, count: 64)
        /// Where the word being appended starts, and where `bytes` ended
        /// before its separator.
        private var start = 0, before = 0

        mutating func add(_ word: Substring) {
            begin()
            bytes.append(contentsOf: word.utf8)
            end()
        }

        private mutating func begin() {
            before = bytes.count
            if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            start = bytes.count
        }

        private mutating func end() {
            let end = bytes.count
            guard end > start else { return bytes.removeSubrange(before...) }
            let mask = slots.count - 1
            var slot = firstSlot(start..<end, mask: mask)
            while slots[slot] != 0 {
                let other = words[Int(slots[slot]) - 1]
                if other.end - other.start == end - start,
                   bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + other.start, $0.baseAddress! + start, end - start) == 0 }) {
                    bytes.removeSubrange(before...)
                    return
                }
                slot = (slot + 1) & mask
            }
            words.append((start, end))
            slots[slot] = Int32(words.count)
            if words.count * 2 > slots.count { grow() }
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, word) in words.enumerated() {
                var slot = firstSlot(word.start..<word.end, mask: mask)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index + 1)
            }
        }

        /// Where the word at `range` of `bytes` is looked for first: its
        /// FNV-1a hash, folded, under `mask`.
        private func firstSlot(_ range: Range<Int>, mask: Int) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        }

        /// The words of ASCII text, split on bytes: there a letter is A-Z
        /// or a-z and a number 0-9 (what `Character.isLetter`/`isNumber`
        /// say), without the Unicode property look-ups per character.
        mutating func addASCII(_ text: String) {
            var inWord = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if !inWord { begin(); inWord = true }
                    bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if !inWord { begin(); inWord = true }
                    bytes.append(byte | 0x20)
                default:
                    if inWord { end(); inWord = false }
                }
            }
            if inWord { end() }
        }
    }
}
