import Foundation
import LarderSite
import Testing

/// The address of an unlisted list never appears in what the real binary
/// prints: a build that cannot write the list's pages names them
/// `lists/<unlisted:ID>/…`.
@Suite struct UnlistedRedactionTests {
    let larder = Repository.binary
    static let secret = "redaction-tests-secret-0123456789"
    let environment = ["LARDER_SECRET": secret, "LARDER_TIMINGS": "1"]

    /// A site built without the unlisted list; then the list is added and
    /// a file put where its folder `lists/<token>/` must go: the in-place
    /// commit fails on it, and the next build, finishing that commit, too.
    @Test func aFailedWriteOfAnUnlistedPageDoesNotPrintItsToken() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 apples\n")
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("out/site")
        let first = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        try kitchen.write("lists/hidden.md", "---\ntitle: Hidden\nvisibility: unlisted\n---\n- [ ] 2 pears\n")
        let token = UnlistedLinks(secret: Array(Self.secret.utf8)).token(for: "hidden")
        try Data("in the way\n".utf8).write(to: site.appendingPathComponent("lists/\(token)"))
        for attempt in 0..<2 {
            let result = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path], environment: environment)
            #expect(result.status == 1, "build \(attempt): \(result.stderr)")
            let printed = result.stdout + result.stderr
            #expect(!printed.contains(token), "build \(attempt) printed the token: \(printed)")
            #expect(printed.contains("lists/<unlisted:hidden>/"), "build \(attempt): \(printed)")
            #expect(printed.contains("timing: "), "build \(attempt): no timings")
        }
    }
}
