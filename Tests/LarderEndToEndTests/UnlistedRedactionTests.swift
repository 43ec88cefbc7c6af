import Foundation
@testable import LarderTestSupport
import LarderSite
import Testing

/// The address of an unlisted list never appears in what the real binary
/// prints: a build that cannot write the list's pages names them
/// `lists/<unlisted:ID>/…`.
@Suite struct UnlistedRedactionTests {
    let larder = Repository.binary
    static let secret = "redaction-tests-secret-0123456789"
    let environment = ["LARDER_SECRET": secret, "LARDER_TIMINGS": "1"]

    /// A site built without the unlisted list; then the list is added,
    /// long enough that its page is the one file over a limit on file size
    /// (`ulimit -f`): the build cannot write `lists/<token>/index.html`,
    /// says so, and must not print the token. (A file put where the list's
    /// folder goes no longer fails a build: it takes a new tree.)
    @Test func aFailedWriteOfAnUnlistedPageDoesNotPrintItsToken() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 apples #produce\n")
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("out/site")
        let first = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let items = (1...2000).map { "- [ ] 2 pears number \($0) #produce\n" }.joined()
        try kitchen.write("lists/hidden.md", "---\ntitle: Hidden\nvisibility: unlisted\n---\n" + items)
        let token = UnlistedLinks(secret: Array(Self.secret.utf8)).token(for: "hidden")
        for attempt in 0..<2 {
            // 200 blocks of 512 bytes: above every page but the list's own.
            let result = try ProcessResult.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -f 200; exec \"$0\" \"$@\"", larder.path, "build", kitchen.url.path, "-o", site.path],
                environment: environment
            )
            #expect(result.status == 1, "build \(attempt): \(result.stderr)")
            let printed = result.stdout + result.stderr
            #expect(!printed.contains(token), "build \(attempt) printed the token: \(printed)")
            // Its page or its print sheet, whichever the writer met first.
            #expect(printed.contains("lists/<unlisted:hidden>/"), "build \(attempt): \(printed)")
            #expect(printed.contains("index.html: cannot write the file: File too large"), "build \(attempt): \(printed)")
            #expect(printed.contains("timing: "), "build \(attempt): no timings")
        }
        let unlimited = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path], environment: environment)
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("lists/\(token)/index.html").path))
    }
}
