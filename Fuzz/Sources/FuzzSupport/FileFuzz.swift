import Larder
import LarderCore
import LarderMarkdown

/// Reads one data file from memory and checks what every reader must
/// guarantee: diagnostics inside the file, decoded items and ingredients
/// located inside it, quantities with positive denominators.
public func fuzzFile(_ path: String, _ bytes: [UInt8]) {
    guard let result = KitchenLoader.readFile(path, bytes: bytes) else {
        fatalError("not a data file path: \(path)")
    }
    checkDiagnostics(result.diagnostics, files: [path: bytes])
    for diagnostic in result.diagnostics {
        invariant(diagnostic.location?.path == path, "a diagnostic for another file: \(diagnostic.summary)")
    }
    let bounds = PositionBounds(path: path, bytes: bytes)
    if let list = result.list {
        invariant(list.path == path, "the list's path is \(list.path)")
        for item in list.items {
            invariant(!item.name.isEmpty, "an item without a name")
            invariant(item.location.path == path, "an item located in \(item.location.path)")
            bounds.check(item.location.position, "item \(item.name)")
            if let quantity = item.quantity { checkQuantity(quantity) }
        }
    }
    if let list = result.list { checkMarkdownSize(list.description) }
    if let recipe = result.recipe {
        checkMarkdownSize(recipe.description)
        checkMarkdownSize(recipe.notes)
        for step in recipe.directions.flatMap(\.steps) { checkMarkdownSize(step) }
    }
    if let recipe = result.recipe {
        invariant(recipe.path == path, "the recipe's path is \(recipe.path)")
        for ingredient in recipe.ingredients {
            invariant(ingredient.location.path == path, "an ingredient located in \(ingredient.location.path)")
            bounds.check(ingredient.location.position, "ingredient \(ingredient.name)")
            if let quantity = ingredient.quantity { checkQuantity(quantity) }
        }
    }
}

/// Markdown that a reader accepted renders to at most 20 times its size
/// (and a few hundred bytes): the shape limits (`Limits.markdown`) are what
/// keep a `>` run or a padded table from growing a page a thousandfold.
func checkMarkdownSize(_ markdown: String?) {
    guard let markdown else { return }
    let html = Markdown.html(markdown).utf8.count
    invariant(html <= 20 * markdown.utf8.count + 512, "\(markdown.utf8.count) bytes of Markdown render as \(html) bytes of HTML")
}

/// Reads one file of each kind once, so that lazily built globals (schemas,
/// the catalog, unit tables) exist before libFuzzer starts counting
/// allocations per input: LeakSanitizer cannot follow Swift's tagged
/// pointers into them and would report them as leaked by the first input.
public func warmUp() {
    let files = [
        ("larder.json", #"{"title": "Home"}"#),
        ("favorites.json", #"{"items": ["milk"]}"#),
        ("lists/a.md", "---\ntitle: A\n---\n## Dairy\n- [ ] 2 l milk @shop #dairy !high (note)\n"),
        ("lists/b.json", #"{"title": "B", "items": [{"name": "eggs", "quantity": "1 1/2", "unit": "dozen"}]}"#),
        ("recipes/c.md", "---\ntitle: C\nservings: 2\n---\n## Ingredients\n- 200 g flour, sifted\n## Directions\n1. Mix.\n"),
        ("recipes/d.json", #"{"title": "D", "ingredients": ["1 cup milk"], "directions": ["Stir."]}"#),
    ]
    for (path, text) in files { _ = KitchenLoader.readFile(path, bytes: Array(text.utf8)) }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
    warmUp()
    return 0
}
