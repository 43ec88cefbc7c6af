import LarderCooklang
import LarderCore
import LarderQuantities

/// The `cook` CLI's own configuration in a Cooklang folder, honoured where
/// larder.json does not say otherwise: `config/aisle.conf` (categories, the
/// items in them, `|` synonyms) and `config/pantry.conf` (what is in stock).
///
/// Read with larder.json, on every load, by the config stage
/// (`KitchenLoader.Setup`); their problems are diagnostics like any file's.
struct CookConfig {
    static let aislePath = "config/aisle.conf"
    static let pantryPath = "config/pantry.conf"
    /// What a build reads besides larder.json: a change rebuilds everything.
    static let paths = [aislePath, pantryPath]

    /// The files read, with their problems and bytes (for the report's carets).
    var documents: [ReadDocument] = []
    var aisle: AisleConf?
    var pantry: PantryConf?
    /// pantry.conf's items as the model has them.
    var pantryItems: [PantryItem] = []

    /// Reads both files, when they are there.
    static func read(_ folder: DataFolder) -> CookConfig {
        var cook = CookConfig()
        if let (document, text) = cook.file(aislePath, in: folder) {
            let conf = text.map { AisleConf.parse($0, path: aislePath) }
            cook.aisle = conf
            cook.documents.append(with(document) { $0.diagnostics += conf?.diagnostics ?? [] })
        }
        if let (document, text) = cook.file(pantryPath, in: folder) {
            let conf = text.map { PantryConf.parse($0, path: pantryPath) }
            var diagnostics = conf?.diagnostics ?? []
            cook.pantry = conf
            cook.pantryItems = conf.map { Self.items($0, &diagnostics) } ?? []
            cook.documents.append(with(document) { $0.diagnostics += diagnostics })
        }
        return cook
    }

    /// The file at `path` as a document to report on, and its text (nil
    /// when it cannot be read; the document says why); nil when missing.
    private func file(_ path: String, in folder: DataFolder) -> (ReadDocument, String?)? {
        // A document of kind config only carries the path and bytes to the
        // report; nothing decodes it as JSON.
        let file = DataFile(kind: .config, format: .json, path: path, id: "")
        func unreadable(_ diagnostic: Diagnostic) -> (ReadDocument, String?) {
            (ReadDocument(file: file, bytes: [], content: .unreadable, diagnostics: [diagnostic], references: []), nil)
        }
        let (type, size) = folder.entry(path)
        switch type {
        case .missing: return nil
        case .regular: break
        default: return unreadable(type.diagnostic(for: path))
        }
        guard size <= Limits.maximumFileSize else { return unreadable(DataFolder.tooLarge(path, size: size)) }
        guard case .success(let bytes) = folder.read(path, limit: Limits.maximumFileSize) else {
            return unreadable(.error("unreadable", "'\(path)' cannot be read", at: SourceLocation(path: path, line: 1, column: 1)))
        }
        let document = ReadDocument(file: file, bytes: bytes, content: .unreadable, diagnostics: [], references: [])
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = UTF8Check.firstInvalidOffset(in: bytes) ?? 0
            return (with(document) {
                $0.diagnostics = [.error(
                    "invalid-utf8", "the file is not valid UTF-8",
                    at: SourceLocation(path: path, position: UTF8Check.position(ofOffset: offset, in: bytes)),
                    hint: "save the file as UTF-8 in your editor")]
            }, nil)
        }
        return (document, text)
    }

    /// pantry.conf's items: an amount read with Larder's reader, no amount
    /// or "unlim" a staple; a bad amount is reported and the item dropped.
    static func items(_ conf: PantryConf, _ diagnostics: inout [Diagnostic]) -> [PantryItem] {
        conf.items.compactMap { item in
            var pantryItem = PantryItem(
                name: item.name, section: item.section, bought: item.bought, expire: item.expire, low: item.low)
            guard let text = item.quantity else { return pantryItem }
            let start = item.quantityPosition ?? item.position
            func at(_ offset: Int) -> SourceLocation {
                SourceLocation(path: pantryPath, line: start.line, column: start.column + offset)
            }
            switch PantryItem.stock(text, at: at) {
            case .problem(let problem):
                diagnostics.append(problem)
                return nil
            case .staple:
                return pantryItem
            case .amount(let have, let warning):
                diagnostics += [warning].compactMap { $0 }
                pantryItem.have = have
                return pantryItem
            }
        }
    }

    // MARK: Merging under larder.json

    /// larder.json's config with the cook files under it: aisle.conf's
    /// categories (a built-in or larder.json category of the same id or name,
    /// else a new one), its items in the catalog and its synonyms as aliases,
    /// and pantry.conf's items; larder.json's own catalog entries, category
    /// names, aliases and pantry items win.
    func merged(into config: DocumentDecoder.ConfigDocument) -> DocumentDecoder.ConfigDocument {
        var merged = config
        if let aisle {
            let known = KitchenLoader.mergedCategories(config.categories)
            var newCategories: [Category] = []
            var catalog: [(name: String, entry: Catalog.Entry)] = []
            var aliases: [FoodAlias] = []
            for (index, category) in aisle.categories.enumerated() {
                let id = Self.categoryID(category.name, among: known + newCategories) ?? "aisle-\(index + 1)"
                if !known.contains(where: { $0.id == id }), !newCategories.contains(where: { $0.id == id }) {
                    newCategories.append(Category(id: id, name: category.name))
                }
                for item in category.items {
                    for name in item.names { catalog.append((name, Catalog.Entry(category: id))) }
                    if item.names.count > 1 { aliases.append(FoodAlias(name: item.names[0], aliases: Array(item.names.dropFirst()))) }
                }
            }
            merged.categories = newCategories + config.categories
            merged.catalog = catalog + config.catalog
            merged.config.aliases = aliases + config.config.aliases
            merged.config.commonNames = aliases.map(\.name)
        }
        let own = Set(config.config.pantry.map { FoodNames.plainKey($0.name) })
        merged.config.pantry += pantryItems.filter { !own.contains(FoodNames.plainKey($0.name)) }
        return merged
    }

    /// The id of the category aisle.conf calls `name`: one of `categories`
    /// with that id or name (in any case), else one made from the name; nil
    /// for a new name with no ASCII letter or digit ("野菜").
    static func categoryID(_ name: String, among categories: [Category]) -> String? {
        let lower = name.lowercased()
        if let match = categories.first(where: { $0.id == lower || $0.name.lowercased() == lower }) { return match.id }
        return Identifier.suggestion(from: name)
    }

    /// The kitchen's categories with aisle.conf's first, in its order: the
    /// order a Cooklang user walks their shop, which sheets follow when no
    /// store says otherwise.
    func ordered(_ categories: [Category]) -> [Category] {
        guard let aisle else { return categories }
        let ids = aisle.categories.compactMap { Self.categoryID($0.name, among: categories) }
        let first = ids.compactMap { id in categories.first { $0.id == id } }
        return first + categories.filter { !ids.contains($0.id) }
    }
}

extension PantryItem {
    /// An amount in stock as written, read.
    enum Stock {
        /// No amount, or "unlim": always enough.
        case staple
        /// With a warning for a unit Larder does not know.
        case amount(PlanAmount, warning: Diagnostic?)
        /// What keeps it from being read.
        case problem(Diagnostic)
    }

    /// An amount in stock as written (`500%g`, `1 kg`, `unlim`), read for
    /// an item whose text `location` places (an offset into `text`).
    static func stock(_ text: String, at location: (Int) -> SourceLocation) -> Stock {
        switch StockAmount.read(text) {
        case .failure(let problem):
            return .problem(problem.diagnostic(at: location(problem.offset)))
        case .success(nil):
            return .staple
        case .success(let amount?):
            var warning: Diagnostic?
            if amount.unit == nil, let name = amount.unitName {
                warning = .warning(
                    "unknown-unit", "unknown unit \"\(name)\"; only an amount in the same unit is taken off what recipes ask for",
                    at: location(amount.unitOffset ?? 0),
                    hint: "use a known unit such as g, kg, ml, l, tsp, tbsp, cup, oz, lb, can, or leave the unit out for a count")
            }
            let have = PlanAmount(quantity: amount.quantity, unit: amount.unit, unitName: amount.unit == nil ? amount.unitName : nil)
            return .amount(have, warning: warning)
        }
    }
}

/// `value` after `change`: for building a value in one expression.
private func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var value = value
    change(&value)
    return value
}
