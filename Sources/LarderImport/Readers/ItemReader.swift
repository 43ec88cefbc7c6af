import LarderCore

/// Recipes marked up in attributes: microdata (`itemscope itemtype=…/Recipe`,
/// `itemprop`) and RDFa (`typeof="Recipe"`, `property`). Each item becomes
/// the JSON-LD object it stands for, so ``SchemaRecipe`` reads every markup
/// the same way.
struct ItemReader {
    /// Which attributes mark an item, its type and its properties.
    enum Syntax {
        case microdata
        case rdfa

        var propertyAttribute: String { self == .microdata ? "itemprop" : "property" }

        func isItem(_ element: HTMLElement) -> Bool {
            switch self {
            case .microdata: element[attribute: "itemscope"] != nil
            case .rdfa: element[attribute: "typeof"] != nil
            }
        }

        func types(_ element: HTMLElement) -> [String] {
            let attribute = self == .microdata ? "itemtype" : "typeof"
            return (element[attribute: attribute] ?? "").split(whereSeparator: \.isWhitespace).map {
                SchemaTypes.short(String($0))
            }
        }
    }

    var syntax: Syntax

    /// Properties a page may give as one element holding many lines (a
    /// list, paragraphs, or lines between `<br>`s): each line is a value.
    /// Ingredients split at list items and line breaks only (one
    /// ingredient is often a `<dt>` amount and a `<dd>` name); steps at any
    /// block.
    static let listProperties: [String: Set<String>] = [
        "recipeIngredient": ["li", "br", "p"], "ingredients": ["li", "br", "p"],
        "recipeInstructions": HTMLElement.breaking,
    ]

    /// The Recipe items of `page`, outermost first, as JSON-LD objects.
    func recipes(in page: HTMLElement) -> [JSONObject] {
        page.outermost { syntax.isItem($0) && syntax.types($0).contains("Recipe") }.map(item)
    }

    /// An item's properties: the values of the elements below it that name
    /// a property, not looking inside nested items (whose properties are
    /// theirs), a nested item's value being that item.
    private func item(_ element: HTMLElement) -> JSONObject {
        var values: [(String, JSONValue)] = [("@type", JSONValue(.array(syntax.types(element).map { JSONValue(.string($0)) })))]
        collect(element, into: &values)
        // Properties named more than once become lists, in page order.
        var order: [String] = []
        var grouped: [String: [JSONValue]] = [:]
        for (name, value) in values {
            if grouped[name] == nil { order.append(name) }
            grouped[name, default: []].append(value)
        }
        return JSONObject(order.map { name in
            var list = grouped[name]!
            // Given once, a list property's lines are its values; given on
            // several elements, each element is one value (a step with its
            // heading, say), its lines joined.
            if list.count > 1 {
                list = list.map { value in
                    value.array.map { JSONValue(.string($0.compactMap(\.string).joined(separator: " "))) } ?? value
                }
            }
            return JSONMember(key: name, keyPosition: .start, value: list.count == 1 ? list[0] : JSONValue(.array(list)))
        })
    }

    private func collect(_ element: HTMLElement, into values: inout [(String, JSONValue)]) {
        for child in element.elements {
            let names = (child[attribute: syntax.propertyAttribute] ?? "").split(whereSeparator: \.isWhitespace)
                .map { SchemaTypes.short(String($0)) }
            if syntax.isItem(child) {
                let nested = JSONValue(.object(item(child)))
                for name in names { values.append((name, nested)) }
                continue
            }
            for name in names { values.append((name, value(of: child, property: name))) }
            // A property's element may hold more properties (a description
            // left unclosed holds the rest of the recipe).
            collect(child, into: &values)
        }
    }

    /// A property's value as the microdata spec reads it: `content`, then a
    /// URL attribute by element, then `datetime`/`value`, else the text.
    /// Instructions given as one element holding a list become the list's
    /// items.
    private func value(of element: HTMLElement, property: String) -> JSONValue {
        if let content = element[attribute: "content"] { return JSONValue(.string(content)) }
        let urlAttribute: String? = switch element.name {
        case "img", "audio", "video", "source", "embed", "iframe", "track": "src"
        case "a", "area", "link": "href"
        case "object": "data"
        default: nil
        }
        if let urlAttribute, property != "recipeIngredient", property != "ingredients",
           let address = element[attribute: urlAttribute] ?? element[attribute: "data-src"] {
            return JSONValue(.string(address))
        }
        if element.name == "time", let datetime = element[attribute: "datetime"] { return JSONValue(.string(datetime)) }
        if element.name == "data" || element.name == "meter", let value = element[attribute: "value"] {
            return JSONValue(.string(value))
        }
        if let breaks = ItemReader.listProperties[property] {
            let lines = element.lines(breakingAt: breaks)
            if lines.count > 1 {
                return JSONValue(.array(lines.map { JSONValue(.string(TextCleaning.withoutBullet($0))) }))
            }
        }
        return JSONValue(.string(element.text))
    }
}
