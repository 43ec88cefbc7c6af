/// The app exports told apart by their content, not their names: a CSV by
/// its header, an HTML page by the markup only that app writes.
///
/// For the lead: these are issue 17's part B (h-expb); the formats of part
/// A (h-expa) are detected in their own function, and the two fold into one
/// detection when merged. Each case only asks its reader's `recognises`.
public enum AppExport: String, Sendable, CaseIterable {
    case planToEat = "Plan to Eat"
    case myRecipeBox = "My Recipe Box"
    case copyMeThat = "Copy Me That"
    case recipeKeeper = "Recipe Keeper"

    /// The export `files` are (a zip's entries, or one file as an entry
    /// whose path is the file's), or nil.
    public static func detect(_ files: ExportFiles) -> AppExport? {
        allCases.first { $0.recognises(files) }
    }

    public func recognises(_ files: ExportFiles) -> Bool {
        switch self {
        case .planToEat: PlanToEatExport.recognises(files)
        case .myRecipeBox: MyRecipeBoxExport.recognises(files)
        case .copyMeThat: CopyMeThatExport.recognises(files)
        case .recipeKeeper: RecipeKeeperExport.recognises(files)
        }
    }

    /// The recipes of the export; `path` names it in messages.
    public func read(_ files: ExportFiles, path: String) throws(ExportProblem) -> [ImportedRecipe] {
        switch self {
        case .planToEat: try PlanToEatExport.read(files, path: path)
        case .myRecipeBox: try MyRecipeBoxExport.read(files, path: path)
        case .copyMeThat: try CopyMeThatExport.read(files, path: path)
        case .recipeKeeper: try RecipeKeeperExport.read(files, path: path)
        }
    }
}
