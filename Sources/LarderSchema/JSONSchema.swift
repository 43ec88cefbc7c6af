import LarderCore

/// A JSON Schema (draft 2020-12), compiled once and then used to validate any
/// number of instances, from any number of threads.
public struct JSONSchema: Sendable {
    private let program: SchemaProgram

    /// Compiles `root`, and whatever of `others` its `$ref`s reach. Each of
    /// `others` is found by its `$id` (a relative `$id` is taken against
    /// `https://larder.invalid/`, as is a `$ref` from a root without `$id`).
    ///
    /// - Parameter assertFormats: `format` values to check rather than treat
    ///   as annotations; see `SchemaFormat` for those supported.
    public init(
        _ root: JSONValue, others: [JSONValue] = [], assertFormats: Set<String> = []
    ) throws(SchemaCompileError) {
        var compiler = SchemaCompiler(documents: [root] + others, assertFormats: assertFormats)
        program = try compiler.compile()
    }

    /// Every way `instance` fails the schema, ordered by position in the file.
    public func validate(_ instance: JSONValue) -> [SchemaViolation] {
        var fast = SchemaEvaluation(program: program, report: false)
        if fast.evaluate(program.root, instance) { return [] }
        var full = SchemaEvaluation(program: program, report: true)
        _ = full.evaluate(program.root, instance)
        var seen = Set<SchemaViolation>()
        let unique = full.violations.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted {
            ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
        }.map(\.element)
    }

    /// Whether `instance` passes, without building any message.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = SchemaEvaluation(program: program, report: false)
        return evaluation.evaluate(program.root, instance)
    }
}
