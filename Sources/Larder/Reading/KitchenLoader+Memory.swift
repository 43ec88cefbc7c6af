import Foundation
import LarderCore

/// One data file read from memory on its own: what it decodes to and the
/// problems found in it.
public struct FileReadResult: Sendable {
    public var kind: DocumentKind
    /// The decoded list or recipe, when the file is one and could be read.
    public var list: ShoppingList?
    public var recipe: Recipe?
    public var diagnostics: [Diagnostic]
}

extension KitchenLoader {
    /// Reads, validates and decodes one data file held in memory, as `load`
    /// reads each file of a folder (with the built-in categories), but without
    /// the checks across files (stores, recipes, images it refers to). For
    /// fuzzing and editors.
    ///
    /// `path` is where the file would be in the data folder and says what it
    /// is: `larder.json`, `favorites.json`, `lists/<id>.md` or `.json`,
    /// `recipes/<id>.md` or `.json`, a Cooklang file (`<any path>.cook` or
    /// `.menu`); nil for any other path.
    public static func readFile(_ path: String, bytes: [UInt8]) -> FileReadResult? {
        guard let file = DataFile(memoryPath: path) else { return nil }
        let folder = DataFolder(memory: URL(fileURLWithPath: "/"))
        let reader = DocumentReader(folder: folder, categoryLookup: categoryLookup(mergedCategories([])))
        let document = reader.read(file, bytes: bytes)
        var result = FileReadResult(kind: file.kind, diagnostics: document.diagnostics)
        switch document.content {
        case .list(let list): result.list = list
        case .recipe(let recipe): result.recipe = recipe
        default: break
        }
        return result
    }
}

extension DataFile {
    init?(memoryPath path: String) {
        switch path {
        case "larder.json": self.init(kind: .config, format: .json, path: path, id: "")
        case "favorites.json": self.init(kind: .favorites, format: .json, path: path, id: "")
        default:
            if let kind = DataFolder.cooklangKind(path) {
                self.init(kind: kind, format: .cooklang, path: path, id: DataFolder.cooklangID(path, kind: kind))
                return
            }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let kind: DocumentKind
            switch parts[0] {
            case "lists": kind = .list
            case "recipes": kind = .recipe
            default: return nil
            }
            let name = parts[1]
            if name.hasSuffix(".md") {
                self.init(kind: kind, format: .markdown, path: path, id: String(name.dropLast(3)))
            } else if name.hasSuffix(".json") {
                self.init(kind: kind, format: .json, path: path, id: String(name.dropLast(5)))
            } else {
                return nil
            }
        }
    }
}
