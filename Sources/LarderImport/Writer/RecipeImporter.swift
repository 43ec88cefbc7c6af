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
        /// A web address that gave no page.
        case fetch(WebFetcher.Failure)
        /// A `.cook` file with errors of its own (`path` as given).
        case cooklang(path: String, errors: [Diagnostic])
        /// An archive or folder that is no app's export, or none of whose
        /// recipes could be read.
        case export(path: String, ExportFailure)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .tooLarge(let path, let bytes):
                "\(path): \(bytes) bytes, over the limit of \(RecipeImporter.maximumSourceBytes) for a page or a recipe file"
            case .notYetSupported(let source, let what): "\(source): \(what) cannot be imported yet"
            case .read(let error): error.description
            case .export(let path, let failure): "\(path): \(failure.description)"
            case .fetch(let error): error.description
            case .cooklang(let path, let errors):
                errors.isEmpty ? "\(path): not a Cooklang recipe" : errors.map { error in
                    let at = error.location.map { ":\($0.position.line):\($0.position.column)" } ?? ""
                    return "\(path)\(at): \(error.message)" + (error.hint.map { " (\($0))" } ?? "")
                }.joined(separator: "\n")
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
        /// Whether the file is there already, and is replaced (`--force`).
        public var replaces: Bool
        /// The recipe's picture, `images/<id>.<ext>`, written with the
        /// recipe file (both or neither).
        public var image: AuthoredFile?
        /// Whether the picture's file is there already, and is replaced.
        public var imageReplaces = false
        /// Where the picture came from (its address, or its file's name).
        public var imageOrigin: String?

        /// The files to write: the picture first, so that a recipe file
        /// never names a picture that is not there.
        public var files: [AuthoredFile] { (image.map { [$0] } ?? []) + [file] }
    }

    public let folder: URL
    /// Whether a recipe whose `recipes/<id>.md` exists replaces it
    /// (`--force`) instead of taking a numbered id.
    public let replacing: Bool
    /// Fetches web addresses and pictures.
    public var fetcher = WebFetcher()
    private var reserved: Set<String> = []
    /// The pictures this run writes, so two recipes never get the same one.
    var reservedImages: Set<String> = []
    /// Source URLs and contents of the recipes already in the folder (and
    /// of those reserved), and their files.
    private var imported: ImportedIndex
    /// Cooklang ids (`shared-pizza-dough`) of the recipes reserved, by the
    /// ids they were given instead.
    private var renamed: [String: String] = [:]

    public init(folder: URL, replacing: Bool = false) {
        self.folder = folder
        self.replacing = replacing
        imported = ImportedIndex(folder: folder)
    }

    /// The extensions of the files a folder given as a source is searched
    /// for (other files in it are not recipes, or not ones import reads).
    /// (`.paprikarecipe`, `.paprikarecipes` and `.zip` are app exports, read
    /// by their content.)
    public static let importedExtensions: Set<String> = ["html", "htm", "json", "cook", "paprikarecipe", "paprikarecipes", "zip", "csv"]

    /// The files of `folder` (and its folders) that import reads, as paths
    /// relative to it, sorted; hidden entries skipped, links not followed
    /// out of it.
    public static func files(in folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let walk = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else { return [] }
        var found: [String] = []
        for case let url as URL in walk where importedExtensions.contains(url.pathExtension.lowercased()) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let components = url.standardizedFileURL.pathComponents.dropFirst(root.standardizedFileURL.pathComponents.count)
            found.append(components.joined(separator: "/"))
        }
        return found.sorted()
    }

    /// What a source gave: its recipes, and what it left out (an export's
    /// recipes that could not be read, each said why).
    public struct Reading: Sendable {
        public var recipes: [ImportedRecipe]
        public var warnings: [String] = []
    }

    /// The recipes of a source (see `reading(source:relativePath:)`).
    public func read(source path: String, relativePath: String? = nil) throws(Failure) -> [ImportedRecipe] {
        try reading(source: path, relativePath: relativePath).recipes
    }

    /// The recipes of a file: a saved web page, schema.org JSON / JSON-LD
    /// (told apart by the content: JSON starts with `{` or `[`), a
    /// Cooklang `.cook` file (by its name: Cooklang is plain text), or an
    /// app's export, told by its content (`ExportFormat`): a zip, a gzip
    /// `.paprikarecipe`, one recipe's JSON of an app; or a folder that is
    /// an unpacked export. `relativePath` is a `.cook` file's path in the
    /// folder imported, from which its id, and so the links of recipes
    /// that use it, are made.
    public func reading(source path: String, relativePath: String? = nil) throws(Failure) -> Reading {
        let lower = path.lowercased()
        if RecipeImporter.isWebAddress(path) { return Reading(recipes: try readWeb(path)) }
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return try RecipeImporter.exportReading(path: path) { () throws(ExportFiles.Failure) in try ExportFiles(folder: url) }
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        defer { try? handle.close() }
        var data: Data
        do {
            data = try handle.read(upToCount: RecipeImporter.maximumSourceBytes + 1) ?? Data()
            // An archive holds pictures: it may be larger than a page, up
            // to what it may unpack to.
            if data.count > RecipeImporter.maximumSourceBytes, ExportFiles.isZip(Array(data.prefix(4))) || ExportFiles.isGzip(Array(data.prefix(2))) {
                data += try handle.read(upToCount: ExportFiles.maximumUnpackedBytes - data.count + 1) ?? Data()
                guard data.count <= ExportFiles.maximumUnpackedBytes else { throw Failure.export(path: path, .archive(.tooLarge(limit: ExportFiles.maximumUnpackedBytes))) }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable(path: path, reason: "cannot be read")
        }
        let bytes = Array(data)
        if ExportFiles.isZip(bytes) {
            return try RecipeImporter.exportReading(path: path) { () throws(ExportFiles.Failure) in try ExportFiles(zip: bytes) }
        }
        guard bytes.count <= RecipeImporter.maximumSourceBytes || ExportFiles.isGzip(bytes) else { throw .tooLarge(path: path, bytes: bytes.count) }
        if lower.hasSuffix(".cook") {
            let name = relativePath ?? url.lastPathComponent
            switch CooklangSource.read(bytes, path: name, beside: url) {
            case .success(let recipe): return Reading(recipes: [recipe])
            case .failure(let problem): throw .cooklang(path: path, errors: problem.diagnostics)
            }
        }
        // One file of an app's export (a `.paprikarecipe`, a Mealie recipe's
        // JSON) is an export of one file.
        let single = ExportFiles(entries: [ExportFiles.Entry(path: url.lastPathComponent, bytes: bytes)])
        if ExportFiles.isGzip(bytes) || ExportFormat.detect(single) != nil {
            return try RecipeImporter.exportReading(single, path: path)
        }
        // A CSV is only ever an export: no page reader reads one.
        if lower.hasSuffix(".csv") { throw .export(path: path, .notAnExport(holds: "a CSV file with other columns")) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        do {
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                return Reading(recipes: try PageReader.read(json: bytes, url: url.absoluteString))
            }
            return Reading(recipes: try PageReader.read(html: bytes, url: url.absoluteString))
        } catch {
            throw .read(error)
        }
    }

    /// The recipes of the export `open` reads (a zip, a folder).
    private static func exportReading(path: String, _ open: () throws(ExportFiles.Failure) -> ExportFiles) throws(Failure) -> Reading {
        let files: ExportFiles
        do {
            files = try open()
        } catch {
            throw .export(path: path, .archive(error))
        }
        return try exportReading(files, path: path)
    }

    /// The recipes of an export's files, what was skipped as warnings.
    private static func exportReading(_ files: ExportFiles, path: String) throws(Failure) -> Reading {
        do {
            let reading = try ExportFormat.recipes(in: files)
            return Reading(recipes: reading.recipes, warnings: reading.skipped.map { "skipped \($0)" })
        } catch {
            throw .export(path: path, error)
        }
    }

    /// Whether `folder` is an unpacked app export, to import as one source
    /// rather than file by file. Its files are read only when their names
    /// look like an export's.
    public static func isExport(folder: String) -> Bool {
        let url = URL(fileURLWithPath: folder)
        guard ExportFormat.mayBeExport(paths: ExportFiles.paths(in: url)), let files = try? ExportFiles(folder: url) else { return false }
        return ExportFormat.detect(files) != nil
    }

    /// What becomes of a recipe read: the folder has it already, or it is
    /// given an id.
    public enum Admission: Sendable {
        /// The file of the folder's recipe that it is, and whether by its
        /// source URL (else by its title and ingredients).
        case existing(file: String, bySource: Bool)
        case reserved(Reserved)
    }

    /// `recipe` given its id (`reserve`), unless the folder or this run
    /// has it already (never with `replacing`): importing the same page or
    /// export twice adds nothing. The recipe's file is made once for both.
    public mutating func admit(_ recipe: ImportedRecipe, fallbackTitle: String) -> Admission {
        let recipe = RecipeImporter.titled(recipe, fallback: fallbackTitle)
        let summary = ImportedIndex.summary(of: RecipeMarkdown(recipe).identityText)
        if !replacing, let match = imported.existing(summary) { return .existing(file: match.file, bySource: match.bySource) }
        return .reserved(reserve(recipe, summary: summary))
    }

    /// The file `recipe` becomes, under an id no recipe has.
    public mutating func plan(_ recipe: ImportedRecipe, fallbackTitle: String) -> Planned {
        render(reserve(recipe, fallbackTitle: fallbackTitle))
    }

    /// A recipe and the id it is given, before its file is written out.
    public struct Reserved: Sendable {
        public var recipe: ImportedRecipe
        public var id: String
        var wanted: String
    }

    /// Gives `recipe` an id no other recipe has (with `replacing`, an id
    /// whose `recipes/<id>.md` exists is kept, and that file replaced).
    /// Ids are given to every recipe of a run before any file is made
    /// (`render`), so that a Cooklang sub-recipe link
    /// (`[Pizza Dough](shared-pizza-dough)`) names the id its recipe gets
    /// here, whether it comes before or after in the run.
    public mutating func reserve(_ recipe: ImportedRecipe, fallbackTitle: String) -> Reserved {
        let recipe = RecipeImporter.titled(recipe, fallback: fallbackTitle)
        return reserve(recipe, summary: ImportedIndex.summary(of: RecipeMarkdown(recipe).identityText))
    }

    /// `recipe` with `fallback` as its title when it has none.
    private static func titled(_ recipe: ImportedRecipe, fallback: String) -> ImportedRecipe {
        var recipe = recipe
        if TextCleaning.collapseWhitespace(recipe.title).isEmpty { recipe.title = fallback }
        return recipe
    }

    private mutating func reserve(_ recipe: ImportedRecipe, summary: ImportedIndex.Summary) -> Reserved {
        let document = NewDocument(kind: .recipe, title: recipe.title)
        var id = document.suggestedID.isEmpty ? "recipe" : document.suggestedID
        let wanted = id
        var number = 2
        while reserved.contains(id) || isTaken(id, document) {
            id = "\(wanted)-\(number)"
            number += 1
        }
        reserved.insert(id)
        if let old = recipe.cooklangID, old != id, renamed[old] == nil { renamed[old] = id }
        imported.addImported(summary, file: "recipes/\(id).md")
        return Reserved(recipe: recipe, id: id, wanted: wanted)
    }

    /// The file of a reserved recipe, its sub-recipe links renamed to the
    /// ids their recipes were given; with `picture`, the picture's file
    /// too, which the recipe names (`image:`).
    public mutating func render(_ reserved: Reserved, picture: ImportedRecipe.Picture? = nil) -> Planned {
        var recipe = reserved.recipe
        if !renamed.isEmpty {
            for index in recipe.ingredientGroups.indices {
                recipe.ingredientGroups[index].lines = recipe.ingredientGroups[index].lines.map { line in
                    guard line.contains("](") else { return line }
                    return renamed.reduce(line) { $0.replacingOccurrences(of: "](\($1.key))", with: "](\($1.value))") }
                }
            }
        }
        let image = picture.flatMap { imageFile($0, id: reserved.id) }
        var markdown = RecipeMarkdown(recipe, image: image?.path)
        if let picture, image == nil {
            let what = ImageFormat.describe(picture.bytes.prefix(ImageFormat.sniffLength))
            markdown.dropped.append("the picture from \(picture.origin) is not written: it is \(what)")
        }
        let path = "recipes/\(reserved.id).md"
        return Planned(
            recipe: recipe, file: AuthoredFile(path: path, contents: markdown.text),
            takenID: reserved.id == reserved.wanted ? nil : reserved.wanted, dropped: markdown.dropped,
            replaces: replacing && exists(path), image: image, imageReplaces: image.map { exists($0.path) } ?? false,
            imageOrigin: image == nil ? nil : picture?.origin
        )
    }

    /// Whether `id` cannot be written: a recipe file has it (with
    /// `replacing`, only a `.json` one: a `.md` is replaced).
    private func isTaken(_ id: String, _ document: NewDocument) -> Bool {
        guard replacing else { return document.isTaken(id, in: folder) }
        return document.existingFile(id, in: folder).map { !$0.hasSuffix(".md") } ?? false
    }

    /// Whether something is at `path` in the folder.
    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(folder.appendingPathComponent(path).path, &info) == 0
    }
}
