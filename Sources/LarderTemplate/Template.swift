/// A Mustache template parsed once into a tree of nodes; a library compiles
/// the tree into its flat `TemplateProgram`, which is what renders
/// (`TemplateLibrary.render`).
public struct Template: Sendable {
    /// The name it was registered under, for errors.
    public let name: String
    let nodes: [Node]

    /// Parses `source`.
    ///
    /// - Throws: `TemplateError` with the line and column of the first problem.
    public init(_ source: some Collection<UInt8>, name: String) throws(TemplateError) {
        self.name = name
        var parser = TemplateParser(Array(source), template: name)
        nodes = try parser.parseTemplate()
    }

    public init(_ source: String, name: String) throws(TemplateError) {
        try self.init(Array(source.utf8), name: name)
    }
}

/// One piece of a parsed template: the tree the parser makes, compiled
/// into a flat `TemplateProgram` when the template is registered.
indirect enum Node: Sendable {
    /// Literal bytes (adjacent text merged).
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(TagName, escaped: Bool)
    /// `{{#name}}…{{/name}}`
    case section(TagName, [Node])
    /// `{{^name}}…{{/name}}`
    case inverted(TagName, [Node])
    /// `{{>name}}` and `{{<name}}…{{/name}}`: `indentation` for a standalone
    /// tag (prefixed to every line of the partial but its first),
    /// `overrides` the blocks given to a parent. `dynamic` (`{{>*name}}`)
    /// takes the partial's name from the context.
    case partial(PartialName, indentation: [UInt8]?, overrides: [String: [Node]]?)
    /// `{{$name}}default{{/name}}`: the block an inheriting template may replace.
    case block(String, defaultContent: [Node], indentation: [UInt8]?)
    /// A block given to a parent (only while parsing: the parent's
    /// `overrides` keep them).
    case definition(String, [Node])
}

enum PartialName: Sendable {
    case fixed(String)
    /// `{{>*name}}`: the template named by the value of `name`.
    case dynamic(TagName)
}

/// The name inside a tag, split once at parse time so lookups allocate nothing.
struct TagName: Sendable, Equatable {
    /// "a.b" -> ["a", "b"]; empty for `.` (the current value).
    var path: [String]
    /// `.name`: looked up in the current value only, not in enclosing ones.
    var anchored: Bool
    /// `empty(nav)` -> ["empty"], outermost first (applied last).
    var transforms: [String]

    /// `.` (or an empty name): the value on top of the stack.
    var isImplicit: Bool { path.isEmpty && transforms.isEmpty }
    /// `index()`: a transform of the position in the enclosing list.
    var isSequenceTransform: Bool { path.isEmpty && !anchored && !transforms.isEmpty }
}
