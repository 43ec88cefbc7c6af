import LarderCore

/// The built-in categories and catalog, compiled into the binary from
/// `Sources/Larder/Resources/catalog.json`.
enum BuiltIn {
    struct Data: Sendable {
        var categories: [Category]
        var catalog: Catalog
    }

    static let data: Data = load(PackageResources.catalog_json)

    static var categories: [Category] { data.categories }
    static var catalog: Catalog { data.catalog }

    /// Reads the catalog resource. It ships with the binary and a test reads
    /// it, so a malformed file is a build defect, not user input.
    static func load(_ bytes: [UInt8]) -> Data {
        guard let root = try? JSONReader.parse(bytes) else {
            preconditionFailure("Resources/catalog.json is not valid JSON")
        }
        var categories: [Category] = []
        for value in root["categories"]?.array ?? [] {
            guard let id = value["id"]?.string, let name = value["name"]?.string else { continue }
            categories.append(Category(id: id, name: name, emoji: value["emoji"]?.string))
        }
        var catalog = Catalog()
        for member in root["items"]?.object?.members ?? [] {
            for name in member.value.array ?? [] {
                if let name = name.string { catalog.set(Catalog.Entry(category: member.key), for: name) }
            }
        }
        return Data(categories: categories, catalog: catalog)
    }
}
