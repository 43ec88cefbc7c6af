import Foundation

/// How recipe apps write a recipe's parts in one text field of their
/// exports (a CSV cell, an HTML element), read the same way for each app.
enum ExportText {
    /// The field's lines, each cleaned (entities decoded, whitespace
    /// collapsed), empty ones left out.
    static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
            .map { TextCleaning.collapseWhitespace(String($0)) }
            .filter { !$0.isEmpty }
    }

    /// Paragraphs: runs of lines between blank lines, each joined into one.
    static func paragraphs(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: /\n[ \t]*\n/)
            .map { TextCleaning.collapseWhitespace(String($0)) }
            .filter { !$0.isEmpty }
    }

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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let number = Int(trimmed) { return number > 0 ? ImportedRecipe.Duration(text: "\(number) min", minutes: number) : nil }
        return ImportedRecipe.Duration(text: trimmed, minutes: DurationText.minutes(trimmed))
    }

    /// Values of a list field (tags, categories) separated by `separator`,
    /// trimmed, empty and repeated ones left out.
    static func list(_ text: String, separator: Character) -> [String] {
        text.split(separator: separator).map { TextCleaning.collapseWhitespace(String($0)) }
            .filter { !$0.isEmpty }
            .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The first entry of `files` whose name ends with `ending` (any case)
    /// and whose content `recognises` takes.
    static func entry(in files: ExportFiles, ending: String, _ recognises: ([UInt8]) -> Bool) -> ExportFiles.Entry? {
        files.entries.first { $0.name.lowercased().hasSuffix(ending) && recognises($0.bytes) }
    }

    /// The recipes of a CSV export, one a row: the first `.csv` entry
    /// that `recognises`, each record read by `recipe`, which gives nil for
    /// a row with nothing in it. An export with no such CSV, or none with a
    /// recipe, is a problem, as is a CSV that does not parse. `what` names
    /// the columns a row needs, for the messages.
    static func csvRecipes(
        _ files: ExportFiles, path: String, format: String, what: String,
        recognises: ([UInt8]) -> Bool, _ recipe: (CSVTable, CSVTable.Record) -> ImportedRecipe?
    ) throws(ExportProblem) -> [ImportedRecipe] {
        guard let entry = entry(in: files, ending: ".csv", recognises) else {
            throw .noRecipes(format, path: path, hint: "it holds no CSV file with \(format)'s columns")
        }
        let location = location(of: entry, in: path)
        let table: CSVTable
        do {
            table = try CSVTable(bytes: entry.bytes)
        } catch {
            throw .csv(error, path: location)
        }
        let recipes = table.records.compactMap { recipe(table, $0) }
        guard !recipes.isEmpty else { throw .noRecipes(format, path: location, hint: "no row has \(what)") }
        return recipes
    }

    /// The recipes of an export whose recipes are elements of one HTML
    /// page: the first `.html` entry that `recognises`, its recipe
    /// elements (`elements`), each read by `recipe` with the page's path
    /// (to find pictures beside it). `what` names the recipe element in
    /// the messages.
    static func pageRecipes(
        _ files: ExportFiles, path: String, format: String, what: String,
        recognises: ([UInt8]) -> Bool, elements: (HTMLElement) -> [HTMLElement],
        _ recipe: (HTMLElement, String) -> ImportedRecipe?
    ) throws(ExportProblem) -> [ImportedRecipe] {
        guard let page = entry(in: files, ending: ".html", recognises) else {
            throw .noRecipes(format, path: path, hint: "the zip holds no recipes.html with \(what) elements")
        }
        let recipes = elements(HTMLDocument(bytes: page.bytes).root).compactMap { recipe($0, page.path) }
        guard !recipes.isEmpty else {
            throw .noRecipes(format, path: location(of: page, in: path), hint: "no \(what) has a name or ingredients")
        }
        return recipes
    }

    /// Where an entry of the export named `path` is, for messages:
    /// `export.zip/plantoeat.csv`, or the path alone for a file imported on
    /// its own (its one entry has the file's path).
    static func location(of entry: ExportFiles.Entry, in path: String) -> String {
        entry.path == path ? path : "\(path)/\(entry.path)"
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
