@testable import LarderTestSupport
import Larder
import LarderCore
import Testing

/// The report's excerpts (`DiagnosticReport.sources`): a read document keeps
/// its bytes only when it has problems of its own, so a cross-check's
/// problem in a file without one must read that file again.
@Suite struct DiagnosticSourcesTests {
    @Test func aCrossCheckProblemInAFileWithoutOwnProblemsHasItsLines() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", """
            ---
            title: Weekly
            recipes:
              - recipe: pancakes
                servings: 4
            ---
            """)
        // A problem of its own: a servings count that is not a number.
        try folder.write("recipes/soup.json", #"{"title": "Soup", "servings": "many", "ingredients": ["1 onion"]}"#)
        let report = try KitchenLoader.load(folder.url).report
        #expect(report.diagnostics.contains { $0.code == "unknown-recipe" && $0.location?.path == "lists/weekly.md" })
        #expect(report.diagnostics.contains { $0.location?.path == "recipes/soup.json" })
        #expect(report.sources["lists/weekly.md"]?.lines.map(String.init) == [
            "---", "title: Weekly", "recipes:", "  - recipe: pancakes", "    servings: 4", "---",
        ])
        #expect(report.sources["recipes/soup.json"]?.lines.first.map(String.init)?.hasPrefix(#"{"title": "Soup""#) == true)
    }
}
