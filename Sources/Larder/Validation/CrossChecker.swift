import Foundation
import LarderCore

/// The checks that need more than one file: ids that must exist, images that
/// must be inside the folder, items that need a category, recipe cycles.
struct CrossChecker {
    /// The ids a did-you-mean may offer for an unknown list or recipe, when
    /// the kitchen holds only some of the folder's (a partial load).
    struct Suggestions {
        var lists: [String]
        var recipes: [String]
    }

    let kitchen: Kitchen
    let folder: DataFolder
    var suggestions: Suggestions?

    /// Looks recipes and lists up by position (`recipePosition`), not as
    /// copies (`recipe(_:)`): there is a reference for each sub-recipe and
    /// each recipe a list shops for.
    func check(references: [Reference]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let storeIDs = kitchen.stores.map(\.id)
        let categoryIDs = kitchen.categories.map(\.id)
        // The ids a did-you-mean offers, made only for an unknown name: a
        // folder without one (every rebuild of a clean one) lists none.
        var recipeIDs: [String] { suggestions?.recipes ?? kitchen.recipeIDs }
        var listIDs: [String] { suggestions?.lists ?? kitchen.listIDs }
        // Each image file is looked at once, however many pages show it.
        var imageProblems: [String: Diagnostic?] = [:]
        for reference in references {
            switch reference.kind {
            case .store:
                if kitchen.store(reference.target) == nil {
                    diagnostics.append(unknown(reference, "store", storeIDs, extra: "define it under \"stores\" in larder.json"))
                }
            case .category:
                if kitchen.category(reference.target) == nil {
                    diagnostics.append(unknown(reference, "category", categoryIDs, extra: "or add it under \"categories\" in larder.json"))
                }
            case .recipe:
                if kitchen.recipePosition(reference.target) == nil {
                    // A Cooklang reference names a file by its path (@./Shared/Pizza Dough{}).
                    let cooklang = DataFolder.cooklangKind(reference.location.path) != nil
                    let extra = cooklang
                        ? "a reference such as @./Shared/Pizza Dough{} names a .cook file by its path from the data folder"
                        : "recipes are the files in recipes/"
                    diagnostics.append(unknown(reference, "recipe", recipeIDs, extra: extra))
                }
            case .list:
                if kitchen.listPosition(reference.target) == nil {
                    diagnostics.append(unknown(reference, "list", listIDs, extra: "lists are the files in lists/"))
                }
            case .servings:
                // Shopping uses such a recipe as written (see ShoppingPlanner).
                if let position = kitchen.recipePosition(reference.target), !kitchen.recipes.hasServings(at: position) {
                    diagnostics.append(.warning(
                        "servings-ignored",
                        "recipe \"\(kitchen.recipes.id(at: position))\" has no servings, so the servings asked for here are ignored",
                        at: reference.location, hint: "add servings to the recipe, or remove them here"
                    ))
                }
            case .image:
                let beside = Self.isBesideRecipe(reference)
                let key = beside ? "\u{0}" + reference.target : reference.target
                let known = imageProblems[key]
                let problem = known ?? imageProblem(reference, besideRecipe: beside)
                if known == nil { imageProblems[key] = .some(problem) }
                if var problem {
                    problem.location = reference.location
                    diagnostics.append(problem)
                }
            }
        }
        diagnostics += uncategorisedItems()
        diagnostics += recipeCycles()
        return diagnostics
    }

    private func unknown(_ reference: Reference, _ noun: String, _ known: [String], extra: String) -> Diagnostic {
        let hint: String
        if let match = Suggestion.closest(to: reference.target, in: known) {
            hint = "did you mean \"\(match)\"?"
        } else {
            hint = Suggestion.hint(for: reference.target, among: known, plural: noun == "category" ? "categories" : noun + "s") + "; " + extra
        }
        return .error("unknown-\(noun)", "unknown \(noun) \"\(reference.target)\"", at: reference.location, hint: hint)
    }

    /// Whether an image is named by a Cooklang recipe and sits in the same
    /// folder (`Breakfast/Easy Pancakes.jpg` for `Breakfast/Easy Pancakes.cook`):
    /// Cooklang keeps pictures there, so they are allowed outside `images/`.
    static func isBesideRecipe(_ reference: Reference) -> Bool {
        let source = reference.location.path
        guard source.hasSuffix(".cook") else { return false }
        func folder(_ path: String) -> Substring { path.lastIndex(of: "/").map { path[..<$0] } ?? "" }
        return folder(reference.target) == folder(source)
    }

    /// Images are files in `images/` (or beside the Cooklang recipe that
    /// names them, `besideRecipe`) that are pictures: relative, no way out
    /// through `..` or a symlink, no hidden file or folder, present, with a
    /// name ending in the extension of the format their first bytes are in.
    /// Their bytes are published as they are, so anything else (the secret,
    /// an unlisted list's source, HTML, SVG, a script named `sw.js`) would
    /// be a leak or run in the site's origin.
    private func imageProblem(_ reference: Reference, besideRecipe: Bool = false) -> Diagnostic? {
        let path = reference.target
        let outside = "images must be files inside the data folder, e.g. images/pancakes.jpg"
        if Self.isURL(path) {
            return .error("image-not-local", "the image \"\(path)\" is a URL, not a file in the data folder", at: reference.location, hint: outside)
        }
        if path.hasPrefix("/") || path.hasPrefix("\\") || path.contains(":") {
            return .error("path-escape", "the image path \"\(path)\" is absolute", at: reference.location, hint: outside)
        }
        if path.contains("\\") {
            return .error("bad-path", "the image path \"\(path)\" contains a backslash", at: reference.location, hint: "write / between folders, e.g. images/pancakes.jpg")
        }
        if path.contains("%") {
            return .error("bad-path", "the image path \"\(path)\" contains '%'", at: reference.location, hint: "write the file name as it is, without percent-escapes, e.g. images/my pancakes.jpg")
        }
        var depth = 0
        for component in path.split(separator: "/") {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 {
                return .error("path-escape", "the image path \"\(path)\" leads outside the data folder", at: reference.location, hint: outside)
            }
        }
        let components = path.split(separator: "/").filter { $0 != "." }
        if components.contains("..") {
            return .error(
                "bad-path", "the image path \"\(path)\" goes back up with '..'", at: reference.location,
                hint: "write the path from the data folder, e.g. images/pancakes.jpg"
            )
        }
        if let hidden = components.first(where: { $0.hasPrefix(".") }) {
            return .error(
                "image-hidden", "the image path \"\(path)\" names a hidden file or folder, '\(hidden)'", at: reference.location,
                hint: "hidden files and folders (names starting with '.') are never published; put the picture in images/ under a plain name"
            )
        }
        guard besideRecipe || components.count > 1 && components[0] == "images" else {
            return .error(
                "image-not-in-images", "the image \"\(path)\" is not in the images/ folder", at: reference.location,
                hint: "put images in images/, e.g. images/pancakes.jpg"
            )
        }
        let name = components.last!
        guard let named = ImageFormat(fileName: name) else {
            return .error(
                "not-an-image", "the image \"\(path)\" does not end in \(ImageFormat.extensionList)", at: reference.location,
                hint: "images are PNG, JPEG, WebP, GIF or AVIF pictures named for their format, e.g. images/pancakes.jpg"
            )
        }
        switch folder.entryType(path) {
        case .regular:
            break
        case .missing, .brokenLink, .linkLoop:
            return .error("image-missing", "the image \"\(path)\" does not exist", at: reference.location, hint: "paths are relative to the data folder and case-sensitive")
        case .escapingLink:
            return .error("path-escape", "the image \"\(path)\" is a symbolic link to a place outside the data folder", at: reference.location, hint: outside)
        case .directory, .special:
            return .error("image-missing", "the image \"\(path)\" is not a file", at: reference.location, hint: outside)
        }
        guard let head = ImageFormat.head(atPath: folder.absolute(path)) else {
            return .error("image-missing", "the image \"\(path)\" cannot be read", at: reference.location, hint: "check the file's permissions")
        }
        guard let sniffed = ImageFormat.sniff(head) else {
            return .error(
                "not-an-image", "\(path) is \(ImageFormat.describe(head)), not an image", at: reference.location,
                hint: "images are PNG, JPEG, WebP, GIF or AVIF pictures (SVG is not allowed, as it can hold scripts); save it in one of those formats"
            )
        }
        guard sniffed == named else {
            let renamed = name.lastIndex(of: ".").map { name[..<$0] + "." + sniffed.fileExtension } ?? name
            return .error(
                "image-extension", "\(path) is a \(sniffed.name) picture, but its name ends as a \(named.name) one", at: reference.location,
                hint: "rename it to \(renamed)"
            )
        }
        return nil
    }

    /// `scheme:…` (as browsers read it: leading spaces and controls
    /// ignored, any case, not a one-letter drive as in `C:\\`) or `//host/…`.
    static func isURL(_ path: String) -> Bool {
        let trimmed = path.unicodeScalars.drop { $0.value <= 0x20 }
        if trimmed.starts(with: "//".unicodeScalars) { return true }
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex else { return false }
        let scheme = trimmed[..<colon]
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard scheme.count > 1, let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// Shopping items that no heading, marker, field or catalog entry puts in
    /// a category would land in "other" on every sheet.
    private func uncategorisedItems() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for list in kitchen.lists where list.kind == .shopping {
            for item in list.items where item.category == nil && kitchen.catalog.entry(for: item.name)?.category == nil {
                diagnostics.append(.warning(
                    "no-category", "no category for \"\(item.name)\"; it will be listed under Other",
                    at: item.location,
                    hint: "add #category to the line, put it under a category heading, or add it to \"catalog\" in larder.json"
                ))
            }
        }
        return diagnostics
    }

    /// A recipe that, through its sub-recipes, uses itself.
    private func recipeCycles() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // By position (ids are unique in the kitchen): 0 not seen, 1 on the
        // current path, 2 done. A table of ids cost two lookups per recipe.
        let recipes = kitchen.recipes
        var state = [UInt8](repeating: 0, count: recipes.count)
        // Recipes by position in the kitchen: a Recipe copied per visit
        // costs a retain of each of its fields. Sub-recipes from the
        // outlines: only a recipe in a cycle is decoded (for the line that
        // names the sub-recipe).
        func visit(_ position: Int, path: [String]) {
            state[position] = 1
            let subRecipes = recipes.subRecipes(at: position)
            defer { state[position] = 2 }
            guard !subRecipes.isEmpty else { return }
            let id = recipes.id(at: position)
            for (occurrence, subID) in subRecipes.enumerated() {
                guard let sub = kitchen.recipePosition(subID) else { continue }
                switch state[sub] {
                case 1:
                    let cycle = (path + [id, subID]).drop { $0 != subID }
                    let naming = recipes[position].ingredients.filter { $0.recipe != nil }
                    diagnostics.append(.error(
                        "recipe-cycle", "these recipes use each other in a circle: \(cycle.joined(separator: " → "))",
                        at: naming[occurrence].location, hint: "a sub-recipe cannot use a recipe that uses it"
                    ))
                case 0:
                    visit(sub, path: path + [id])
                default:
                    break
                }
            }
        }
        for position in recipes.indices where state[position] == 0 { visit(position, path: []) }
        return diagnostics
    }
}
