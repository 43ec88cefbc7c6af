import LarderCooklang
import LarderCore
import Testing

/// Every diagnostic the parser reports, as a whole value (file, line,
/// column, hint), and what it makes of the text around it.
struct CooklangDiagnosticsTests {
    typealias Document = CooklangDocument

    static func parse(_ text: String) -> Document {
        CooklangParser.parse(text, path: "Mains/Soup.cook")
    }

    static func at(_ line: Int, _ column: Int) -> LarderCore.SourceLocation {
        LarderCore.SourceLocation(path: "Mains/Soup.cook", line: line, column: column)
    }

    static func parts(_ document: Document) -> [Document.Part] {
        document.sections.flatMap(\.blocks).flatMap { block -> [Document.Part] in
            if case .step(let step) = block { step.parts } else { [] }
        }
    }

    @Test func unclosedBraceMakesTheRestOfTheLineText() {
        let document = Self.parse("Add @pepper and\n@salt{2%g and stir #well\nthen @oil.")
        #expect(
            document.diagnostics == [
                .error(
                    "cook-unclosed-brace", "`{` is not closed on this line", at: Self.at(2, 6),
                    hint: "close the amount with `}` on the same line, e.g. @flour{250%g}; the rest of the line is read as text"),
            ])
        #expect(document.ingredients.map(\.name) == ["pepper", "oil"])
        #expect(Self.parts(document)[2] == .text(" and @salt{2%g and stir #well then "))
    }

    @Test func braceOpenedAgainBeforeItCloses() {
        let document = Self.parse("Add @salt{2 then @pepper{1}.")
        #expect(document.diagnostics.map(\.code) == ["cook-unclosed-brace"])
        #expect(document.diagnostics.first?.location == Self.at(1, 10))
    }

    @Test func unitWithoutQuantity() {
        let document = Self.parse("Season with @salt{ %g}.")
        #expect(
            document.diagnostics == [
                .error(
                    "cook-unit-without-quantity", "unit `g` has no quantity before it", at: Self.at(1, 20),
                    hint: "write the quantity before `%`, e.g. {100%g}, or leave the braces empty"),
            ])
        #expect(document.ingredients.first?.amount?.quantity == "")
        #expect(document.ingredients.first?.amount?.unit == "g")
    }

    @Test func timerUnitWithoutQuantity() {
        #expect(Self.parse("Wait ~{%min}.").diagnostics.map(\.code) == ["cook-unit-without-quantity"])
    }

    @Test func emptyName() {
        let document = Self.parse("Add\n  @{2} and #{}.")
        #expect(
            document.diagnostics == [
                .error(
                    "cook-empty-name", "ingredient has no name", at: Self.at(2, 3),
                    hint: "write the name between `@` and `{`, e.g. @flour{250%g}"),
                .error(
                    "cook-empty-name", "cookware has no name", at: Self.at(2, 12),
                    hint: "write the name between `#` and `{`, e.g. #frying pan{}"),
            ])
        #expect(Self.parts(document) == [.text("Add @{2} and #{}.")])
    }

    @Test func emptyRecipeReference() {
        let document = Self.parse("Serve with @./{}.")
        #expect(
            document.diagnostics == [
                .error(
                    "cook-empty-name", "recipe reference has no recipe name", at: Self.at(1, 12),
                    hint: "name the recipe after `./`, e.g. @./sauces/pesto{}"),
            ])
        #expect(document.ingredients.isEmpty)
    }

    @Test func referenceOutOfTheFolder() {
        let document = Self.parse("Serve with @../other/sauce{1%cup}.")
        #expect(
            document.diagnostics == [
                .error(
                    "cook-reference-outside-folder", "recipe reference `../other/sauce` is not a path from the top of the folder",
                    at: Self.at(1, 12),
                    hint: "references start with `./` and go down from the top of the folder, e.g. @./sauces/sauce{}"),
            ])
        #expect(document.ingredients.map(\.name) == ["sauce"])
        #expect(document.ingredients.map(\.recipePath) == [nil])
        #expect(Self.parse("Serve @./a/../../b{}.").diagnostics.map(\.code) == ["cook-reference-outside-folder"])
    }

    @Test func unclosedBlockComment() {
        let document = Self.parse("Add @salt.\n\nStir [- until\n\nsmooth")
        #expect(
            document.diagnostics == [
                .warning(
                    "cook-unclosed-block-comment", "`[-` comment is not closed: the rest of the file is a comment",
                    at: Self.at(3, 6), hint: "end the comment with `-]`"),
            ])
        #expect(Self.parts(document).last == .text("Stir"))
    }

    @Test func unclosedFrontMatter() {
        let document = Self.parse("---\ntitle: Soup\n\nBoil @water.")
        #expect(
            document.diagnostics == [
                .error(
                    "cook-unclosed-front-matter", "front matter opened with `---` is not closed", at: Self.at(1, 1),
                    hint: "end the metadata with a line of `---` before the first step"),
            ])
        #expect(document.frontMatter == nil)
        #expect(document.ingredients.first?.position == SourcePosition(line: 4, column: 6))
    }

    @Test func unclosedNote() {
        let document = Self.parse("Mix @onion{1}(finely chopped and #garlic.")
        #expect(
            document.diagnostics == [
                .warning(
                    "cook-unclosed-note", "`(` after the marker is not closed on this line", at: Self.at(1, 14),
                    hint: "close the note with `)` on the same line; it is read as text"),
            ])
        #expect(document.ingredients.first?.note == nil)
        #expect(Self.parts(document)[2] == .text("(finely chopped and "))
    }

    @Test func metadataWithoutColon() {
        let document = Self.parse(">> just words\n>> key: value")
        #expect(
            document.diagnostics == [
                .warning(
                    "cook-metadata-without-colon", "`>>` metadata line has no `:` between key and value",
                    at: Self.at(1, 1), hint: "write `>> key: value`; this line is read as a step"),
            ])
        #expect(document.metadata.map(\.key) == ["key"])
        #expect(Self.parts(document) == [.text(">> just words")])
    }

    /// canonical.yaml's invalid cases, and text that only looks like markup.
    @Test(arguments: ["Message @ example{}", "Recipe # 5", "It is ~ {5}", "a -> b", "1 - 2", "x{y}", "(a) [b]"])
    func plainTextHasNoDiagnostic(text: String) {
        let document = Self.parse(text)
        #expect(document.diagnostics == [])
        #expect(Self.parts(document) == [.text(text)])
    }
}
