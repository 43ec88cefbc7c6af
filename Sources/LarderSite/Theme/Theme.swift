import Foundation
import Larder
import LarderCore
import LarderTemplate

/// Why the theme cannot be used or a page cannot be rendered: always names
/// the template.
public struct ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var template: String
    public var reason: String

    public init(template: String, reason: String) {
        self.template = template
        self.reason = reason
    }

    public var description: String { "template \(template) \(reason)" }
}

/// The templates and assets pages are made with: the built-in theme (compiled
/// into the binary from `Templates/`), with any file of the same name in the
/// data folder's `templates/` taking its place.
public struct Theme: Sendable {
    /// The templates every build needs. A missing one is an error at load.
    static let templateNames = [
        "layout", "index", "list", "recipe", "collection", "search", "recipe-card", "list-card", "item-meta",
        "print",
    ]
    /// Files copied to `assets/` in the site.
    static let assetNames = ["style.css", "larder.js", "print.css"]

    let library: TemplateLibrary
    /// Asset name to bytes.
    let assets: [String: [UInt8]]
    /// Which files came from the user's `templates/` folder.
    public let overridden: [String]

    /// The built-in files, by file name.
    static var builtIn: [String: [UInt8]] {
        [
            "layout.mustache": PackageResources.layout_mustache,
            "index.mustache": PackageResources.index_mustache,
            "list.mustache": PackageResources.list_mustache,
            "recipe.mustache": PackageResources.recipe_mustache,
            "collection.mustache": PackageResources.collection_mustache,
            "search.mustache": PackageResources.search_mustache,
            "recipe-card.mustache": PackageResources.recipe_card_mustache,
            "list-card.mustache": PackageResources.list_card_mustache,
            "item-meta.mustache": PackageResources.item_meta_mustache,
            "print.mustache": PackageResources.print_mustache,
            "style.css": PackageResources.style_css,
            "larder.js": PackageResources.larder_js,
            "print.css": PackageResources.print_css,
        ]
    }

    /// Loads the built-in theme with the overrides in `overrides` (the data
    /// folder's `templates/`), when that folder exists. The data folder is
    /// the one holding `overrides`: a template, or `templates/` itself, that
    /// is a symbolic link to a place outside it is an error, as is a file
    /// over `Limits.maximumFileSize`.
    public static func load(overrides: URL?) throws(ThemeError) -> Theme {
        var files = builtIn
        var overridden: [String] = []
        if let overrides, let data = try? FolderFiles(overrides.deletingLastPathComponent()) {
            let folder = overrides.lastPathComponent
            do throws(FolderFileError) {
                for name in try data.names(in: folder) ?? [] where !name.hasPrefix(".") {
                    let isTemplate = name.hasSuffix(".mustache")
                    guard isTemplate || assetNames.contains(name),
                          let bytes = try data.read("\(folder)/\(name)", limit: Limits.maximumFileSize)
                    else { continue }
                    files[name] = bytes
                    overridden.append(name)
                }
            } catch {
                throw ThemeError(template: error.path == folder ? folder + "/" : error.path, reason: error.reason)
            }
        }
        return try load(files, overridden: overridden)
    }

    /// The theme of `files` (built-in and overriding, by file name).
    private static func load(_ files: [String: [UInt8]], overridden: [String]) throws(ThemeError) -> Theme {
        /// Where a template came from, for errors: the user's file or the built-in one.
        func label(_ name: String) -> String {
            overridden.contains(name) ? "templates/\(name)" : "\(name) (built in)"
        }
        var library = TemplateLibrary()
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            let templateName = String(name.dropLast(".mustache".count))
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ThemeError(template: label(name), reason: "is not UTF-8 text")
            }
            if let scalar = ForbiddenCharacters.first(in: text) {
                throw ThemeError(template: label(name), reason: "holds \(ForbiddenCharacters.name(scalar)), a character no page may hold")
            }
            do throws(TemplateError) {
                try library.register(bytes, named: templateName)
            } catch {
                let place = error.line.map { line in "line \(line), column \(error.column ?? 1): " } ?? ""
                throw ThemeError(template: label(name), reason: "cannot be parsed: \(place)\(error.reason)")
            }
        }
        var assets: [String: [UInt8]] = [:]
        for name in assetNames { assets[name] = files[name] }
        return Theme(library: library, assets: assets, overridden: overridden)
    }

    /// Renders `template` with `context`, appending to `output`. A missing
    /// template or a result of only whitespace is an error, never an empty
    /// page.
    func render(_ template: String, _ context: TemplateValue, into output: inout [UInt8]) throws(ThemeError) {
        let start = output.count
        do throws(TemplateError) {
            try library.render(template, context, into: &output)
        } catch {
            let reason = error.template == template ? error.reason : "\(error.template).mustache: \(error.reason)"
            throw ThemeError(template: "\(template).mustache", reason: reason)
        }
        guard Self.hasContent(output[start...]) else {
            throw ThemeError(template: "\(template).mustache", reason: "rendered nothing")
        }
    }

    /// The same, as new bytes.
    func render(_ template: String, _ context: some TemplateValueConvertible) throws(ThemeError) -> [UInt8] {
        let value = context.templateValue
        #if DEBUG
        if let mismatch = TemplateFieldCheck.mismatch(context, value) {
            assertionFailure("\(template).mustache: \(mismatch)")
        }
        #endif
        // Room for most pages at once (a recipe page is ~16 KB): growing from
        // empty copied each page's bytes five times over.
        var output: [UInt8] = []
        output.reserveCapacity(1 << 15)
        try render(template, value, into: &output)
        return output
    }

    /// Something other than whitespace: an ASCII byte that is not a space,
    /// else (rarely) a non-ASCII character that is not a space either.
    static func hasContent(_ bytes: ArraySlice<UInt8>) -> Bool {
        var ascii = true
        for byte in bytes {
            if byte >= 0x80 { ascii = false; continue }
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return true }
        }
        return !ascii && String(decoding: bytes, as: UTF8.self).contains { !$0.isWhitespace }
    }
}
