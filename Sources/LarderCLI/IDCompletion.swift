import ArgumentParser
import Foundation
import Larder

/// Shell completion of list and recipe ids (issue 18). It runs on every
/// Tab, so it only lists `lists/` or `recipes/` of the folder named by
/// `--dir` (or the current one) and keeps the names that make an id; no
/// file is opened. Cooklang files, named by paths with spaces, are left to
/// the shell's own file completion.
enum IDCompletion {
    static let lists = CompletionKind.custom { words, _, prefix in ids(in: "lists", words: words, prefix: prefix) }
    static let recipes = CompletionKind.custom { words, _, prefix in ids(in: "recipes", words: words, prefix: prefix) }

    static func ids(in shelf: String, words: [String], prefix: String) -> [String] {
        let shelfPath = URL(fileURLWithPath: dataFolder(in: words)).appendingPathComponent(shelf).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shelfPath)) ?? []
        let ids = names.compactMap { name -> String? in
            guard let dot = name.lastIndex(of: "."), [".md", ".json"].contains(name[dot...]) else { return nil }
            let id = String(name[..<dot])
            return Identifier.isValid(id) && id.hasPrefix(prefix) ? id : nil
        }
        // a.md beside a.json is one id (and an error `check` reports).
        return Set(ids).sorted()
    }

    /// The value of the last `--dir DIR` or `--dir=DIR` on the command line
    /// being completed, else the current folder.
    static func dataFolder(in words: [String]) -> String {
        var folder = "."
        for (index, word) in words.enumerated() {
            if word == "--dir", index + 1 < words.count {
                folder = words[index + 1]
            } else if word.hasPrefix("--dir=") {
                folder = String(word.dropFirst("--dir=".count))
            }
        }
        return folder
    }
}
