import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything under a built site: paths, contents, modes, and inodes (which
/// are not compared: they tell which files an incremental build left alone).
struct SiteTree: Equatable {
    enum Entry: Equatable {
        case folder(mode: mode_t)
        case file(Data, mode: mode_t)
    }

    var entries: [String: Entry] = [:]
    var inodes: [String: UInt64] = [:]

    static func == (a: SiteTree, b: SiteTree) -> Bool { a.entries == b.entries }

    init(_ folder: URL) throws {
        func walk(_ path: String, _ prefix: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                let full = path + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
                let mode = info.st_mode & 0o7777
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    entries[prefix + name] = .folder(mode: mode)
                    try walk(full, prefix + name + "/")
                } else {
                    entries[prefix + name] = .file(try Data(contentsOf: URL(fileURLWithPath: full)), mode: mode)
                    inodes[prefix + name] = UInt64(info.st_ino)
                }
            }
        }
        try walk(folder.path, "")
    }

    /// The paths where the two trees differ, for a readable failure.
    func differences(from other: SiteTree) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
    }
}

/// A kitchen of `recipes` recipes and `lists` lists, made the same every time,
/// with images, an unlisted list and lists that pull in recipes.
enum GeneratedKitchen {
    static func make(at folder: URL, recipes: Int, lists: Int) throws {
        let manager = FileManager.default
        for sub in ["recipes", "lists", "images"] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try #"{"title": "Generated kitchen", "baseURL": "https://example.org/", "current": "l0000"}"#
            .write(to: folder.appendingPathComponent("larder.json"), atomically: true, encoding: .utf8)
        for index in 0..<3 {
            try Data(Pictures.jpeg + (0..<2000).map { UInt8(($0 * 7 + index) % 251) })
                .write(to: folder.appendingPathComponent("images/photo\(index).jpg"))
        }
        let categories = ["breakfast", "dinner", "dessert", "lunch", "snack"]
        let ingredients = ["2 eggs", "1 tsp cumin", "1 1/2 cups milk, warm", "½ tsp baking soda", "1 large onion, chopped",
                           "250 ml stock", "2 cloves garlic, minced", "salt, to taste", "400 g tomatoes", "1 tbsp olive oil"]
        for index in 0..<recipes {
            var text = "---\ntitle: Recipe \(index)\ncategory: \(categories[index % categories.count])\nservings: \(2 + index % 5)\n"
            text += "prep_time: 10 min\ntags: [tag\(index % 9), family]\n"
            if index % 50 == 0 { text += "image: images/photo\(index % 3).jpg\n" }
            text += "---\nA dish numbered \(index), with a *description* long enough to be realistic.\n\n## Ingredients\n"
            for line in 0..<10 { text += "- \(ingredients[(index + line) % ingredients.count])\n" }
            text += "\n## Directions\n"
            for step in 1...6 { text += "\(step). Do step \(step) carefully, stirring now and then until it is done.\n" }
            try text.write(to: folder.appendingPathComponent(String(format: "recipes/r%05d.md", index)), atomically: true, encoding: .utf8)
        }
        for index in 0..<lists {
            var text = "---\ntitle: List \(index)\n"
            if index % 7 == 3 { text += "visibility: unlisted\n" }
            if recipes > 0 { text += "recipes:\n  - recipe: \(String(format: "r%05d", index % recipes))\n    servings: 6\n" }
            text += "---\n## Produce\n"
            for line in 0..<8 { text += "- [\(line % 3 == 0 ? "x" : " ")] \(line + 1) lemons\n" }
            try text.write(to: folder.appendingPathComponent(String(format: "lists/l%04d.md", index)), atomically: true, encoding: .utf8)
        }
    }
}

/// Copies a folder (the example kitchen) to a new place.
func copyFolder(_ source: URL, to destination: URL) throws {
    try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: destination)
}
