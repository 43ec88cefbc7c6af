import Foundation
import LarderCore

/// What the recipes already in a data folder are, as far as telling an
/// import of the same recipe again goes: their source URLs, and a key of
/// their content (title and ingredient lines), each with the file that has
/// it. The content key catches what a URL cannot: an export imported twice,
/// a page saved twice under two names, a page whose canonical address
/// changed.
///
/// Files are read cheaply, not parsed: the front matter's `title:` and
/// `source:` lines and the `- ` lines under `## Ingredients`, which is how
/// `RecipeMarkdown` writes them (and how most people do). A hand-written
/// file laid out otherwise is only missed, never mistaken.
///
/// A source names one recipe only when one file of the folder has it: a
/// page can hold several recipes (a cake and its frosting), and an app
/// often keeps a site's home page as the source of all its recipes. So a
/// source that several files share is no match, and the recipes of this
/// run are matched by their content alone (two recipes of one page are
/// two recipes).
struct ImportedIndex: Sendable {
    private(set) var sources: [String: String] = [:]
    /// Sources that several files of the folder have.
    private(set) var sharedSources: Set<String> = []
    private(set) var contents: [String: String] = [:]

    /// What a recipe file is known by.
    struct Summary: Sendable, Equatable {
        var source: String?
        /// The title and ingredient lines, case and spacing aside; nil
        /// without a title or without ingredients.
        var contentKey: String?
    }

    /// The most of a recipe file read: far past any real recipe's head and
    /// ingredient list.
    static let readLimit = 1 << 20

    init() {}

    /// The `recipes/*.md` files of `folder`, in name order (the first file
    /// with a source or content names it).
    init(folder: URL) {
        let recipes = folder.appendingPathComponent("recipes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recipes.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".md") {
            guard let handle = FileHandle(forReadingAtPath: recipes.appendingPathComponent(name).path) else { continue }
            defer { try? handle.close() }
            let text = String(decoding: (try? handle.read(upToCount: ImportedIndex.readLimit)) ?? Data(), as: UTF8.self)
            add(text: text, file: "recipes/\(name)")
        }
    }

    /// Notes the text of a file of the folder as `file`'s.
    mutating func add(text: String, file: String) {
        let summary = ImportedIndex.summary(of: text)
        if let source = summary.source {
            if let other = sources[source], other != file { sharedSources.insert(source) } else { sources[source] = file }
        }
        addImported(summary, file: file)
    }

    /// Notes a recipe of this run as `file`'s, by its content, so that one
    /// run does not import a recipe twice.
    mutating func addImported(_ summary: Summary, file: String) {
        if let key = summary.contentKey, contents[key] == nil { contents[key] = file }
    }

    /// The file with the same source URL (one file's alone), else with the
    /// same content, and which of the two matched.
    func existing(_ summary: Summary) -> (file: String, bySource: Bool)? {
        if let source = summary.source, !sharedSources.contains(source), let file = sources[source] { return (file, true) }
        if let key = summary.contentKey, let file = contents[key] { return (file, false) }
        return nil
    }

    func existing(text: String) -> (file: String, bySource: Bool)? {
        existing(ImportedIndex.summary(of: text))
    }

    /// `source:` and the content key of a recipe file's text.
    static func summary(of text: String) -> Summary {
        var source: String?
        var title: String?
        var ingredients: [String] = []
        var inFrontMatter = false
        var inIngredients = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index == 0, line == "---" {
                inFrontMatter = true
                continue
            }
            if inFrontMatter {
                if line == "---" || line == "..." {
                    inFrontMatter = false
                } else if line.hasPrefix("source:") {
                    source = scalar(line.dropFirst("source:".count))
                } else if line.hasPrefix("title:") {
                    title = scalar(line.dropFirst("title:".count))
                }
                continue
            }
            if line.hasPrefix("## ") {
                inIngredients = line.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased() == "ingredients"
            } else if inIngredients, line.hasPrefix("- ") || line.hasPrefix("* ") {
                ingredients.append(normalized(line.dropFirst(2)))
            }
        }
        guard let title, !ingredients.isEmpty else { return Summary(source: source) }
        // Lines kept in order and apart (a line feed cannot be in either).
        return Summary(source: source, contentKey: ([normalized(Substring(title))] + ingredients).joined(separator: "\n"))
    }

    /// A front matter value without its quotes (as `RecipeMarkdown` and
    /// people write them: plain, or in double quotes with `\"` and `\\`).
    private static func scalar(_ raw: Substring) -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else {
            if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") {
                return String(value.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
            }
            return value
        }
        var out = ""
        var escaping = false
        for character in value.dropFirst().dropLast() {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            escaping = false
            out.append(character)
        }
        return out
    }

    /// Case and spacing do not make another recipe.
    private static func normalized(_ text: Substring) -> String {
        TextCleaning.collapseWhitespace(String(text)).lowercased()
    }
}
