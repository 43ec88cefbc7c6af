@testable import LarderQuantities
import Testing

@Suite("Item names")
struct ItemNameTests {
    @Test(arguments: [
        ("Tomatoes", "tomato"), ("tomato", "tomato"), ("eggs", "egg"), ("Egg", "egg"), ("berries", "berry"),
        ("leaves", "leaf"), ("potatoes", "potato"), ("glasses", "glass"), ("glass", "glass"), ("hummus", "hummus"),
        ("asparagus", "asparagus"), ("couscous", "couscous"), ("molasses", "molasses"), ("peaches", "peach"),
        ("boxes", "box"), ("radishes", "radish"), ("cheeses", "cheese"), ("cookies", "cookie"), ("pies", "pie"),
        ("quiches", "quiche"), ("olives", "olive"), ("cloves", "clove"), ("loaves", "loaf"), ("anchovies", "anchovy"),
        ("Cherry  Tomatoes", "cherry tomato"), ("OAT MILK", "oat milk"), ("all-purpose flour", "all purpose flour"),
        ("Ben & Jerry's", "ben & jerry's"), ("swiss", "swiss"), ("pastis", "pastis"), ("peas", "pea"), ("gas", "gas"), ("", ""),
    ])
    func key(_ name: String, _ key: String) {
        #expect(ItemName.key(name) == key)
    }

    /// The one-pass key of an ASCII name is the words' key (split, last
    /// word singular, joined), for every ASCII character between and around
    /// words ("\r\n" too: one Character), plurals that change and that do not.
    @Test func asciiKeyIsTheWordsKey() {
        let separators = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["\r\n", " - ", "\t\t", "--"]
        for separator in separators {
            for name in [
                "Cherry\(separator)TOMATOES", "\(separator)eggs\(separator)", "A\(separator)\(separator)b-Leaves",
                "\(separator)", "glass\(separator)", "\(separator)Berries", "x\(separator)y\(separator)knives",
                // The names the byte split of words was held to before.
                "Oat\(separator)MILK", "A\(separator)\(separator)b-C",
            ] {
                var words = ItemName.words(name)
                if let last = words.popLast() { words.append(ItemName.singular(last)) }
                #expect(ItemName.asciiKey(name) == words.joined(separator: " "), "\(Array(name.utf8))")
            }
        }
    }

    @Test(arguments: [
        ("avocado", "Avocados"), ("berry", "berries"), ("leaf", "leaves"), ("potato", "potatoes"),
        ("cookie", "cookies"), ("glass", "glasses"), ("peach", "peaches"), ("sloe", "sloes"), ("cheese", "cheeses"),
        ("brownie", "brownies"), ("chili", "chilis"), ("kiwi", "kiwis"), ("egg", "EGGS"), ("lime", "limes"), ("knife", "knives"),
    ])
    func singularAndPluralMatch(_ singular: String, _ plural: String) {
        #expect(ItemName.key(singular) == ItemName.key(plural))
    }

    /// The shopping sheet's merge keys drop the same size words the line
    /// reader moves to the note.
    @Test func sizeWordsAreTheReadersOwn() {
        for word in ["large", "Medium", "jumbo", "medium-sized", "extra-large", "smallish"] {
            #expect(ItemName.isSizeWord(word), "\(word)")
        }
        for word in ["red", "egg", "extra", "fresh", "ground"] {
            #expect(!ItemName.isSizeWord(word), "\(word)")
        }
    }
}
