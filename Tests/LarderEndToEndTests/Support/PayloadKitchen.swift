import Foundation
@testable import LarderTestSupport

/// A data folder with hostile text in every text field of every kind of file
/// (larder.json, JSON and Markdown lists of each kind, JSON and Markdown
/// recipes, favorites.json, image file names), one set of files per payload,
/// for the tests that build it and look for script in the result.
struct PayloadKitchen {
    let payloads: [String]

    /// The payloads of `Fixtures/xss/payloads.txt`, escapes decoded.
    static func fixturePayloads() throws -> [String] {
        let url = Repository.fixtures.appendingPathComponent("xss/payloads.txt")
        return try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.hasPrefix("#") }
            .map { decode(String($0)) }
    }

    /// Whether `text` glues a character HTML escaping must change (`& < > " '`)
    /// to a combining mark or joiner that follows it, making one Swift
    /// `Character` (`"` + U+0301) that is not equal to the plain one: an
    /// escaper that compares Characters lets the quote through, and the
    /// value breaks out of its attribute.
    static func gluesMarkup(_ text: String) -> Bool {
        text.contains { character in
            character.unicodeScalars.count > 1 && character.unicodeScalars.contains { "&<>\"'".unicodeScalars.contains($0) }
        }
    }

    /// `\u{301}` in a fixture line as U+0301.
    static func decode(_ line: String) -> String {
        var out = ""
        var rest = Substring(line)
        while let open = rest.range(of: "\\u{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}"),
                  let value = UInt32(rest[open.upperBound..<close], radix: 16), let scalar = Unicode.Scalar(value)
            else { out += "\\u{"; rest = rest[open.upperBound...]; continue }
            out.unicodeScalars.append(scalar)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    // MARK: Ids and names

    static func recipeJSON(_ i: Int) -> String { "r-json-\(i)" }
    static func recipeMarkdown(_ i: Int) -> String { "r-md-\(i)" }
    static func listJSON(_ i: Int) -> String { "l-json-\(i)" }
    static func listMarkdown(_ i: Int) -> String { "l-md-\(i)" }
    static func collectionJSON(_ i: Int) -> String { "c-json-\(i)" }
    static func checklistMarkdown(_ i: Int) -> String { "k-md-\(i)" }
    static let unlistedList = "u-json"
    /// A plain recipe the Markdown recipes link to.
    static let baseRecipe = "base"

    /// An http(s) URL that passes the schema yet carries quotes and a handler.
    static let quotedURL = "https://example.org/?q='onmouseover='alert(1)'&x=(1)"

    /// The image of payload `i`: a file whose name holds the payload (as far
    /// as a file name can, and as far as `check` accepts image paths: `/`,
    /// `\`, `:`, `%` and NUL become `_`).
    func image(_ i: Int) -> String {
        let name = String(payloads[i].unicodeScalars.map { scalar -> Character in
            "/\\:%\0\n\r".unicodeScalars.contains(scalar) ? "_" : Character(scalar)
        })
        return "images/img-\(i)-\(name).gif"
    }

    /// Every file of the folder, relative path to contents.
    func files() throws -> [String: String] {
        var files: [String: String] = [:]
        files["larder.json"] = try json(config())
        files["favorites.json"] = try json([
            "recipes": [Self.recipeJSON(0), Self.recipeMarkdown(0)],
            "lists": [Self.listJSON(0), Self.listMarkdown(0)],
            "items": payloads,
        ])
        for (i, p) in payloads.enumerated() {
            files["recipes/\(Self.recipeJSON(i)).json"] = try json(recipe(i, p))
            files["recipes/\(Self.recipeMarkdown(i)).md"] = markdownRecipe(i, p)
            files["lists/\(Self.listJSON(i)).json"] = try json(shoppingList(i, p))
            files["lists/\(Self.collectionJSON(i)).json"] = try json(collection(i, p))
            files["lists/\(Self.listMarkdown(i)).md"] = markdownList(i, p, shopping: true)
            files["lists/\(Self.checklistMarkdown(i)).md"] = markdownList(i, p, shopping: false)
            files[image(i)] = "GIF89a, but not really a GIF\n"
        }
        files["recipes/\(Self.baseRecipe).json"] = try json(["title": "Base", "ingredients": ["1 l water"]])
        var unlisted = shoppingList(0, payloads.joined(separator: " "))
        unlisted["visibility"] = "unlisted"
        files["lists/\(Self.unlistedList).json"] = try json(unlisted)
        return files
    }

    func write(to folder: URL) throws {
        for (path, text) in try files() {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    // MARK: JSON files

    private func config() -> [String: Any] {
        let all = payloads.joined(separator: " ")
        return [
            "title": all,
            "description": all,
            "baseURL": "https://example.org/kitchen/",
            "language": "en",
            "currency": "EUR",
            "current": Self.listJSON(0),
            "stores": payloads.indices.map { i -> [String: Any] in
                var store: [String: Any] = [
                    "id": "s-\(i)", "name": payloads[i], "address": payloads[i],
                    "url": Self.quotedURL, "aisles": ["c-\(i)", "produce"],
                ]
                if i.isMultiple(of: 2) { store["location"] = ["lat": 52.5, "lon": 13.4] }
                return store
            },
            "categories": payloads.indices.map { i -> [String: Any] in
                // An emoji is at most 8 code points.
                let emoji = String(String.UnicodeScalarView(payloads[i].unicodeScalars.prefix(8)))
                return ["id": "c-\(i)", "name": payloads[i], "emoji": emoji]
            },
            "pantry": payloads.map { "staple " + $0 },
            "catalog": Dictionary(uniqueKeysWithValues: payloads.indices.map { ("catalog " + payloads[$0], ["category": "c-\($0)"]) }),
        ]
    }

    private func recipe(_ i: Int, _ p: String) -> [String: Any] {
        [
            "title": p, "description": p, "category": p, "cuisine": p, "tags": [p],
            "servings": 2, "yield": p, "prep_time": "10 min", "cook_time": "1 h",
            "image": image(i), "source": i.isMultiple(of: 2) ? p : Self.quotedURL, "author": p, "date": "2026-01-02",
            "nutrition": ["calories": 120, "servingSize": p, "fatContent": p],
            "ingredients": [
                "200 g " + Self.line(p),
                ["name": p, "quantity": 1, "unit": "cup", "note": p, "group": p, "optional": true],
                ["name": p, "recipe": Self.recipeMarkdown(i)],
            ] as [Any],
            "directions": [p, ["section": p, "steps": [p, "Stir. " + p]]] as [Any],
            "notes": p,
        ]
    }

    private func shoppingList(_ i: Int, _ p: String) -> [String: Any] {
        [
            "title": p, "kind": "shopping", "description": p, "store": "s-\(i)", "members": [p],
            "recipes": [["recipe": Self.recipeJSON(i), "servings": 4]],
            "items": [
                [
                    "name": p, "quantity": 2, "unit": "kg", "category": "c-\(i)", "store": "s-\(i)",
                    "price": 1.25, "priority": "high", "note": p, "requestedBy": p, "image": image(i),
                    "url": Self.quotedURL, "added": "2026-01-02",
                ],
                ["name": "staple " + p, "category": "c-\(i)"],
                ["name": "catalog " + p, "checked": true],
            ] as [Any],
        ]
    }

    private func collection(_ i: Int, _ p: String) -> [String: Any] {
        [
            "title": p, "kind": "collection", "description": p, "members": [p],
            "items": [
                [
                    "name": p, "note": p, "requestedBy": p, "image": image(i), "url": Self.quotedURL,
                    "priority": "low", "details": [p: p, "year": 1999, "tags": [p, p + " again"]],
                ],
            ] as [Any],
        ]
    }

    private func json(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: Markdown files

    /// `text` as a YAML double-quoted scalar: everything outside printable
    /// ASCII escaped, so line and paragraph separators survive (YAML reads
    /// them as line breaks when written raw).
    static func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                out += scalar.value > 0xFFFF
                    ? "\\U" + String(format: "%08X", scalar.value) : "\\u" + String(format: "%04X", scalar.value)
            }
        }
        return out + "\""
    }

    /// An item or ingredient line holding `text` as far as such a line can:
    /// line breaks become spaces (the payload stays on its line), a word
    /// that would read as a marker (`!high`, `@store`, `#category`) gets an
    /// `x` in front, and `](` a space (`[name](id)` links a recipe). The
    /// payload as written goes into the fields that take any text.
    static func line(_ text: String) -> String {
        let words = String(text.map { $0.isNewline ? " " : $0 })
            .replacingOccurrences(of: "](", with: "] (")
            .split(separator: " ", omittingEmptySubsequences: false)
        return words.map { word in
            word.first.map { "!@#".contains($0) } == true ? "x" + word : String(word)
        }.joined(separator: " ")
    }

    private func markdownRecipe(_ i: Int, _ p: String) -> String {
        let y = Self.yaml(p)
        let l = Self.line(p)
        return """
            ---
            title: \(y)
            category: \(y)
            cuisine: \(y)
            tags: [\(y)]
            servings: 3
            yield: \(y)
            source: \(y)
            author: \(y)
            image: \(Self.yaml(image(i)))
            nutrition:
              servingSize: \(y)
            ---
            \(l)

            ## Ingredients

            - 200 g \(l)

            ### \(l)

            - 1 cup \(l)
            - [\(l)](\(Self.baseRecipe))

            ## Directions

            1. \(l)
            2. Stir. \(l)

            ## Notes

            \(l)

            """
    }

    /// A shopping list (a store, members, a quantity and `!high`) or a
    /// checklist (`!low`), its items under a heading that holds the payload.
    private func markdownList(_ i: Int, _ p: String, shopping: Bool) -> String {
        let y = Self.yaml(p)
        let l = Self.line(p)
        let fields = shopping ? "store: s-\(i)\nmembers: [\(y)]" : "kind: checklist"
        return """
            ---
            title: \(y)
            description: \(y)
            \(fields)
            ---
            ## \(l)

            - [ ] \(l)
            - [x] \(shopping ? "2 kg \(l) !high" : "\(l) !low")

            """
    }
}
