import LarderCooklang
import LarderCore
import Testing

/// `config/pantry.conf`: every form an item takes in the `cook` CLI's
/// pantry, and each problem as a whole diagnostic with line and column.
struct PantryConfTests {
    static let path = "config/pantry.conf"

    func at(_ line: Int, _ column: Int) -> LarderCore.SourceLocation { LarderCore.SourceLocation(path: Self.path, line: line, column: column) }
    func position(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    @Test func readsEveryFormOfItem() {
        let conf = PantryConf.parse(
            """
            # top level: no section
            paprika = "1%jar"

            [freezer]
            cranberries = "500%g"   # a comment after the value
            spinach = { bought = "05.05.2024", expire = "05.05.2025", quantity = "1%kg", low = "200%g" }
            "ice cream" = 'unlim'

            [fridge]
            milk = { expire = "10.05.2024" }
            cupboard = { }
            """, path: Self.path)
        #expect(conf.diagnostics == [])
        #expect(conf.items == [
            PantryConf.Item(name: "paprika", quantity: "1%jar", quantityPosition: position(2, 12), position: position(2, 1)),
            PantryConf.Item(name: "cranberries", section: "freezer", quantity: "500%g", quantityPosition: position(5, 16), position: position(5, 1)),
            PantryConf.Item(
                name: "spinach", section: "freezer", quantity: "1%kg", quantityPosition: position(6, 71),
                bought: "05.05.2024", expire: "05.05.2025", low: "200%g", position: position(6, 1)),
            PantryConf.Item(name: "ice cream", section: "freezer", quantity: "unlim", quantityPosition: position(7, 16), position: position(7, 1)),
            PantryConf.Item(name: "milk", section: "fridge", expire: "10.05.2024", position: position(10, 1)),
            PantryConf.Item(name: "cupboard", section: "fridge", position: position(11, 1)),
        ])
    }

    @Test func readsArraysAsSectionsOfNames() {
        let conf = PantryConf.parse(
            """
            cupboard = [
              "salt",  # always
              { name = "rice", quantity = "5%kg" },
              { pepper = "pepper", bought = "01.01.2024" },
            ]
            shelf = { oats = "1%kg", honey = { quantity = "1%jar" } }
            """, path: Self.path)
        #expect(conf.diagnostics == [])
        #expect(conf.items.map(\.name) == ["salt", "rice", "pepper", "oats", "honey"])
        #expect(conf.items.map(\.section) == ["cupboard", "cupboard", "cupboard", "shelf", "shelf"])
        #expect(conf.items.map(\.quantity) == [nil, "5%kg", nil, "1%kg", "1%jar"])
        #expect(conf.items[2].bought == "01.01.2024")
        #expect(conf.items[1].quantityPosition == position(3, 32))
    }

    @Test func reportsEachProblemAndReadsTheRest() {
        let conf = PantryConf.parse(
            """
            [fridge]
            milk = "1%l
            eggs = 12
            butter = { quantity = "250%g", colour = "yellow" }
            cream = { quantity = 2 }
            fridge.door = "x"
            [[shelves]]
            cheese "200%g"
            cheese = "100%g"
            cheese = "300%g"
            oil = "1%l" extra
            """, path: Self.path)
        let syntax = "pantry-syntax"
        let nameHint = "write an item as name = \"500%g\"; quote a name with spaces or dots: \"olive oil\" = \"1%l\""
        #expect(conf.diagnostics == [
            .error(syntax, "the string is not closed", at: at(2, 8), hint: "close it with \" on the same line"),
            .error(syntax, "dotted keys are not read in pantry.conf", at: at(6, 7), hint: nameHint),
            .error(syntax, "arrays of tables ([[…]]) are not read in pantry.conf", at: at(7, 1),
                   hint: "write a table per place, such as [fridge], with an item per line"),
            .error(syntax, "expected = after \"cheese\"", at: at(8, 8), hint: nameHint),
            .error(syntax, "\"cheese\" is already in [fridge]; the first one counts", at: at(10, 1), hint: "keep one line per item"),
            .error(syntax, "unexpected \"e\" after the value", at: at(11, 13), hint: "put one item on a line; a comment starts with #"),
            .error("pantry-bad-item", "\"eggs\" is not an item", at: at(3, 8),
                   hint: "write an item as name = \"500%g\" or name = { quantity = \"1%kg\", expire = \"2025-05-01\" }"),
            .warning("pantry-unknown-field", "unknown field \"colour\" in the item \"butter\"; it is ignored", at: at(4, 32),
                     hint: "an item has a quantity, bought, expire and low"),
            .error("pantry-bad-item", "quantity of \"cream\" must be a string", at: at(5, 22),
                   hint: "put it in quotes, such as quantity = \"500%g\""),
        ])
        #expect(conf.items.map(\.name) == ["butter", "cream", "cheese"])
        #expect(conf.items.map(\.quantity) == ["250%g", nil, "100%g"])
    }

    @Test func keepsPositionsPastEscapesAndWideCharacters() {
        let conf = PantryConf.parse("[shelf]\n\"crème fraîche\" = { quantity = \"200%g\" }\nté = \"a\\u00e9\"\n", path: Self.path)
        #expect(conf.diagnostics == [])
        #expect(conf.items.map(\.name) == ["crème fraîche", "té"])
        #expect(conf.items[0].quantityPosition == position(2, 33))
        #expect(conf.items[1].quantity == "aé")
    }
}
