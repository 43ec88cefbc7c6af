/// The exports of issue 17's part B told apart by their content, not their
/// names: a CSV by its header, an HTML page by the markup only that app
/// writes.
///
/// For the lead: this file is the stand-in, on branch h-expb, for h-expa's
/// `ExportFormat` (Exports/ExportFormat.swift), whose shape it copies:
/// each reader has `marks`, `recognises` and `read(_:) -> ExportReading`.
/// On merging, add the four cases to `ExportFormat` (and its `name`,
/// `marks`, `recognises` and `read` switches) and delete this file, whose
/// `ExportReading` is h-expa's in shape.
public enum AppExport: String, Sendable, CaseIterable {
    case planToEat
    case myRecipeBox
    case copyMeThat
    case recipeKeeper

    /// The app's name, for messages.
    public var name: String {
        switch self {
        case .planToEat: "Plan to Eat"
        case .myRecipeBox: "My Recipe Box"
        case .copyMeThat: "Copy Me That"
        case .recipeKeeper: "Recipe Keeper"
        }
    }

    /// Whether a file at `path` in an export would be one of its recipe
    /// files, by the path alone.
    func marks(_ path: String) -> Bool {
        switch self {
        case .planToEat: PlanToEatExport.marks(path)
        case .myRecipeBox: MyRecipeBoxExport.marks(path)
        case .copyMeThat: CopyMeThatExport.marks(path)
        case .recipeKeeper: RecipeKeeperExport.marks(path)
        }
    }

    /// Whether `files` are this app's export.
    public func recognises(_ files: ExportFiles) -> Bool {
        switch self {
        case .planToEat: PlanToEatExport.recognises(files)
        case .myRecipeBox: MyRecipeBoxExport.recognises(files)
        case .copyMeThat: CopyMeThatExport.recognises(files)
        case .recipeKeeper: RecipeKeeperExport.recognises(files)
        }
    }

    /// The recipes of `files`, this app's export, and those skipped.
    public func read(_ files: ExportFiles) -> ExportReading {
        switch self {
        case .planToEat: PlanToEatExport.read(files)
        case .myRecipeBox: MyRecipeBoxExport.read(files)
        case .copyMeThat: CopyMeThatExport.read(files)
        case .recipeKeeper: RecipeKeeperExport.read(files)
        }
    }

    /// The app whose export `files` are, if any.
    public static func detect(_ files: ExportFiles) -> AppExport? {
        allCases.first { $0.recognises(files) }
    }
}

/// The recipes read from an export, and those skipped (as h-expa's
/// `ExportReading`).
public struct ExportReading: Sendable {
    public var recipes: [ImportedRecipe] = []
    /// A recipe that could not be read, one sentence each: the file and
    /// why ("box.csv:7: a row with no title, ingredients or instructions").
    public var skipped: [String] = []

    public init(recipes: [ImportedRecipe] = [], skipped: [String] = []) {
        self.recipes = recipes
        self.skipped = skipped
    }
}
