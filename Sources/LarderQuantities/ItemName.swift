/// Names as keys for matching the same thing across lists and recipes,
/// whatever its case or number: "Tomatoes", "tomato" and "TOMATO" all have
/// the key "tomato".
public enum ItemName {
    /// Lower case, hyphens and runs of spaces made single spaces, and the last
    /// word made singular by English rules ("cherry tomatoes" →
    /// "cherry tomato", "berries" → "berry", "leaves" → "leaf"). Meant for
    /// comparing, not for display: the rules aim to give a word and its
    /// plural the same key, not to know every irregular plural.
    public static func key(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(name) }
        var words = words(name)
        if let last = words.popLast() { words.append(singular(last)) }
        return words.joined(separator: " ")
    }

    /// `key` of an ASCII name in one pass over its bytes: the words as
    /// `words` splits them (ASCII's whitespace is tab to carriage return and
    /// the space, as Unicode's White_Space property has it), lowercased and joined by single spaces
    /// straight into one buffer (no array of words, no string per word but
    /// the last). The planner and every recipe page key each name they use.
    static func asciiKey(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var lastWord = 0
        var spacePending = false
        for byte in name.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) || byte == UInt8(ascii: "-") {
                spacePending = !bytes.isEmpty
                continue
            }
            if spacePending {
                bytes.append(0x20)
                lastWord = bytes.count
                spacePending = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        let last = String(decoding: bytes[lastWord...], as: UTF8.self)
        let single = singular(last)
        if single == last { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[..<lastWord], as: UTF8.self) + single
    }

    /// The lowercased words of `name`, split at whitespace and hyphens.
    static func words(_ name: String) -> [String] {
        name.lowercased().split { $0.isWhitespace || $0 == "-" }.map(String.init)
    }

    /// Whether `word` says how big one piece is ("large", "medium",
    /// "jumbo", "medium-sized"): the line reader's size words, which it
    /// moves from a name to the note, as a size is never what you buy.
    public static func isSizeWord(_ word: some StringProtocol) -> Bool {
        CookWords.kind(of: Array(word.unicodeScalars)[...]) == .size
    }

    /// The singular of one lowercase word, or the word itself.
    static func singular(_ word: String) -> String {
        if let known = irregular[word] { return known }
        guard word.count > 3, word.hasSuffix("s"), !invariant.contains(word),
            !["ss", "us", "'s"].contains(where: word.hasSuffix)
        else { return word }
        if word.hasSuffix("ies") {
            return pluralsOfIE.contains(word) ? String(word.dropLast()) : word.dropLast(3) + "y"
        }
        if word.hasSuffix("oes") {
            return pluralsOfOE.contains(word) ? String(word.dropLast()) : String(word.dropLast(2))
        }
        // glasses, boxes, peaches, radishes, but quiches and cheeses lose only "s".
        if ["sses", "xes", "zzes", "ches", "shes"].contains(where: word.hasSuffix), !pluralsOfE.contains(word) {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }

    /// Plurals that do not follow the rules below.
    private static let irregular: [String: String] = [
        "leaves": "leaf", "loaves": "loaf", "halves": "half", "calves": "calf", "knives": "knife",
        "shelves": "shelf", "wolves": "wolf", "scarves": "scarf", "lives": "life", "wives": "wife",
        "geese": "goose", "mice": "mouse", "teeth": "tooth", "feet": "foot", "children": "child",
    ]

    /// Words ending in "s" that are not plurals, or are their own plural.
    private static let invariant: Set<String> = [
        "molasses", "series", "species", "news", "pastis", "tennis", "iris", "chassis",
    ]

    /// "-ies" plurals of "-ie" words (cookie, pie), not of "-y" words (berry).
    private static let pluralsOfIE: Set<String> = [
        "cookies", "pies", "brownies", "smoothies", "veggies", "movies", "calories", "ties",
        "hoagies", "birdies", "rookies", "zombies", "genies", "lies", "prairies", "pixies",
    ]

    /// "-oes" plurals of "-oe" words (shoe, sloe), not of "-o" words (tomato).
    private static let pluralsOfOE: Set<String> = ["shoes", "toes", "sloes", "canoes", "oboes", "hoes", "floes"]

    /// "-ches"/"-sses"… plurals of words that end in "e" (quiche, brioche).
    private static let pluralsOfE: Set<String> = [
        "quiches", "brioches", "ganaches", "niches", "caches", "cliches", "crèches", "avalanches",
        "douches", "panaches", "mustaches", "moustaches",
    ]
}
