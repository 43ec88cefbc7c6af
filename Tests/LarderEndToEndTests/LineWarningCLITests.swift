import Foundation
@testable import LarderTestSupport
import Testing

/// `larder check` on lines whose amount the reader may have read wrongly:
/// a warning at the word, with how the line was read, and exit 0.
@Suite struct LineWarningCLITests {
    @Test func unsureAmountIsAWarningWithTheReading() throws {
        let folder = try TestFolder()
        try folder.write(
            "recipes/toast.md",
            "---\ntitle: Toast\n---\n## Ingredients\n\n- 2 blobs of butter\n- 2 x 400g tins chopped tomatoes\n- Juice of 1 lime\n")
        let result = try ProcessResult.run(Repository.binary, ["check", "."], in: folder.url)
        #expect(result.status == 0)
        let expected = """
            recipes/toast.md:6:5: warning: "blobs" is not a unit Larder knows [unsure-amount]
             6 | - 2 blobs of butter
               |     ^
               = hint: read as 2 "blobs of butter"
            checked 1 file: 0 errors, 1 warning

            """
        #expect(result.stderr == expected)
    }

    @Test func itemLinesWarnToo() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 x 400g tins 3 tomatoes\n")
        let result = try ProcessResult.run(Repository.binary, ["check", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("""
            lists/weekly.md:4:21: warning: a second amount was not read [unsure-amount]
             4 | - [ ] 2 x 400g tins 3 tomatoes
               |                     ^
               = hint: read as 2 tins (400 g each) of "3 tomatoes"

            """))
    }
}
