import Foundation
import Larder
import LarderCore

/// `larder import`'s plan: sources read into recipes, each given a file
/// `recipes/<id>.md` that nothing in the data folder (nor an earlier recipe
/// of the same run) has. Writing is `FileCreator`'s (all or none, never
/// over a file); nothing here writes.
public struct RecipeImporter: Sendable {
    /// The biggest source read: a saved page past this is not a recipe page.
    public static let maximumSourceBytes = 10 << 20

    /// Why a source gave no recipe.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case tooLarge(path: String, bytes: Int)
        case notYetSupported(source: String, what: String)
        case read(PageReadError)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .tooLarge(let path, let bytes):
                "\(path): \(bytes) bytes, over the limit of \(RecipeImporter.maximumSourceBytes) for a page or a recipe file"
            case .notYetSupported(let source, let what): "\(source): \(what) cannot be imported yet"
            case .read(let error): error.description
            }
        }
    }

    /// A recipe and the file it becomes.
    public struct Planned: Sendable {
        public var recipe: ImportedRecipe
        public var file: AuthoredFile
        /// The id the title suggests, when it was taken and a numbered one
        /// is used instead.
        public var takenID: String?
        /// What the file leaves out.
        public var dropped: [String]
    }

    public let folder: URL
    private var reserved: Set<String> = []
    /// Source URLs of the recipes already in the folder, and their files.
    private var imported: [String: String]

    public init(folder: URL) {
        self.folder = folder
        imported = RecipeImporter.sourcesOfRecipes(in: folder)
    }

    /// The recipes of a file: a saved web page, or schema.org JSON / JSON-LD
    /// (told apart by the content: JSON starts with `{` or `[`).
    public func read(source path: String) throws(Failure) -> [ImportedRecipe] {
        let lower = path.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            throw .notYetSupported(source: path, what: "a web address (save the page and import the file)")
        }
        let url = URL(fileURLWithPath: path)
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: RecipeImporter.maximumSourceBytes + 1) ?? Data()
        } catch {
            throw .unreadable(path: path, reason: "cannot be read (is it a folder?)")
        }
        guard data.count <= RecipeImporter.maximumSourceBytes else { throw .tooLarge(path: path, bytes: data.count) }
        let bytes = Array(data)
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        do {
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                return try PageReader.read(json: bytes, url: url.absoluteString)
            }
            return try PageReader.read(html: bytes, url: url.absoluteString)
        } catch {
            throw .read(error)
        }
    }

    /// The file of an existing recipe imported from the recipe's source
    /// URL, if there is one: importing the same page twice adds nothing.
    public func alreadyImported(_ recipe: ImportedRecipe) -> String? {
        recipe.url.flatMap { imported[$0] }
    }

    /// The file `recipe` becomes, under an id no recipe has.
    public mutating func plan(_ recipe: ImportedRecipe, fallbackTitle: String) -> Planned {
        var recipe = recipe
        if TextCleaning.collapseWhitespace(recipe.title).isEmpty { recipe.title = fallbackTitle }
        let document = NewDocument(kind: .recipe, title: recipe.title)
        var id = document.suggestedID.isEmpty ? "recipe" : document.suggestedID
        let wanted = id
        var number = 2
        while reserved.contains(id) || document.isTaken(id, in: folder) {
            id = "\(wanted)-\(number)"
            number += 1
        }
        reserved.insert(id)
        let markdown = RecipeMarkdown(recipe)
        let path = "recipes/\(id).md"
        if let url = recipe.url { imported[url] = path }
        return Planned(
            recipe: recipe, file: AuthoredFile(path: path, contents: markdown.text),
            takenID: id == wanted ? nil : wanted, dropped: markdown.dropped
        )
    }

    /// `source:` of each `recipes/*.md` front matter.
    private static func sourcesOfRecipes(in folder: URL) -> [String: String] {
        let recipes = folder.appendingPathComponent("recipes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recipes.path)) ?? []
        var sources: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".md") {
            guard let handle = FileHandle(forReadingAtPath: recipes.appendingPathComponent(name).path) else { continue }
            defer { try? handle.close() }
            let head = String(decoding: (try? handle.read(upToCount: 8192)) ?? Data(), as: UTF8.self)
            for line in head.split(separator: "\n").prefix(60) where line.hasPrefix("source:") {
                var value = line.dropFirst("source:".count).trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                if sources[value] == nil { sources[value] = "recipes/\(name)" }
            }
        }
        return sources
    }
}
