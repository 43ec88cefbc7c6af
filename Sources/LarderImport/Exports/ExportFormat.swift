import Foundation
import LarderCore

/// The recipe apps whose exports `larder import` reads, told apart by what
/// an export holds, not by its name: the one place that knows every
/// format. A format is a reader file beside this one (`PaprikaExport`, …)
/// with `marks` (a path its export's recipe files have: cheap, for a
/// folder's listing), `recognises` (the files, content included) and
/// `read`. To add a format: a case here, in the order it is tried, and its
/// three functions in the switches below.
public enum ExportFormat: String, Sendable, CaseIterable {
    // Tried in this order; the content tells Tandoor's and Nextcloud's
    // `recipe.json` apart, so their order does not matter.
    case paprika
    case mealie
    case tandoor
    case nextcloud
    case chowdown
    case planToEat
    case myRecipeBox
    case copyMeThat
    case recipeKeeper

    /// The app's name, for messages.
    public var name: String {
        switch self {
        case .paprika: "Paprika"
        case .mealie: "Mealie"
        case .tandoor: "Tandoor"
        case .nextcloud: "Nextcloud Cookbook"
        case .chowdown: "Chowdown"
        case .planToEat: "Plan to Eat"
        case .myRecipeBox: "My Recipe Box"
        case .copyMeThat: "Copy Me That"
        case .recipeKeeper: "Recipe Keeper"
        }
    }

    /// Whether a file at `path` in an export would be one of its recipes,
    /// by the path alone.
    func marks(_ path: String) -> Bool {
        switch self {
        case .paprika: PaprikaExport.marks(path)
        case .mealie: MealieExport.marks(path)
        case .tandoor: TandoorExport.marks(path)
        case .nextcloud: NextcloudExport.marks(path)
        case .chowdown: ChowdownExport.marks(path)
        case .planToEat: PlanToEatExport.marks(path)
        case .myRecipeBox: MyRecipeBoxExport.marks(path)
        case .copyMeThat: CopyMeThatExport.marks(path)
        case .recipeKeeper: RecipeKeeperExport.marks(path)
        }
    }

    /// Whether `files` are this app's export.
    public func recognises(_ files: ExportFiles) -> Bool {
        switch self {
        case .paprika: PaprikaExport.recognises(files)
        case .mealie: MealieExport.recognises(files)
        case .tandoor: TandoorExport.recognises(files)
        case .nextcloud: NextcloudExport.recognises(files)
        case .chowdown: ChowdownExport.recognises(files)
        case .planToEat: PlanToEatExport.recognises(files)
        case .myRecipeBox: MyRecipeBoxExport.recognises(files)
        case .copyMeThat: CopyMeThatExport.recognises(files)
        case .recipeKeeper: RecipeKeeperExport.recognises(files)
        }
    }

    /// The recipes of `files`, this app's export; a recipe that cannot be
    /// read is skipped and said why.
    public func read(_ files: ExportFiles) -> ExportReading {
        switch self {
        case .paprika: PaprikaExport.read(files)
        case .mealie: MealieExport.read(files)
        case .tandoor: TandoorExport.read(files)
        case .nextcloud: NextcloudExport.read(files)
        case .chowdown: ChowdownExport.read(files)
        case .planToEat: PlanToEatExport.read(files)
        case .myRecipeBox: MyRecipeBoxExport.read(files)
        case .copyMeThat: CopyMeThatExport.read(files)
        case .recipeKeeper: RecipeKeeperExport.read(files)
        }
    }

    /// The app whose export `files` are, if any.
    public static func detect(_ files: ExportFiles) -> ExportFormat? {
        allCases.first { $0.recognises(files) }
    }

    /// Whether a folder with files at `paths` may be an unpacked export
    /// (the files are read only then, to `detect` it): some are an
    /// export's recipes, and no web page or Cooklang file is there besides
    /// them. A folder of pages with an export among them is a folder of
    /// sources, read file by file, so that no page is left out unsaid.
    public static func mayBeExport(paths: [String]) -> Bool {
        var marked = false
        for path in paths {
            if allCases.contains(where: { $0.marks(path) }) {
                marked = true
            } else if ["html", "htm", "cook"].contains(path.split(separator: ".").last?.lowercased() ?? "") {
                return false
            }
        }
        return marked
    }

    /// The recipes of an export, whichever app's: `files` detected as one,
    /// or, when they are zips (Tandoor exports a zip per recipe, and
    /// exports are zipped together), each zip read as an export of its own,
    /// one level down. Fails when no recipe comes out.
    public static func recipes(in files: ExportFiles) throws(ExportFailure) -> ExportReading {
        if let format = detect(files) {
            let reading = format.read(files)
            guard !reading.recipes.isEmpty else { throw .noRecipe(format: format, skipped: reading.skipped) }
            return reading
        }
        let zips = files.entries.filter { ExportFiles.isZip($0.bytes) }
        guard !zips.isEmpty else { throw .notAnExport(holds: files.summary) }
        var reading = ExportReading()
        // The inner zips are opened one at a time, under one bound for all.
        var budget = ExportFiles.maximumUnpackedBytes
        for zip in zips {
            let inner: ExportFiles
            do {
                inner = try ExportFiles(zip: zip.bytes, maximumBytes: budget)
            } catch {
                if case .tooLarge = error { throw .archive(error) }
                reading.skipped.append("\(zip.path): \(error.description)")
                continue
            }
            budget -= inner.entries.reduce(0) { $0 + $1.bytes.count }
            guard let format = detect(inner) else {
                reading.skipped.append("\(zip.path): not a known export (it holds \(inner.summary))")
                continue
            }
            let found = format.read(inner)
            reading.recipes += found.recipes.map { recipe in
                var recipe = recipe
                if let origin = recipe.picture?.origin { recipe.picture?.origin = "\(zip.path)/\(origin)" }
                return recipe
            }
            reading.skipped += found.skipped.map { "\(zip.path)/\($0)" }
        }
        let others = files.entries.count - zips.count
        if others > 0 { reading.skipped.append("\(others) file\(others == 1 ? "" : "s") beside the zips, which are no export's") }
        guard !reading.recipes.isEmpty else { throw .notAnExport(holds: files.summary) }
        return reading
    }
}

/// The recipes read from an export, and those skipped.
public struct ExportReading: Sendable {
    public var recipes: [ImportedRecipe] = []
    /// A recipe that could not be read, one sentence each: the file and
    /// why ("recipes/x/x.json: not JSON"). The others are imported.
    public var skipped: [String] = []

    public init(recipes: [ImportedRecipe] = [], skipped: [String] = []) {
        self.recipes = recipes
        self.skipped = skipped
    }

    /// The recipes `read` makes of the entries of `files` that are
    /// recipes (`isRecipe`), and why the others are skipped.
    init(
        _ files: ExportFiles, picking isRecipe: (ExportFiles.Entry) -> Bool,
        _ read: (ExportFiles.Entry, ExportLookup) throws(ExportRecipeProblem) -> ImportedRecipe
    ) {
        let lookup = ExportLookup(files)
        for entry in files.entries where isRecipe(entry) {
            do {
                recipes.append(try read(entry, lookup))
            } catch {
                let at = error.at.map { ":\($0.line):\($0.column)" } ?? ""
                skipped.append("\(entry.path)\(at): \(error.reason)" + (error.hint.map { " (\($0))" } ?? ""))
            }
        }
    }
}

/// Why one recipe of an export is skipped: where in its file, when a
/// place is to blame, and what to do about it.
struct ExportRecipeProblem: Error {
    var reason: String
    var at: SourcePosition?
    var hint: String?

    init(_ reason: String, at: SourcePosition? = nil, hint: String? = nil) {
        self.reason = reason
        self.at = at
        self.hint = hint
    }

    static let empty = ExportRecipeProblem("no recipe in it (no title, ingredients or steps)")
}

/// Why an export gave no recipe.
public enum ExportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Files no app's export has, and no zip that is one.
    case notAnExport(holds: String)
    /// The archive cannot be read (damaged, over a bound).
    case archive(ExportFiles.Failure)
    /// A known export, but none of its recipes could be read.
    case noRecipe(format: ExportFormat, skipped: [String])

    public var description: String {
        switch self {
        case .notAnExport(let holds): "not a known export (it holds \(holds))"
        case .archive(let failure): failure.description
        case .noRecipe(let format, let skipped):
            "a \(format.name) export with no recipe that can be read" + (skipped.isEmpty ? "" : ": " + skipped.joined(separator: "; "))
        }
    }
}
