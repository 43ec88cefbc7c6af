import Foundation
import Larder

/// Where unlisted lists live: `lists/<token>/`, with a token derived from a
/// secret kept out of the repository, so the path is stable from build to
/// build but cannot be guessed from the list's id.
public struct UnlistedLinks: Sendable {
    private let secret: [UInt8]

    /// Fewest characters a secret may have.
    static let minimumLength = 16
    /// The environment variable read first.
    static let variable = "LARDER_SECRET"
    /// The file in the data folder read next (git must ignore it).
    static let fileName = ".larder-secret"

    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// 32 lowercase hex digits: the first 16 bytes of
    /// HMAC-SHA256(secret, "larder-unlisted-list:" + id).
    public func token(for listID: String) -> String {
        let mac = HMAC.sha256(key: secret, message: Array("larder-unlisted-list:\(listID)".utf8))
        return mac.prefix(16).lowercaseHex
    }

    /// The secret from `LARDER_SECRET`, else from `DIR/.larder-secret`
    /// (spaces and line breaks around it trimmed), else nil. An empty
    /// variable counts as unset. The file is read as the data folder's other
    /// files are (`FolderFiles`): not through a link that leads out of it.
    public static func loadSecret(dataFolder: URL, environment: [String: String]) throws(SecretError) -> [UInt8]? {
        if let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
            return try checked(value, source: variable, dataFolder: dataFolder)
        }
        let file = dataFolder.appendingPathComponent(fileName)
        let bytes: [UInt8]?
        do throws(FolderFileError) {
            guard let folder = try? FolderFiles(dataFolder) else { return nil }
            bytes = try folder.read(fileName, limit: maximumFileSize)
        } catch {
            throw SecretError(source: file.path, reason: error.reason, hint: howTo(dataFolder))
        }
        guard let bytes else { return nil }
        guard let contents = String(validating: bytes, as: UTF8.self) else {
            throw SecretError(source: file.path, reason: "cannot be read as UTF-8 text", hint: howTo(dataFolder))
        }
        return try checked(contents.trimmingCharacters(in: .whitespacesAndNewlines), source: file.path, dataFolder: dataFolder)
    }

    /// Largest secret file read: a secret is a line of text.
    static let maximumFileSize = 64 * 1024

    private static func checked(_ value: String, source: String, dataFolder: URL) throws(SecretError) -> [UInt8] {
        guard value.count >= minimumLength else {
            let reason = value.isEmpty
                ? "is empty"
                : "is \(value.count) characters long; a secret needs at least \(minimumLength)"
            throw SecretError(source: source, reason: reason, hint: howTo(dataFolder))
        }
        return Array(value.utf8)
    }

    /// The first unlisted list of `kitchen` when there is no secret to
    /// derive its address from (`links` is nil), with why and what to do:
    /// the one check of it, for the pipeline (before anything is written)
    /// and for `SiteBuilder` (a library caller that skips the pipeline).
    static func missingSecret(
        in kitchen: Kitchen, links: UnlistedLinks?, dataFolder: URL
    ) -> (list: ShoppingList, reason: String, hint: String)? {
        guard links == nil, let list = kitchen.lists.first(where: { $0.visibility == .unlisted }) else { return nil }
        return (list, "the list is unlisted, and its address comes from a secret that is not set", howTo(dataFolder))
    }

    /// How to make a secret, with the user's own folder in the command.
    static func howTo(_ dataFolder: URL) -> String {
        let file = shellQuoted(dataFolder.appendingPathComponent(fileName).path)
        return "set \(variable) or create \(file) with a long random string: "
            + "`head -c 32 /dev/urandom | base64 > \(file)` (and keep it out of git)"
    }

    private static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/._-+,:@".unicodeScalars.contains($0)
        }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// A secret for unlisted lists that is missing or unusable. Names where it
/// looked and says how to create one.
public struct SecretError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `LARDER_SECRET`, or the secret file's path.
    var source: String
    var reason: String
    var hint: String

    /// For a build that has unlisted lists and no secret.
    static func missing(dataFolder: URL) -> SecretError {
        SecretError(
            source: dataFolder.path,
            reason: "unlisted lists need a secret to derive their links, and there is none",
            hint: UnlistedLinks.howTo(dataFolder)
        )
    }

    public var description: String { "\(source): \(reason); \(hint)" }
}
