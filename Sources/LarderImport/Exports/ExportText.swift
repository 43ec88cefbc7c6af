import Foundation

/// How recipe apps write a recipe's parts in one text field of their
/// exports (a CSV cell, an HTML element), read the same way for each app.
enum ExportText {
    /// Steps from lines. When every line starts with its number (`1.`,
    /// `2)`), as people type them into a box, the numbers are dropped: the
    /// recipe file numbers its steps itself.
    static func steps(_ lines: [String]) -> [ImportedRecipe.Step] {
        let numbering = /^\d{1,3}\s*[.)]\s+/
        let numbered = lines.count > 1 && lines.allSatisfy { $0.prefixMatch(of: numbering) != nil }
        return lines.map { line in
            ImportedRecipe.Step(text: numbered ? String(line.trimmingPrefix(numbering)) : line)
        }
    }

    /// A time given as a number of minutes (`75`), or in words as the
    /// recipe's own field would hold it; nil when empty.
    static func minutes(_ text: String) -> ImportedRecipe.Duration? {
        if let number = Int(text.trimmingCharacters(in: .whitespaces)) { return ExportValues.duration(minutes: number) }
        return ExportValues.duration(text)
    }

    /// Values of a list field (tags, categories) separated by `separator`,
    /// trimmed, empty and repeated ones left out.
    static func list(_ text: String, separator: Character) -> [String] {
        distinct(text.split(separator: separator).map { TextCleaning.collapseWhitespace(String($0)) })
    }

    /// The texts that are not empty, each once, in their first order.
    static func distinct(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The first entry of `files` whose name ends with `ending` (any case)
    /// and whose content `recognises` takes.
    static func entry(in files: ExportFiles, ending: String, _ recognises: ([UInt8]) -> Bool) -> ExportFiles.Entry? {
        files.entries.first { $0.name.lowercased().hasSuffix(ending) && recognises($0.bytes) }
    }

    /// The recipes of a CSV export, one a row: the first `.csv` entry
    /// that `recognises`, each record read by `recipe`. A row with
    /// something in it but no recipe (`recipe` gives nil) is skipped and
    /// said so, at its line; a CSV that does not parse gives no recipe,
    /// and says where it breaks.
    static func csvReading(
        _ files: ExportFiles, recognises: ([UInt8]) -> Bool, what: String,
        _ recipe: (CSVTable, CSVTable.Record) -> ImportedRecipe?
    ) -> ExportReading {
        guard let entry = entry(in: files, ending: ".csv", recognises) else { return ExportReading() }
        let table: CSVTable
        do {
            table = try CSVTable(bytes: entry.bytes)
        } catch {
            let at = switch error {
            case .unclosedQuote(let line, let column): ":\(line):\(column)"
            case .empty: ""
            }
            return ExportReading(skipped: ["\(entry.path)\(at): \(error.description) (\(error.hint))"])
        }
        var reading = ExportReading()
        for record in table.records {
            if let found = recipe(table, record) {
                reading.recipes.append(found)
            } else if record.fields.contains(where: { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
                reading.skipped.append("\(entry.path):\(record.line): a row with no \(what)")
            }
        }
        return reading
    }

    /// The recipes of an export whose recipes are elements of one HTML
    /// page: the first `.html` entry that `recognises`, its recipe
    /// elements (`elements`), each read by `recipe` with the page's path
    /// (to find pictures beside it). An element with no recipe in it is
    /// skipped and said so.
    static func pageReading(
        _ files: ExportFiles, recognises: ([UInt8]) -> Bool, elements: (HTMLElement) -> [HTMLElement],
        _ recipe: (HTMLElement, String) -> ImportedRecipe?
    ) -> ExportReading {
        guard let page = entry(in: files, ending: ".html", recognises) else { return ExportReading() }
        var reading = ExportReading()
        for (index, element) in elements(HTMLDocument(bytes: page.bytes).root).enumerated() {
            if let found = recipe(element, page.path) {
                reading.recipes.append(found)
            } else {
                reading.skipped.append("\(page.path): recipe \(index + 1) (no name, ingredients or steps)")
            }
        }
        return reading
    }

    /// The recipe's address and its credit from an app's `url` and
    /// `source` fields: the address is the one that is a web address; a
    /// source that is not (a site's or a book's name) is the credit.
    static func origin(url: String, source: String) -> (url: String?, author: String?) {
        let address = [url, source].first(where: isWebAddress)
        return (address, source.isEmpty || isWebAddress(source) ? nil : source)
    }

    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// A nutrition entry under schema.org's name for it (the names apps
    /// use: `Saturated Fat`, `saturatedFat`, `recipeNutTotalFat` without
    /// its prefix, `Carbohydrate`, `DietaryFiber`), its value given the unit
    /// Larder takes a bare number in when it is a bare number (`16` fat →
    /// `16 g`), so the page shows what the app showed. Unknown names are
    /// kept as given, for the writer to list as dropped; empty values give
    /// nil.
    static func nutrition(_ name: String, _ value: String) -> (name: String, value: String)? {
        let value = TextCleaning.collapseWhitespace(value)
        guard !value.isEmpty else { return nil }
        let key = name.lowercased().filter(\.isLetter)
        guard let schema = nutritionNames[key] else { return (name, value) }
        guard Double(value) != nil else { return (schema, value) }
        let unit = switch schema {
        case "calories": "kcal"
        case "cholesterolContent", "sodiumContent": "mg"
        case "servingSize": ""
        default: "g"
        }
        return (schema, unit.isEmpty ? value : "\(value) \(unit)")
    }

    private static let nutritionNames: [String: String] = [
        "calories": "calories", "energy": "calories", "kcal": "calories",
        "fat": "fatContent", "totalfat": "fatContent",
        "saturatedfat": "saturatedFatContent", "transfat": "transFatContent", "unsaturatedfat": "unsaturatedFatContent",
        "cholesterol": "cholesterolContent", "sodium": "sodiumContent",
        "carbohydrate": "carbohydrateContent", "carbohydrates": "carbohydrateContent",
        "totalcarbohydrate": "carbohydrateContent", "carbs": "carbohydrateContent",
        "fiber": "fiberContent", "fibre": "fiberContent", "dietaryfiber": "fiberContent",
        "sugar": "sugarContent", "sugars": "sugarContent",
        "protein": "proteinContent", "servingsize": "servingSize",
    ]

    /// `reference` (an image's `src` in an export's HTML) as the path of
    /// an entry beside `page` in the export, or nil when it leaves the
    /// export (`../`, an absolute path, an address with a scheme).
    static func entryPath(_ reference: String, besidePage page: String) -> String? {
        let decoded = reference.removingPercentEncoding ?? reference
        guard !decoded.hasPrefix("/"), !decoded.contains(":") else { return nil }
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in decoded.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The picture at `reference` in `files`, beside the page that names it.
    static func picture(_ reference: String?, besidePage page: String, in files: ExportFiles) -> ImportedRecipe.Picture? {
        guard let reference, let path = entryPath(reference, besidePage: page), let entry = files.entry(path),
              !entry.bytes.isEmpty else { return nil }
        return ImportedRecipe.Picture(bytes: entry.bytes, origin: entry.path)
    }
}
