import Foundation
import Testing

@testable import LarderSite

@Suite struct UnlistedLinksTests {
    let secret = Array("0123456789abcdef-secret".utf8)

    /// Expected tokens from Python: `hmac.new(secret, b"larder-unlisted-list:" + id, sha256).hexdigest()[:32]`.
    @Test func tokenIsTruncatedHMACOfTheID() {
        let links = UnlistedLinks(secret: secret)
        #expect(links.token(for: "weekly") == "70d86ddf8a12f9e3e7cb83621200c908")
        #expect(links.token(for: "surprise-party") == "544501d4cf9ce2cb7160a85909946955")
        #expect(UnlistedLinks(secret: Array("another secret, long enough".utf8)).token(for: "weekly")
            != links.token(for: "weekly"))
    }

    @Test func environmentComesFirst() throws {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("from-the-file-0123456789\n".utf8).write(to: folder.appendingPathComponent(".larder-secret"))
        let fromEnvironment = try UnlistedLinks.loadSecret(
            dataFolder: folder, environment: ["LARDER_SECRET": "from-the-environment"])
        #expect(fromEnvironment == Array("from-the-environment".utf8))
        // The file, trimmed; an empty variable counts as unset.
        let fromFile = try UnlistedLinks.loadSecret(dataFolder: folder, environment: ["LARDER_SECRET": ""])
        #expect(fromFile == Array("from-the-file-0123456789".utf8))
    }

    @Test func noSecretIsNil() throws {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try UnlistedLinks.loadSecret(dataFolder: folder, environment: [:]) == nil)
    }

    @Test func shortSecretsAreErrorsThatSayHowToMakeOne() throws {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".larder-secret").path
        let hint = "set LARDER_SECRET or create \(file) with a long random string: "
            + "`head -c 32 /dev/urandom | base64 > \(file)` (and keep it out of git)"

        #expect(throws: SecretError(source: "LARDER_SECRET", reason: "is 5 characters long; a secret needs at least 16", hint: hint)) {
            try UnlistedLinks.loadSecret(dataFolder: folder, environment: ["LARDER_SECRET": "short"])
        }
        try Data(" \n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: SecretError(source: file, reason: "is empty", hint: hint)) {
            try UnlistedLinks.loadSecret(dataFolder: folder, environment: [:])
        }
        try Data("fifteen chars!!\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: SecretError(source: file, reason: "is 15 characters long; a secret needs at least 16", hint: hint)) {
            try UnlistedLinks.loadSecret(dataFolder: folder, environment: [:])
        }
        #expect(SecretError.missing(dataFolder: folder).description
            == "\(folder.path): unlisted lists need a secret to derive their links, and there is none; \(hint)")
    }

    @Test func hintQuotesPathsWithSpaces() {
        let hint = UnlistedLinks.howTo(URL(fileURLWithPath: "/tmp/my kitchen"))
        #expect(hint == "set LARDER_SECRET or create '/tmp/my kitchen/.larder-secret' with a long random string: "
            + "`head -c 32 /dev/urandom | base64 > '/tmp/my kitchen/.larder-secret'` (and keep it out of git)")
    }
}
