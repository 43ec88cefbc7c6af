import LarderCore

/// A Cooklang file (`.cook` recipe or `.menu` plan), parsed: what the text
/// says, with the position of everything in it, before it is mapped to
/// Larder's model (that is the reader's job, in the Larder target).
///
/// The parser never fails: what it cannot read becomes text and a
/// diagnostic, so a file with one bad marker still shows its other steps.
public struct CooklangDocument: Sendable, Hashable {
    /// The YAML front matter between `---` lines at the top, raw, for the
    /// reader to parse with the same YAML reader as Markdown front matter.
    public var frontMatter: FrontMatterBlock?
    /// `>> key: value` lines (the older metadata form), in file order.
    public var metadata: [MetadataEntry] = []
    /// The sections in file order. Steps before the first `== Name ==` (or
    /// `= Name`) are in a first section with no name; it is left out when
    /// it holds nothing.
    public var sections: [Section] = []
    /// Problems found while parsing, with `path` and line:column.
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// Every ingredient of every step, in order (hidden ones too).
    public var ingredients: [Ingredient] {
        sections.flatMap { $0.blocks }.flatMap { block -> [Ingredient] in
            guard case .step(let step) = block else { return [] }
            return step.parts.compactMap { if case .ingredient(let item) = $0 { item } else { nil } }
        }
    }
}

// The parts of a document, named inside it (Larder has its own Ingredient,
// Foundation its own Timer).
extension CooklangDocument {
    public struct FrontMatterBlock: Sendable, Hashable {
        /// The YAML between the fences, without them.
        public var text: String
        /// The file line of the YAML's first line (2 when `---` is line 1).
        public var firstLine: Int

        public init(text: String, firstLine: Int) {
            self.text = text
            self.firstLine = firstLine
        }
    }

    public struct MetadataEntry: Sendable, Hashable {
        public var key: String
        public var value: String
        public var keyPosition: SourcePosition
        public var valuePosition: SourcePosition

        public init(key: String, value: String, keyPosition: SourcePosition, valuePosition: SourcePosition) {
            self.key = key
            self.value = value
            self.keyPosition = keyPosition
            self.valuePosition = valuePosition
        }
    }

    public struct Section: Sendable, Hashable {
        public var name: String?
        public var position: SourcePosition
        public var blocks: [Block] = []

        public init(name: String?, position: SourcePosition, blocks: [Block] = []) {
            self.name = name
            self.position = position
            self.blocks = blocks
        }
    }

    public enum Block: Sendable, Hashable {
        /// A paragraph of the recipe: one step.
        case step(Step)
        /// `> text` lines: a note, not a step.
        case note(Note)
    }

    public struct Note: Sendable, Hashable {
        public var text: String
        public var position: SourcePosition

        public init(text: String, position: SourcePosition) {
            self.text = text
            self.position = position
        }
    }

    public struct Step: Sendable, Hashable {
        /// Text and markers in order. Lines of one step are joined with one
        /// space; comments are removed (as canonical.yaml pins down).
        public var parts: [Part]
        public var position: SourcePosition

        public init(parts: [Part], position: SourcePosition) {
            self.parts = parts
            self.position = position
        }
    }

    public enum Part: Sendable, Hashable {
        case text(String)
        case ingredient(Ingredient)
        case cookware(Cookware)
        case timer(Timer)
    }

    /// `@name{quantity%unit}(note)` and its forms.
    public struct Ingredient: Sendable, Hashable {
        /// The name as written (for a recipe reference, the last path part
        /// without extension: "pesto" for `@./sauces/pesto{}`).
        public var name: String
        public var amount: Amount?
        /// `(finely chopped)` after the marker.
        public var note: String?
        /// `@./sauces/pesto{}`: the referenced file's path as written, relative
        /// to the data folder, without `./` and without `.cook`
        /// ("sauces/pesto"). nil for a plain ingredient.
        public var recipePath: String?
        /// `@?name`: optional.
        public var optional: Bool = false
        /// `@-name`: used in the step but not listed.
        public var hidden: Bool = false
        /// `@&name`: refers to an ingredient listed earlier (its amount adds to
        /// that one, it is not a new line).
        public var reference: Bool = false
        /// Where the `@` is.
        public var position: SourcePosition

        public init(name: String, position: SourcePosition) {
            self.name = name
            self.position = position
        }
    }

    /// `#name{quantity}`.
    public struct Cookware: Sendable, Hashable {
        public var name: String
        public var amount: Amount?
        public var note: String?
        public var position: SourcePosition

        public init(name: String, position: SourcePosition) {
            self.name = name
            self.position = position
        }
    }

    /// `~name{quantity%unit}`; the name may be empty (`~{10%minutes}`).
    public struct Timer: Sendable, Hashable {
        public var name: String
        public var amount: Amount?
        public var position: SourcePosition

        public init(name: String, position: SourcePosition) {
            self.name = name
            self.position = position
        }
    }

    /// What is between `{` and `}`, split at `%`, as written.
    public struct Amount: Sendable, Hashable {
        /// The quantity text, trimmed ("1/2", "1 1/2", "few", "2-3"); empty
        /// for `{%g}` (an error). Empty braces (`{}`, `{ }`) are no amount:
        /// the marker's `amount` is nil, as without braces.
        public var quantity: String
        /// The unit text, trimmed; empty when there is no `%`.
        public var unit: String
        /// `{=1%tsp}`: a fixed quantity that does not scale with servings.
        public var fixed: Bool = false
        public var quantityPosition: SourcePosition
        public var unitPosition: SourcePosition?

        public init(quantity: String, unit: String, quantityPosition: SourcePosition, unitPosition: SourcePosition? = nil) {
            self.quantity = quantity
            self.unit = unit
            self.quantityPosition = quantityPosition
            self.unitPosition = unitPosition
        }
    }
}
