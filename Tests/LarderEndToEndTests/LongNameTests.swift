import Foundation
@testable import LarderTestSupport
import Testing

/// What `build` would fail on, `check` reports: names of output files come
/// from ids, tags, categories and image paths, and no name may pass 255 bytes.
@Suite struct LongNameTests {
    static let longest = String(repeating: "a", count: 251)

    /// Ids at the limit, long tags and categories, and a long image name:
    /// `check` passes and `build` (and a rebuild) succeeds.
    @Test func longNamesWithinTheLimitsBuild() throws {
        let folder = try TestFolder()
        let tag = String(repeating: "Tagged ", count: 60), category = String(repeating: "ラーメン", count: 40)
        let image = "images/" + String(repeating: "p", count: 251) + ".png"
        try folder.write(image, Pictures.png)
        try folder.write("recipes/\(Self.longest).md", "---\ntitle: Long\ncategory: \(category)\ntags: [\(tag)]\nimage: \(image)\n---\n")
        try folder.write("lists/\(Self.longest).md", "---\ntitle: Long list\n---\n- [ ] milk #dairy\n- [ ] 1 \(Self.longest)\n")
        let site = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let check = try ProcessResult.run(Repository.binary, ["check", "."], in: folder.url)
        #expect(check.status == 0, "\(check.stderr)")
        for step in ["build", "rebuild after an edit"] {
            if step != "build" { try folder.write("recipes/\(Self.longest).md", "---\ntitle: Longer\ncategory: \(category)\ntags: [\(tag)]\n---\n") }
            let build = try ProcessResult.run(Repository.binary, ["build", ".", "-o", site.path], in: folder.url)
            #expect(build.status == 0, "\(step): \(build.stderr.prefix(2000))")
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("recipes/\(Self.longest).txt").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("lists/\(Self.longest).txt").path))
    }

    /// One byte more: `check` says so, and `build` is refused by the check,
    /// not failed while writing.
    @Test(arguments: ["recipes", "lists"])
    func anIdOverTheLimitIsRefusedByCheck(_ kind: String) throws {
        let folder = try TestFolder()
        let id = Self.longest + "b"
        try folder.write("\(kind)/\(id).md", "---\ntitle: Too long\n---\n")
        try HostileInputTests().expectRefused(folder, """
            \(kind)/\(id).md:1:1: error: the id 'aaaaaaaaaaaaaaaaaaaaaaaa…' is 252 bytes long, over the limit of 251: the site names a file after it (\(kind)/<id>.txt), and a file name has at most 255 bytes [id-too-long]
              hint: rename the file to a shorter name
            """)
    }
}
