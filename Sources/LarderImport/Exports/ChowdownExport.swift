import Foundation
import LarderCore
import Yams

/// Chowdown, a Jekyll recipe site: its checkout (zipped, or a folder)
/// holds `_recipes/<slug>.md`, YAML front matter (`title`, `image` (a file
/// in the site's `images/`), `tags` (comma-separated), `ingredients` and
/// `directions` (lists)) and a Markdown body: its first paragraph becomes
/// the description, the others notes.
enum ChowdownExport {
    static func marks(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 2 && parts[parts.count - 2] == "_recipes" && path.lowercased().hasSuffix(".md")
    }

    static func recognises(_ files: ExportFiles) -> Bool {
        files.entries.contains { marks($0.path) }
    }

    static func read(_ files: ExportFiles) -> ExportReading {
        ExportReading(files, picking: { marks($0.path) }, recipe)
    }

    static func recipe(_ entry: ExportFiles.Entry, in files: ExportLookup) throws(ExportRecipeProblem) -> ImportedRecipe {
        let text = String(decoding: entry.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        guard let (yaml, firstLine, body) = frontMatter(text) else {
            throw ExportRecipeProblem("no front matter (a Chowdown recipe starts with a --- line)")
        }
        let fields: [String: Any]
        do {
            guard let loaded = try Yams.load(yaml: yaml) as? [String: Any] else {
                throw ExportRecipeProblem("the front matter holds no fields")
            }
            fields = loaded
        } catch {
            throw yamlProblem(error, firstLine: firstLine)
        }
        var recipe = ImportedRecipe(title: string(fields["title"]) ?? "", source: .chowdown)
        let lines = list(fields["ingredients"])
        if !lines.isEmpty { recipe.ingredientGroups = IngredientHeadings.grouped(lines, page: nil) }
        let steps = list(fields["directions"])
        if !steps.isEmpty { recipe.directionSections = [.init(steps: steps.map { .init(text: $0) })] }
        guard !recipe.isEmpty else { throw .empty }
        if recipe.title.isEmpty { recipe.title = ExportValues.stem(entry.path) }

        let paragraphs = ExportValues.paragraphs(body)
        recipe.description = paragraphs.first
        recipe.notes = Array(paragraphs.dropFirst())
        recipe.keywords = list(fields["tags"]).flatMap { $0.split(separator: ",").map { TextCleaning.collapseWhitespace(String($0)) } }
            .filter { !$0.isEmpty }
        recipe.yield = string(fields["yield"]) ?? string(fields["servings"])
        recipe.prepTime = ExportValues.duration(string(fields["prep"]) ?? string(fields["prep_time"]))
        recipe.cookTime = ExportValues.duration(string(fields["cook"]) ?? string(fields["cook_time"]))
        recipe.addingUpTotalTime()
        if let image = string(fields["image"]) {
            // Pictures are in the site's images/, beside _recipes/.
            let site = entry.path.split(separator: "/").dropLast(2).joined(separator: "/")
            let path = (site.isEmpty ? "" : site + "/") + "images/" + image
            if let file = files.entry(path) {
                recipe.picture = .init(bytes: file.bytes, origin: file.path)
            } else {
                recipe.unmapped.append("the image \(image) is not in the export's images/")
            }
        }
        return recipe
    }

    /// The YAML between the first two `---` lines, the file's line it
    /// starts on, and the text after.
    static func frontMatter(_ text: String) -> (yaml: String, firstLine: Int, body: String)? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines = lines.dropFirst() }
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return nil }
        lines = lines.dropFirst()
        guard let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) else { return nil }
        return (lines[..<end].joined(separator: "\n"), lines.startIndex + 1, lines[(end + 1)...].joined(separator: "\n"))
    }

    /// Yams' error at its place in the file: "not YAML: did not find
    /// expected ',' or ']', while parsing a flow sequence".
    static func yamlProblem(_ error: any Error, firstLine: Int) -> ExportRecipeProblem {
        let hint = "the front matter is YAML between two --- lines: quote a value holding [ ] { } : or #"
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let while_ = context.map { ", \($0.text)" } ?? ""
            return ExportRecipeProblem(
                "the front matter is not YAML: \(problem)\(while_)",
                at: SourcePosition(line: firstLine + mark.line - 1, column: mark.column), hint: hint
            )
        default:
            return ExportRecipeProblem("the front matter is not YAML: " + TextCleaning.collapseWhitespace("\(error)"), hint: hint)
        }
    }

    private static func string(_ value: Any?) -> String? {
        guard let value, !(value is [Any]), !(value is [String: Any]) else { return nil }
        let text = TextCleaning.collapseWhitespace("\(value)")
        return text.isEmpty ? nil : text
    }

    /// A YAML list's items (or one value, as a list of one).
    private static func list(_ value: Any?) -> [String] {
        guard let value else { return [] }
        return ((value as? [Any]) ?? [value]).compactMap(string)
    }
}
