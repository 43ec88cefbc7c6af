/// Templates by name: what partials (`{{>name}}`) and parents
/// (`{{<name}}`) refer to, and what is rendered.
public struct TemplateLibrary: Sendable {
    var templates: [String: Template] = [:]
    /// All of them compiled, what renders.
    var program = TemplateProgram()

    public init() {}

    public init(_ templates: [Template]) {
        for template in templates { register(template) }
    }

    /// Adds `template` under its name, replacing any of the same name.
    public mutating func register(_ template: Template) {
        templates[template.name] = template
        program.add(template.nodes, name: template.name)
    }

    /// Parses `source` and adds it as `name`.
    public mutating func register(_ source: some Collection<UInt8>, named name: String) throws(TemplateError) {
        register(try Template(source, name: name))
    }

    public func template(named name: String) -> Template? {
        templates[name]
    }

    /// Renders the template `name` with `value`, appending to `output`
    /// (HTML-escaped `{{x}}`, raw `{{{x}}}`).
    ///
    /// A partial that does not exist renders nothing (as the Mustache spec
    /// says); the template itself must exist.
    ///
    /// - Throws: `TemplateError` when `name` does not exist or partials nest
    ///   deeper than ``maximumDepth`` (a partial that includes itself).
    public func render(_ name: String, _ value: TemplateValue, into output: inout [UInt8]) throws(TemplateError) {
        guard let entry = program.entries[name] else {
            throw TemplateError(template: name, reason: "does not exist")
        }
        let program = program
        try program.instructions.withUnsafeBufferPointer { code throws(TemplateError) in
            try program.text.withUnsafeBufferPointer { text throws(TemplateError) in
                try program.names.withUnsafeBufferPointer { names throws(TemplateError) in
                    try program.words.withUnsafeBufferPointer { words throws(TemplateError) in
                        try program.wordKeys.withUnsafeBufferPointer { wordKeys throws(TemplateError) in
                            var renderer = TemplateRenderer(
                                program: program, code: code, text: text, names: names, words: words,
                                wordKeys: wordKeys, root: value, template: name
                            )
                            swap(&renderer.output, &output)
                            defer { swap(&renderer.output, &output) }
                            try renderer.run(entry)
                        }
                    }
                }
            }
        }
    }

    /// The same, as new bytes.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> [UInt8] {
        var output: [UInt8] = []
        try render(name, value, into: &output)
        return output
    }

    /// How deep partials and blocks may nest: a template that includes itself
    /// stops with an error instead of exhausting the stack.
    public static let maximumDepth = 64
}
