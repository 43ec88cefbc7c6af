import LarderTemplate

/// Renders `template` (named "main") with `data`, beside `partials`.
func render(_ template: String, _ data: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
    var library = TemplateLibrary()
    try library.register(Array(template.utf8), named: "main")
    for (name, source) in partials { try library.register(Array(source.utf8), named: name) }
    return String(decoding: try library.render("main", data), as: UTF8.self)
}

/// The error parsing `template` gives, nil when it parses.
func parseError(_ template: String) -> TemplateError? {
    do {
        _ = try Template(template, name: "page")
        return nil
    } catch {
        return error
    }
}
