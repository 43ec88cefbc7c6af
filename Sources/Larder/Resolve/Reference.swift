import LarderCore

/// An id or path one file uses to point at something defined elsewhere,
/// with where it is written, so the cross-check can point at it.
struct Reference: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        case store, category, recipe, list, image
        /// Servings a list asks of a recipe (the target): ignored when the
        /// recipe has none.
        case servings
    }

    var kind: Kind
    var target: String
    var location: SourceLocation
}
