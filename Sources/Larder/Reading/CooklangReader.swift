import LarderCooklang
import LarderCore
import LarderQuantities

/// A Cooklang file read into Larder's model: a `.cook` recipe becomes a
/// `Recipe`, a `.menu` plan a `ShoppingList`. The metadata is turned into
/// the fields of a Markdown file's front matter and goes through the same
/// schema and decoder (so a value of the wrong type gets the same diagnostic,
/// at its position); the steps give the ingredients, directions, cookware
/// and notes. See docs/format.md, "Cooklang files".
extension DocumentReader {
    func readCooklang(_ text: Substring, _ file: DataFile, _ decoder: inout DocumentDecoder) -> ReadDocument.Content {
        let document = CooklangParser.parse(String(text), path: file.path)
        decoder.diagnostics += document.diagnostics
        var reader = CooklangReader(file: file, document: document)
        let metadata = reader.metadata(&decoder)
        switch file.kind {
        case .recipe: return .recipe(reader.recipe(metadata, &decoder))
        case .list: return .list(reader.list(metadata, &decoder))
        case .config, .favorites: return .unreadable
        }
    }
}

struct CooklangReader {
    let file: DataFile
    let document: CooklangDocument

    /// One metadata entry, from the front matter or a `>>` line; a nested
    /// front matter object (`source: {name: …, url: …}`) is flattened to
    /// dotted keys (`source.url`).
    struct Entry {
        var key: String
        var keyPosition: SourcePosition
        var value: JSONValue
        /// The key lowercased, with spaces, `_` and `-` as `.`: `prep time`,
        /// `prep_time` and `Prep-Time` are all `prep.time`.
        var normalized: String {
            String(key.lowercased().map { $0 == " " || $0 == "_" || $0 == "-" ? "." : $0 })
        }
    }

    /// The folder the file is in, with a trailing `/` ("" at the top).
    var folder: String {
        file.path.lastIndex(of: "/").map { String(file.path[...$0]) } ?? ""
    }

    /// The file name without extension, as written: the default title.
    var name: String {
        let last = file.path.split(separator: "/").last.map(String.init) ?? file.path
        return DataFolder.stem(last)
    }

    private func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(path: file.path, position: position)
    }

    // MARK: Metadata

    /// The front matter's entries, then the `>>` lines', in file order.
    mutating func metadata(_ decoder: inout DocumentDecoder) -> [Entry] {
        var entries: [Entry] = []
        func entry(_ line: CooklangDocument.MetadataEntry) -> Entry {
            Entry(key: line.key, keyPosition: line.keyPosition, value: JSONValue(.string(line.value), at: line.valuePosition))
        }
        if let block = document.frontMatter {
            let (fields, problems) = FrontMatter.fields(block.text, path: file.path, firstLine: block.firstLine)
            let isMapping = fields.map { $0.object != nil || $0.isNull } ?? false
            if !isMapping, let loose = Self.looseLines(block) {
                // Cooklang's own front matter is looser than YAML: the spec's
                // `cooking time    :30 mins` is the key "cooking time"
                // (canonical.yaml, testMetadataMultiwordKeyWithSpaces). A
                // block of only such one-line fields is read as cook reads it.
                entries += loose.map(entry)
            } else {
                decoder.diagnostics += problems
                if let fields, fields.object == nil, !(fields.isNull) {
                    decoder.diagnostics.append(.error(
                        "bad-front-matter", "the front matter is not a set of fields (key: value)",
                        at: location(fields.position), hint: "write one field per line, such as 'servings: 4'"
                    ))
                }
                func flatten(_ object: JSONObject, prefix: String) {
                    for member in object.members {
                        if let nested = member.value.object {
                            flatten(nested, prefix: prefix + member.key + ".")
                        } else {
                            entries.append(Entry(key: prefix + member.key, keyPosition: member.keyPosition, value: member.value))
                        }
                    }
                }
                if let object = fields?.object { flatten(object, prefix: "") }
            }
        }
        return entries + document.metadata.map(entry)
    }

    /// The block's fields read line by line (`key: value`, the colon
    /// anywhere), when every line that is not blank or a `#` comment is one;
    /// nil when a line is something else (a list, an indented value), so
    /// that YAML's diagnostic stands.
    static func looseLines(_ block: CooklangDocument.FrontMatterBlock) -> [CooklangDocument.MetadataEntry]? {
        let loose = block.looseEntries
        let lines = block.text.split { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.filter {
            let trimmed = $0.trimmingSpaces
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
        guard !loose.isEmpty, loose.count == lines.count, loose.allSatisfy({ !$0.key.isEmpty }) else { return nil }
        return loose
    }

    /// Cooklang's standard keys (cooklang.org, "Canonical metadata") by
    /// their normalized form, and the recipe field each fills; nil for the
    /// standard keys Larder has no field for (kept as other metadata
    /// without a warning).
    static let recipeKeys: [String: String?] = [
        "title": "title",
        "description": "description", "introduction": "description",
        "servings": "servings", "serves": "servings", "yield": "yield",
        "tags": "tags", "tag": "tags",
        "source": "source", "source.url": "source", "source.name": "source", "url": "source",
        "author": "author", "source.author": "author",
        "time": "total_time", "duration": "total_time", "time.required": "total_time",
        "total.time": "total_time", "time.total": "total_time",
        "prep.time": "prep_time", "time.prep": "prep_time", "preparation.time": "prep_time",
        "cook.time": "cook_time", "time.cook": "cook_time", "cooking.time": "cook_time",
        "course": "category", "category": "category", "meal": "category",
        "cuisine": "cuisine",
        "image": "image", "images": "image", "picture": "image", "pictures": "image",
        "date": "date",
        "locale": nil, "diet": nil, "difficulty": nil,
    ]

    /// The fields of `entries` under Larder's names (`keys`), as a front
    /// matter would have them, and the entries left over (other metadata).
    /// Values are converted only where Cooklang writes them differently
    /// ("2|4" servings, a comma-separated tags string, a time in minutes);
    /// anything else goes to the schema as it is.
    private func fields(
        _ entries: [Entry], keys: [String: String?], _ decoder: inout DocumentDecoder
    ) -> (members: [JSONMember], other: [Detail]) {
        var members: [JSONMember] = []
        var taken = Set<String>()
        var other: [Detail] = []
        func keep(_ entry: Entry, warn: Bool) {
            guard let text = DocumentDecoder.text(entry.value) else { return }
            other.append(Detail(key: entry.key, value: text))
            guard warn else { return }
            decoder.diagnostics.append(.warning(
                "unknown-metadata", "\"\(entry.key)\" is not metadata Larder reads; it is kept and shown on the page",
                at: location(entry.keyPosition),
                hint: Suggestion.closest(to: entry.key.lowercased(), in: keys.keys).map { "did you mean \"\($0)\"?" }
                    ?? "Larder reads title, description, servings, tags, source, author, time, prep time, cook time, course, cuisine, image and date"
            ))
        }
        for entry in entries {
            guard let known = keys[entry.normalized] else {
                keep(entry, warn: true)
                continue
            }
            guard let field = known, !taken.contains(field), let value = converted(entry.value, for: field) else {
                keep(entry, warn: false)
                continue
            }
            // servings that are neither a number nor a range ("4-6", read
            // by the decoder as for Markdown) are the yield ("a dozen").
            let isRange = value.string.flatMap(DocumentDecoder.servingsRange) != nil
            let target = field == "servings" && value.number == nil && !isRange ? "yield" : field
            guard !taken.contains(target) else {
                keep(entry, warn: false)
                continue
            }
            taken.insert(target)
            members.append(JSONMember(key: target, keyPosition: entry.keyPosition, value: value))
        }
        return (members, other)
    }

    /// A value as the schema wants the field; nil when it has no place there
    /// (an image that is a URL: kept as other metadata, not published).
    private func converted(_ value: JSONValue, for field: String) -> JSONValue? {
        switch (field, value.kind) {
        case ("servings", .string(let text)):
            // "4", "2|4" (the first is the recipe's), "4 servings"; a range
            // "4-6" goes to the decoder as it is.
            if DocumentDecoder.servingsRange(text) != nil { return value }
            let digits = text.trimmingSpaces.prefix { $0.isASCII && $0.isNumber }
            let rest = text.trimmingSpaces.dropFirst(digits.count)
            if let count = Int(digits), count > 0, !(rest.first == "." || rest.first == "/" || rest.first == ",") {
                return JSONValue(.number(JSONNumber(count)), at: value.position)
            }
            return value
        case ("tags", .string(let text)):
            let tags = text.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            return JSONValue(.array(tags.map { JSONValue(.string($0), at: value.position) }), at: value.position)
        case ("total_time", .number(let number)), ("prep_time", .number(let number)), ("cook_time", .number(let number)):
            // A bare number of minutes, as the cook CLI reads it.
            return JSONValue(.string("\(number.literal) min"), at: value.position)
        case ("image", .array(let images)):
            return images.first.flatMap { converted($0, for: field) }
        case ("image", .string(let path)):
            if CrossChecker.isURL(path) { return nil }
            // Relative to the recipe's folder, as the picture beside it;
            // `images/…` is the data folder's, as in a Markdown recipe.
            let relative = path.hasPrefix("/") || path.hasPrefix("images/") ? path : folder + path
            return JSONValue(.string(relative), at: value.position)
        default:
            return value
        }
    }

    // MARK: Recipes

    /// The fields as a front matter holding them, with the file name as
    /// the title when none is given, checked against the schema of `kind`;
    /// and the other metadata.
    private func root(
        _ metadata: [Entry], keys: [String: String?], kind: DocumentKind, _ decoder: inout DocumentDecoder
    ) -> (root: JSONValue, other: [Detail]) {
        var (members, other) = fields(metadata, keys: keys, &decoder)
        let start = SourcePosition(line: 1, column: 1)
        if !members.contains(where: { $0.key == "title" }) {
            members.insert(JSONMember(key: "title", keyPosition: start, value: JSONValue(.string(name), at: start)), at: 0)
        }
        let root = JSONValue(.object(JSONObject(members)), at: start)
        decoder.diagnostics += SchemaSet.validate(root, as: kind, path: file.path)
        return (root, other)
    }

    /// Notes (`> …`) as Markdown paragraphs after `text`.
    private static func paragraphs(_ notes: [String], after text: String?) -> String? {
        guard !notes.isEmpty else { return text }
        let added = notes.map(escapedMarkdown).joined(separator: "\n\n")
        return text.map { $0 + "\n\n" + added } ?? added
    }

    mutating func recipe(_ metadata: [Entry], _ decoder: inout DocumentDecoder) -> Recipe {
        let (root, other) = root(metadata, keys: Self.recipeKeys, kind: .recipe, &decoder)
        var recipe = decoder.recipe(root, id: file.id)
        recipe.otherMetadata = other
        readSteps(into: &recipe, &decoder)
        addImages(to: &recipe, &decoder)
        return recipe
    }

    /// Ingredients, directions, cookware and notes from the sections.
    private func readSteps(into recipe: inout Recipe, _ decoder: inout DocumentDecoder) {
        var notes: [String] = []
        let grouped = document.sections.contains { $0.name != nil }
        for section in document.sections {
            var direction = DirectionSection(title: section.name, steps: [], marked: [])
            for block in section.blocks {
                switch block {
                case .note(let note):
                    notes.append(note.text)
                case .step(let step):
                    var plain = ""
                    var spans: [StepSpan] = []
                    for part in step.parts {
                        switch part {
                        case .text(let text):
                            spans.append(.text(text))
                            plain += text
                        case .ingredient(let ingredient):
                            let line = listed(ingredient, group: grouped ? section.name : nil, in: &recipe, &decoder)
                            spans.append(.ingredient(name: ingredient.name, line: line))
                            plain += ingredient.name
                        case .cookware(let cookware):
                            if !recipe.cookware.contains(cookware.name) { recipe.cookware.append(cookware.name) }
                            spans.append(.cookware(name: cookware.name))
                            plain += cookware.name
                        case .timer(let timer):
                            let text = Self.amountText(timer.amount)
                            spans.append(.timer(name: timer.name, text: text, seconds: Self.seconds(timer.amount)))
                            plain += text.isEmpty ? timer.name : text
                        }
                    }
                    direction.steps.append(Self.escapedMarkdown(plain))
                    direction.marked?.append(spans)
                }
            }
            if !direction.steps.isEmpty { recipe.directions.append(direction) }
        }
        recipe.notes = Self.paragraphs(notes, after: recipe.notes)
    }

    /// The line of `recipe.ingredients` an ingredient of a step is: a new
    /// one, or the one it adds to (`@&flour`, or the same name and unit
    /// again in the same group, as the cook CLI lists them); nil for a
    /// hidden one (`@-salt`).
    private func listed(
        _ marked: CooklangDocument.Ingredient, group: String?, in recipe: inout Recipe, _ decoder: inout DocumentDecoder
    ) -> Int? {
        guard !marked.hidden else { return nil }
        var ingredient = Ingredient(name: marked.name, location: location(marked.position))
        ingredient.group = group
        ingredient.optional = marked.optional
        ingredient.note = marked.note
        if let amount = marked.amount { read(amount, into: &ingredient, &decoder) }
        if let path = marked.recipePath {
            let id = DataFolder.cooklangID(path + ".cook", kind: .recipe)
            ingredient.recipe = id
            decoder.references.append(Reference(kind: .recipe, target: id, location: location(marked.position)))
        }
        let key = ingredient.name.lowercased()
        // `@&milk` refers to the line of that name in any section; the same
        // name again without `&` joins a line of its own section only.
        if let index = recipe.ingredients.lastIndex(where: {
            $0.name.lowercased() == key
                && (marked.reference || ($0.group == group && $0.unit == ingredient.unit && $0.unitName?.lowercased() == ingredient.unitName?.lowercased()
                    && ($0.quantity == nil) == (ingredient.quantity == nil) && $0.recipe == ingredient.recipe))
        }) {
            var line = recipe.ingredients[index]
            if line.unit == ingredient.unit, line.unitName?.lowercased() == ingredient.unitName?.lowercased(),
               let a = line.quantity, let b = ingredient.quantity {
                line.quantity = a + b
                recipe.ingredients[index] = line
                return index
            }
            if ingredient.quantity == nil || !marked.reference {
                return index
            }
            // `@&flour{1%cup}` beside `flour{200%g}`: no sum, a line of its own.
        }
        recipe.ingredients.append(ingredient)
        return recipe.ingredients.count - 1
    }

    /// `{quantity%unit}` into an ingredient or item: the quantity exactly
    /// (fractions, "1 1/2", ranges), the unit through the catalog; a
    /// quantity in words ("a pinch", "few") goes to the note.
    private func read<T: Amounted>(_ amount: CooklangDocument.Amount, into line: inout T, _ decoder: inout DocumentDecoder) {
        if amount.fixed {
            decoder.diagnostics.append(.warning(
                "fixed-amount", "amounts that do not scale ('=') are not supported: this one scales with the servings like the others",
                at: location(amount.quantityPosition), hint: "remove the '=', or write the amount in the step's text"
            ))
        }
        let quantity = amount.quantity
        if !quantity.isEmpty {
            if quantity.unicodeScalars.contains(where: { $0.properties.numericType != nil }) {
                switch LineParser.parseQuantity(quantity) {
                case .success(let value): line.quantity = value
                case .failure(let problem):
                    let at = amount.quantityPosition
                    decoder.diagnostics.append(problem.diagnostic(path: file.path, textStart: at))
                }
            } else {
                line.note = line.note.map { quantity + ", " + $0 } ?? quantity
            }
        }
        if !amount.unit.isEmpty {
            let unit = JSONValue(.string(amount.unit), at: amount.unitPosition ?? amount.quantityPosition)
            (line.unit, line.unitName) = decoder.unit(unit)
        }
    }

    /// What a timer says: "10 minutes".
    static func amountText(_ amount: CooklangDocument.Amount?) -> String {
        guard let amount else { return "" }
        return [amount.quantity, amount.unit].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A timer's length, when its quantity is a number and its unit one of
    /// `CookingTime`'s ("1/2 hour", "10 min").
    static func seconds(_ amount: CooklangDocument.Amount?) -> Int? {
        guard let amount, case .success(.exact(let value)) = LineParser.parseQuantity(amount.quantity),
              !amount.unit.isEmpty, let unit = CookingTime("1 \(amount.unit)") else { return nil }
        let seconds = Double(value.numerator) / Double(value.denominator) * Double(unit.seconds)
        guard seconds.isFinite, seconds <= Double(CookingTime.maximumSeconds) else { return nil }
        return Int(seconds.rounded())
    }

    /// Text written as a Cooklang step, safe as Markdown: what Markdown
    /// reads as markup is escaped, so a step shows as written. On UTF-8
    /// bytes (every special character is ASCII): a recipe has dozens of
    /// steps, and a kitchen ten thousand recipes.
    static func escapedMarkdown(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            // "1. Mix" at the start would be a numbered list: the "." is escaped.
            var digits = 0
            while digits < bytes.count, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
            let listMarker = digits > 0 && digits < bytes.count && (bytes[digits] == 0x2E || bytes[digits] == 0x29) ? digits : -1
            func escaped(_ index: Int) -> Bool {
                let byte = bytes[index]
                if index == listMarker { return true }
                if index == 0, byte == 0x2D || byte == 0x2B || byte == 0x3D { return true }  // - + =
                return byte < 0x80 && markup[Int(byte)]
            }
            guard (0..<bytes.count).contains(where: escaped) else { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            for index in 0..<bytes.count {
                if escaped(index) { out.append(0x5C) }
                out.append(bytes[index])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The ASCII characters Markdown (with GitHub's extensions) reads as
    /// markup anywhere in a line, by byte.
    private static let markup: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for byte in "\\`*_[]<>#|!&~".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The pictures beside the file: `Easy Pancakes.jpg` is the recipe's
    /// (unless the metadata names one), `Easy Pancakes.3.jpg` step 3's
    /// (steps counted from 1 through all sections). Each is checked like
    /// every image (content-sniffed, inside the folder).
    private func addImages(to recipe: inout Recipe, _ decoder: inout DocumentDecoder) {
        guard !file.images.isEmpty else { return }
        let stem = name
        var steps: [Int: String] = [:]
        for image in file.images {
            let path = folder + image
            let imageStem = DataFolder.stem(image)
            if imageStem == stem {
                guard recipe.image == nil else { continue }
                recipe.image = path
            } else if let number = Int(imageStem.dropFirst(stem.count + 1)), number > 0, steps[number] == nil {
                steps[number] = path
            } else {
                continue
            }
            decoder.references.append(Reference(kind: .image, target: path, location: location(SourcePosition(line: 1, column: 1))))
        }
        guard !steps.isEmpty else { return }
        var number = 0
        for index in recipe.directions.indices {
            let count = recipe.directions[index].steps.count
            let images = (number + 1...number + count).map { steps[$0] }
            if images.contains(where: { $0 != nil }) { recipe.directions[index].stepImages = images }
            number += count
        }
    }

    // MARK: Menus

    static let menuKeys: [String: String?] = [
        "title": "title", "description": "description", "introduction": "description",
        "servings": nil, "serves": nil, "locale": nil,
    ]

    /// A `.menu` as a shopping list: each recipe reference is a recipe to
    /// shop for (at `{N%servings}`, else the menu's `servings`, else the
    /// recipe's own), each other ingredient an item, under its section
    /// (the day); notes are the description.
    mutating func list(_ metadata: [Entry], _ decoder: inout DocumentDecoder) -> ShoppingList {
        var list = decoder.list(root(metadata, keys: Self.menuKeys, kind: .list, &decoder).root, id: file.id)
        let menuServings = metadata.first { $0.normalized == "servings" || $0.normalized == "serves" }
            .flatMap { entry in converted(entry.value, for: "servings")?.number.flatMap { Rational(jsonNumber: $0.literal) } }
        var notes: [String] = []
        for section in document.sections {
            for block in section.blocks {
                switch block {
                case .note(let note):
                    notes.append(note.text)
                case .step(let step):
                    for case .ingredient(let marked) in step.parts where !marked.hidden {
                        if let path = marked.recipePath {
                            list.recipes.append(request(path, marked, default: menuServings, &decoder))
                        } else {
                            var item = Item(name: marked.name, location: location(marked.position))
                            item.note = marked.note
                            item.section = section.name
                            if let amount = marked.amount { read(amount, into: &item, &decoder) }
                            list.items.append(item)
                        }
                    }
                }
            }
        }
        list.description = Self.paragraphs(notes, after: list.description)
        return list
    }

    /// `@./Breakfast/Easy Pancakes{10%servings}` (or `{10}`) in a menu.
    private func request(
        _ path: String, _ marked: CooklangDocument.Ingredient, default servings: Rational?, _ decoder: inout DocumentDecoder
    ) -> RecipeRequest {
        let id = DataFolder.cooklangID(path + ".cook", kind: .recipe)
        let at = location(marked.position)
        decoder.references.append(Reference(kind: .recipe, target: id, location: at))
        var asked = servings
        if let amount = marked.amount, !amount.quantity.isEmpty {
            let unit = amount.unit.lowercased()
            switch LineParser.parseQuantity(amount.quantity) {
            case .success(.exact(let value)) where unit.isEmpty || unit == "serving" || unit == "servings":
                asked = value
            case .success:
                decoder.diagnostics.append(.warning(
                    "menu-amount", "a menu asks for a recipe by servings; \"\(Self.amountText(amount))\" is not read",
                    at: location(amount.quantityPosition), hint: "write the servings, such as {4%servings}, or leave the braces empty for the recipe's own"
                ))
            case .failure(let problem):
                decoder.diagnostics.append(problem.diagnostic(path: file.path, textStart: amount.quantityPosition))
            }
        }
        if asked != nil {
            decoder.references.append(Reference(kind: .servings, target: id, location: at))
        }
        return RecipeRequest(recipe: id, servings: asked)
    }
}

/// What an amount in braces fills: an ingredient or a list item.
protocol Amounted {
    var quantity: Quantity? { get set }
    var unit: Unit? { get set }
    var unitName: String? { get set }
    var note: String? { get set }
}

extension Ingredient: Amounted {}
extension Item: Amounted {}
