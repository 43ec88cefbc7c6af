import Foundation
import Larder

/// Web addresses and pictures: the two things `larder import` fetches.
extension RecipeImporter {
    /// The biggest picture downloaded.
    public static let maximumImageBytes = 20 << 20

    /// Which pictures are written with the recipes.
    public enum Pictures: String, Sendable, CaseIterable {
        /// A web address's picture is downloaded; a picture a file carries
        /// (an export's photo, one beside a `.cook` file) is written. A
        /// saved page's or JSON file's picture address is not fetched: the
        /// user gave a file, maybe to stay offline.
        case web
        /// Also the picture address of a saved page or a JSON file.
        case all
        /// No picture at all.
        case none
    }

    /// The recipes of the page (or schema.org JSON) at a web address, read
    /// as from a saved file, the address after redirects standing in for
    /// the page's own (relative links resolve against it).
    func readWeb(_ address: String) throws(Failure) -> [ImportedRecipe] {
        let response: WebFetcher.Response
        do {
            response = try fetcher.fetch(
                address, limit: RecipeImporter.maximumSourceBytes,
                accept: "text/html,application/xhtml+xml,application/ld+json;q=0.9,application/json;q=0.9,*/*;q=0.5"
            )
        } catch {
            throw .fetch(error)
        }
        // A type that cannot be a page is refused; a generic one
        // (application/octet-stream, as simple servers send an unknown
        // extension) is read by its content, unless that is a picture.
        if let type = response.mediaType, type.hasPrefix("image/") || type.hasPrefix("video/") || type.hasPrefix("audio/")
            || type == "application/pdf" || type == "application/zip" {
            throw .unreadable(path: address, reason: "the server sent \(type), not a web page")
        }
        if let format = ImageFormat.sniff(response.bytes) {
            throw .unreadable(path: address, reason: "the server sent a \(format.name) picture, not a web page")
        }
        let first = response.bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        do {
            if response.mediaType?.hasSuffix("json") == true || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                return try PageReader.read(json: response.bytes, url: response.url)
            }
            return try PageReader.read(html: response.bytes, url: response.url, charset: response.charset)
        } catch {
            throw .read(error)
        }
    }

    /// Whether a source is a web address (else a file or a folder).
    public static func isWebAddress(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// What becomes of a recipe's picture.
    public struct PictureOutcome: Sendable {
        /// The picture to write with the recipe.
        public var picture: ImportedRecipe.Picture?
        /// Why a picture the source has is not written (a warning).
        public var warning: String?
        /// With `fetching` off (a dry run): the address that would be
        /// downloaded.
        public var wouldDownload: String?
    }

    /// The picture to write with `recipe`, read from `source`: the one the
    /// source carries, else the best of its picture addresses, downloaded
    /// when `pictures` says so and `fetching` (a dry run fetches nothing
    /// but the page).
    public func picture(
        for recipe: ImportedRecipe, from source: String, pictures: Pictures, fetching: Bool = true
    ) -> PictureOutcome {
        if pictures == .none {
            let has = recipe.picture?.origin ?? recipe.images.first
            return PictureOutcome(warning: has.map { "the picture (\($0)) is not written (--images none)" })
        }
        if let picture = recipe.picture { return PictureOutcome(picture: picture) }
        guard let address = recipe.images.first else { return PictureOutcome() }
        guard pictures == .all || RecipeImporter.isWebAddress(source) else {
            return PictureOutcome(warning: "the image (\(address)) is not downloaded: the source is a file (--images all downloads it)")
        }
        guard fetching else { return PictureOutcome(wouldDownload: address) }
        do {
            let response = try fetcher.fetch(
                address, limit: RecipeImporter.maximumImageBytes,
                accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5"
            )
            // The bytes say what the picture is, whatever the server's
            // Content-Type says (many send image/jpeg for everything).
            guard ImageFormat.sniff(response.bytes) != nil else {
                let what = ImageFormat.describe(response.bytes.prefix(ImageFormat.sniffLength))
                return PictureOutcome(warning: "the image (\(address)) is not written: it is \(what)")
            }
            return PictureOutcome(picture: ImportedRecipe.Picture(bytes: response.bytes, origin: response.url))
        } catch {
            return PictureOutcome(warning: "the image is not downloaded: \(error.description)")
        }
    }

    /// `picture` as `images/<id>.<ext>`, its extension the format its bytes
    /// are in; nil when they are no picture a site may publish. A taken
    /// name gets a number (`soup-2.jpg`), unless `replacing`, where the
    /// recipe's own picture is replaced with it.
    mutating func imageFile(_ picture: ImportedRecipe.Picture, id: String) -> AuthoredFile? {
        guard let format = ImageFormat.sniff(picture.bytes) else { return nil }
        var path = "images/\(id).\(format.fileExtension)"
        var number = 2
        while reservedImages.contains(path) || (!replacing && exists(path)) {
            path = "images/\(id)-\(number).\(format.fileExtension)"
            number += 1
        }
        reservedImages.insert(path)
        return AuthoredFile(path: path, bytes: picture.bytes)
    }
}
