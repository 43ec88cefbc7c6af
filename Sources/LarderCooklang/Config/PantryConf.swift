import LarderCore

/// `config/pantry.conf`, the `cook` CLI's pantry: TOML, a table per place
/// (`[freezer]`, `[fridge]`), an item per key, its value the amount in stock
/// (`cranberries = "500%g"`) or a table (`spinach = { quantity = "1%kg",
/// bought = "05.05.2024", expire = "05.05.2025", low = "200%g" }`). Top-level
/// items are in no section; a top-level array is a section of names
/// (`cupboard = ["salt", { name = "pepper", bought = "01.01.2024" }]`).
///
/// Read by ``TOMLSubset``, which knows the part of TOML these files use and
/// keeps line:column for every value, so a bad amount is pointed at; a
/// problem is a diagnostic and the rest of the file is still read.
public struct PantryConf: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var name: String
        /// The table it is in (`freezer`); nil at the top level.
        public var section: String?
        /// As written: "500%g", "2", "unlim"; nil when not given.
        public var quantity: String?
        /// Where the quantity's text starts (after the opening quote).
        public var quantityPosition: SourcePosition?
        public var bought: String?
        public var expire: String?
        public var low: String?
        /// Where the item's name is.
        public var position: SourcePosition

        public init(
            name: String, section: String? = nil, quantity: String? = nil, quantityPosition: SourcePosition? = nil,
            bought: String? = nil, expire: String? = nil, low: String? = nil, position: SourcePosition
        ) {
            self.name = name
            self.section = section
            self.quantity = quantity
            self.quantityPosition = quantityPosition
            self.bought = bought
            self.expire = expire
            self.low = low
            self.position = position
        }
    }

    /// In file order.
    public var items: [Item] = []
    public var diagnostics: [Diagnostic] = []

    public init(items: [Item] = [], diagnostics: [Diagnostic] = []) {
        self.items = items
        self.diagnostics = diagnostics
    }

    /// Reads the text of a pantry file found at `path` (for diagnostics).
    public static func parse(_ text: String, path: String) -> PantryConf {
        let document = TOMLSubset.parse(text, path: path)
        var reader = Reader(path: path, conf: PantryConf(diagnostics: document.diagnostics))
        for entry in document.entries { reader.add(entry) }
        return reader.conf
    }

    /// Turns the TOML entries into items.
    private struct Reader {
        let path: String
        var conf: PantryConf

        static let attributes: Set<String> = ["quantity", "bought", "expire", "low"]
        static let itemHint = "write an item as name = \"500%g\" or name = { quantity = \"1%kg\", expire = \"2025-05-01\" }"

        mutating func add(_ entry: TOMLSubset.Entry) {
            switch entry.value.kind {
            case .string(let quantity):
                conf.items.append(Item(
                    name: entry.key, section: entry.table, quantity: quantity, quantityPosition: entry.value.position,
                    position: entry.keyPosition))
            case .table(let members) where entry.table != nil:
                conf.items.append(item(entry.key, members, section: entry.table, position: entry.keyPosition))
            case .table(let members):
                // A top-level inline table is a section written on one line.
                for member in members { add(TOMLSubset.Entry(table: entry.key, key: member.key, keyPosition: member.keyPosition, value: member.value)) }
            case .array(let elements) where entry.table == nil:
                for element in elements {
                    switch element.kind {
                    case .string(let name):
                        conf.items.append(Item(name: name, section: entry.key, position: element.position))
                    case .table(let members):
                        if let named = namedItem(members, section: entry.key, position: element.position) {
                            conf.items.append(named)
                        }
                    default:
                        error("an item of \"\(entry.key)\" is neither a name nor a table", at: element.position,
                              hint: "write the items as [\"salt\", { name = \"rice\", quantity = \"5%kg\" }]")
                    }
                }
            default:
                error("\"\(entry.key)\" is not an item", at: entry.value.position, hint: Self.itemHint)
            }
        }

        /// `spinach = { quantity = "1%kg", bought = "…" }`
        private mutating func item(
            _ name: String, _ members: [TOMLSubset.Member], section: String?, position: SourcePosition
        ) -> Item {
            var item = Item(name: name, section: section, position: position)
            fill(&item, members, skipping: nil)
            return item
        }

        /// `{ name = "rice", quantity = "5%kg" }` or `{ rice = "rice", … }` in
        /// an array: the name is `name`, else the first other string's key.
        private mutating func namedItem(_ members: [TOMLSubset.Member], section: String, position: SourcePosition) -> Item? {
            let nameMember = members.first { $0.key == "name" }
                ?? members.first { !Self.attributes.contains($0.key) && $0.value.string != nil }
            guard let nameMember else {
                error("an item of \"\(section)\" has no name", at: position,
                      hint: "give it a name: { name = \"rice\", quantity = \"5%kg\" }")
                return nil
            }
            let name = nameMember.key == "name" ? nameMember.value.string ?? "" : nameMember.key
            var item = Item(name: name, section: section, position: nameMember.value.position)
            fill(&item, members, skipping: nameMember.key)
            return item
        }

        private mutating func fill(_ item: inout Item, _ members: [TOMLSubset.Member], skipping: String?) {
            for member in members where member.key != skipping {
                guard Self.attributes.contains(member.key) else {
                    conf.diagnostics.append(.warning(
                        "pantry-unknown-field", "unknown field \"\(member.key)\" in the item \"\(item.name)\"; it is ignored",
                        at: SourceLocation(path: path, position: member.keyPosition),
                        hint: "an item has a quantity, bought, expire and low"))
                    continue
                }
                guard let text = member.value.string else {
                    let example = member.key == "quantity" || member.key == "low" ? "500%g" : "2025-05-01"
                    error("\(member.key) of \"\(item.name)\" must be a string", at: member.value.position,
                          hint: "put it in quotes, such as \(member.key) = \"\(example)\"")
                    continue
                }
                switch member.key {
                case "quantity":
                    item.quantity = text
                    item.quantityPosition = member.value.position
                case "bought": item.bought = text
                case "expire": item.expire = text
                default: item.low = text
                }
            }
        }

        private mutating func error(_ message: String, at position: SourcePosition, hint: String) {
            conf.diagnostics.append(.error("pantry-bad-item", message, at: SourceLocation(path: path, position: position), hint: hint))
        }
    }
}
