import Foundation
import LarderCore

/// What `larder init --from-cooklang` finds in a Cooklang folder, and the
/// larder.json it writes there.
///
/// The larder.json holds only what the folder cannot say by itself: a title
/// (the folder's name) and the current list (the first `.menu`, when there
/// is one). The cook CLI's config/aisle.conf and config/pantry.conf are not
/// copied in: they are read on every run, and larder.json would override
/// them, so a copy would freeze them.
public struct CooklangStarter: Sendable, Hashable {
    /// `.cook` and `.menu` files, anywhere in the folder outside dot folders.
    public var recipeFiles: Int
    public var menuFiles: Int
    /// aisle.conf's categories, in its order, as the kitchen has them.
    public var aisleCategories: [Category]
    public var hasAisleConf: Bool
    public var hasPantryConf: Bool
    /// pantry.conf's items with an amount in stock, and without.
    public var stockItems: Int
    public var staples: Int
    public var title: String
    /// The id of the first menu (by id), the sheet's default list.
    public var current: String?

    /// Looks at the Cooklang folder at `folder`; throws when it cannot be read.
    public static func survey(_ folder: URL) throws(LarderError) -> CooklangStarter {
        let loaded = try KitchenLoader.load(folder)
        let cook = CookConfig.read(try DataFolder(folder))
        let (recipes, menus) = countFiles(in: folder)
        let categories = loaded.kitchen.categories
        let aisle = (cook.aisle?.categories ?? []).compactMap { category in
            CookConfig.categoryID(category.name, among: categories).flatMap { id in categories.first { $0.id == id } }
        }
        let menuIDs = loaded.kitchen.lists.filter { $0.path.hasSuffix(".menu") }.map(\.id).sorted()
        return CooklangStarter(
            recipeFiles: recipes, menuFiles: menus, aisleCategories: aisle, hasAisleConf: cook.aisle != nil,
            hasPantryConf: cook.pantry != nil, stockItems: cook.pantryItems.count { $0.have != nil },
            staples: cook.pantryItems.count { $0.have == nil }, title: title(of: folder), current: menuIDs.first)
    }

    /// Whether there is anything of Cooklang's to start from.
    public var isCooklangFolder: Bool { recipeFiles + menuFiles > 0 || hasAisleConf || hasPantryConf }

    /// The larder.json to write.
    public var config: AuthoredFile {
        let json = JSONOutput.lines(.fields([
            "title": .string(title),
            "current": current.map(JSONOutput.string),
        ]))
        return AuthoredFile(path: "larder.json", contents: json.text(layout: .readable, escaping: .terminal) + "\n")
    }

    /// The folder's own name as a title: "Cooklang" for ~/Cooklang/.
    static func title(of folder: URL) -> String {
        let name = folder.standardizedFileURL.resolvingSymlinksInPath().lastPathComponent
        return name.isEmpty || name == "/" ? "Recipes" : name
    }

    /// `.cook` and `.menu` files below `folder`, dot folders and `_site`-like
    /// outputs aside (what starts with `.` or `_`).
    static func countFiles(in folder: URL) -> (recipes: Int, menus: Int) {
        guard let walk = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return (0, 0) }
        var (recipes, menus) = (0, 0)
        while let url = walk.nextObject() as? URL {
            if url.lastPathComponent.hasPrefix("_") {
                walk.skipDescendants()
                continue
            }
            switch url.pathExtension {
            case "cook": recipes += 1
            case "menu": menus += 1
            default: break
            }
        }
        return (recipes, menus)
    }
}
