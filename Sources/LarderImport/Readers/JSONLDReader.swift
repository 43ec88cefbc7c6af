import Foundation
import LarderCore

/// The Recipe objects in a page's JSON-LD: every `<script
/// type="application/ld+json">` block, read leniently, searched through
/// `@graph`, lists, `mainEntity` and any other nesting for objects typed
/// Recipe (`@type` a string or a list, with or without the schema.org
/// prefix).
struct JSONLDReader {
    /// The Recipe objects, in page order.
    var recipes: [JSONObject] = []
    /// Every object with an `@id`, for references (`"author": {"@id": …}`).
    var identified: [String: JSONObject] = [:]

    init(page: HTMLElement) {
        let scripts = page.descendants { element in
            element.name == "script"
                && (element[attribute: "type"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                    .hasPrefix("application/ld+json")
        }
        self.init(values: scripts.compactMap { LenientJSON.parse($0.rawText) })
    }

    /// The Recipe objects in JSON values (a schema.org file's).
    init(values: [JSONValue]) {
        for value in values { visit(value) }
    }

    private mutating func visit(_ value: JSONValue) {
        switch value.kind {
        case .array(let items):
            for item in items { visit(item) }
        case .object(let object):
            if let id = object["@id"]?.string, object.count > 1, identified[id] == nil {
                identified[id] = object
            }
            if SchemaTypes.isRecipe(object) {
                recipes.append(object)
                return  // what a recipe holds (its steps, its author) is its own
            }
            for member in object.members where member.value.array != nil || member.value.object != nil {
                visit(member.value)
            }
        default:
            break
        }
    }
}
