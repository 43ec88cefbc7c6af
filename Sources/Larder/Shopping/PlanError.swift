import LarderQuantities

/// Why a shopping plan could not be made: the request names something the
/// kitchen does not have. Each case names the id and how to fix it.
public enum PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A requested list id that no list has.
    case unknownList(String, hint: String)
    /// A recipe id that no recipe has, asked for on the command line (`list`
    /// nil) or in a list's `recipes` (`list` its id).
    case unknownRecipe(String, hint: String, list: String?)
    /// Servings of zero or less.
    case invalidServings(recipe: String, servings: Rational)
    /// Servings asked for (`--recipe pancakes*8`) of a recipe that does not
    /// say how many it serves: there is nothing to scale by.
    case noServings(recipe: String, servings: Rational)

    public var message: String {
        switch self {
        case .unknownList(let id, _):
            "unknown list \"\(id)\""
        case .unknownRecipe(let id, _, nil):
            "unknown recipe \"\(id)\""
        case .unknownRecipe(let id, _, let list?):
            "unknown recipe \"\(id)\" in the recipes of list \"\(list)\""
        case .invalidServings(let recipe, let servings):
            "servings for recipe \"\(recipe)\" must be more than 0, not \(servings)"
        case .noServings(let recipe, let servings):
            "recipe \"\(recipe)\" has no servings, so it cannot be made for \(servings)"
        }
    }

    public var hint: String? {
        switch self {
        case .unknownList(_, let hint), .unknownRecipe(_, let hint, _): hint
        case .invalidServings(let recipe, _): "write the servings to shop for, such as \(recipe)*4"
        case .noServings(let recipe, _): "ask for \(recipe) without *N, or add servings to the recipe"
        }
    }

    /// "unknown list "weekyl"; did you mean "weekly"?"
    public var description: String { [message, hint].compactMap { $0 }.joined(separator: "; ") }
}
