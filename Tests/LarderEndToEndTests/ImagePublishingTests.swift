import Foundation
@testable import LarderTestSupport
import Testing

/// What an `image` may publish: only pictures in `images/`, sniffed by their
/// bytes, named for their format. Every case runs the real binary: `check`
/// and `build` refuse the folder with the diagnostic, and nothing is built.
@Suite struct ImagePublishingTests {
    static let html = "<!doctype html><script>alert(document.cookie)</script>"
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>"

    /// A recipe showing `image`, with the image's diagnostic at 3:8.
    static func recipe(_ image: String) -> String { "---\ntitle: Soup\nimage: \(image)\n---\n" }

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var files: [String: [UInt8]]
        var expected: String
    }

    static func hint(_ text: String) -> String { "  hint: " + text }
    static let hiddenHint = hint("hidden files and folders (names starting with '.') are never published; put the picture in images/ under a plain name")
    static let notImageHint = hint("images are PNG, JPEG, WebP, GIF or AVIF pictures (SVG is not allowed, as it can hold scripts); save it in one of those formats")
    static let extensionHint = hint("images are PNG, JPEG, WebP, GIF or AVIF pictures named for their format, e.g. images/pancakes.jpg")

    static let refused: [Case] = [
        Case(description: "the secret", files: [
            ".larder-secret": Array("a-long-secret-for-unlisted-lists\n".utf8), "recipes/soup.md": Array(recipe(".larder-secret").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image path ".larder-secret" names a hidden file or folder, '.larder-secret' [image-hidden]
            \(hiddenHint)
            """),
        Case(description: "git's config", files: [
            ".git/config": Array("[remote \"origin\"]\n\turl = https://token@example.org/\n".utf8), "recipes/soup.md": Array(recipe(".git/config").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image path ".git/config" names a hidden file or folder, '.git' [image-hidden]
            \(hiddenHint)
            """),
        Case(description: "the build's state file", files: [
            "._site.larder-state": Array("lists/0123456789abcdef0123456789abcdef/".utf8), "recipes/soup.md": Array(recipe("._site.larder-state").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image path "._site.larder-state" names a hidden file or folder, '._site.larder-state' [image-hidden]
            \(hiddenHint)
            """),
        Case(description: "an unlisted list's source", files: [
            "lists/private.md": Array("---\ntitle: Private\nvisibility: unlisted\n---\n- [ ] gift\n".utf8),
            "recipes/soup.md": Array(recipe("lists/private.md").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image "lists/private.md" is not in the images/ folder [image-not-in-images]
              hint: put images in images/, e.g. images/pancakes.jpg
            """),
        Case(description: "a picture in a hidden folder of images/", files: [
            "images/.cache/soup.png": Pictures.png, "recipes/soup.md": Array(recipe("images/.cache/soup.png").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image path "images/.cache/soup.png" names a hidden file or folder, '.cache' [image-hidden]
            \(hiddenHint)
            """),
        Case(description: "a way back up through images/", files: [
            "images/soup.png": Pictures.png, "recipes/soup.md": Array(recipe("images/../images/soup.png").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image path "images/../images/soup.png" goes back up with '..' [bad-path]
              hint: write the path from the data folder, e.g. images/pancakes.jpg
            """),
        Case(description: "a service worker", files: [
            "images/sw.js": Array("self.addEventListener('fetch', e => {})".utf8), "recipes/soup.md": Array(recipe("images/sw.js").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image "images/sw.js" does not end in .png, .jpg, .jpeg, .webp, .gif or .avif [not-an-image]
            \(extensionHint)
            """),
        Case(description: "an HTML page", files: [
            "images/page.html": Array(html.utf8), "recipes/soup.md": Array(recipe("images/page.html").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image "images/page.html" does not end in .png, .jpg, .jpeg, .webp, .gif or .avif [not-an-image]
            \(extensionHint)
            """),
        Case(description: "an SVG file", files: [
            "images/logo.svg": Array(svg.utf8), "recipes/soup.md": Array(recipe("images/logo.svg").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: the image "images/logo.svg" does not end in .png, .jpg, .jpeg, .webp, .gif or .avif [not-an-image]
            \(extensionHint)
            """),
        Case(description: "HTML saved as .png", files: [
            "images/soup.png": Array(html.utf8), "recipes/soup.md": Array(recipe("images/soup.png").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: images/soup.png is HTML, not an image [not-an-image]
            \(notImageHint)
            """),
        Case(description: "SVG saved as .png", files: [
            "images/soup.png": Array(svg.utf8), "recipes/soup.md": Array(recipe("images/soup.png").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: images/soup.png is an SVG image (which can hold scripts), not an image [not-an-image]
            \(notImageHint)
            """),
        Case(description: "a JPEG named .png", files: [
            "images/soup.png": Pictures.jpeg, "recipes/soup.md": Array(recipe("images/soup.png").utf8),
        ], expected: """
            recipes/soup.md:3:8: error: images/soup.png is a JPEG picture, but its name ends as a PNG one [image-extension]
              hint: rename it to soup.jpg
            """),
        Case(description: "a list item's image that is the list itself", files: [
            "lists/weekly.json": Array(#"{"title": "Weekly", "items": [{"name": "bread", "image": "lists/weekly.json"}]}"#.utf8),
        ], expected: """
            lists/weekly.json:1:58: error: the image "lists/weekly.json" is not in the images/ folder [image-not-in-images]
              hint: put images in images/, e.g. images/pancakes.jpg
            """),
        Case(description: "a collection item's image that is an empty file", files: [
            "images/empty.gif": [],
            "lists/books.json": Array(#"{"title": "Books", "kind": "collection", "items": [{"name": "Dune", "image": "images/empty.gif"}]}"#.utf8),
        ], expected: """
            lists/books.json:1:78: error: images/empty.gif is empty, not an image [not-an-image]
            \(notImageHint)
            """),
    ]

    @Test(arguments: refused)
    func imageIsRefused(_ refused: Case) throws {
        let folder = try TestFolder()
        for (path, bytes) in refused.files { try folder.write(path, bytes) }
        try HostileInputTests().expectRefused(folder, refused.expected)
    }

    /// A link inside the folder is followed, and what it leads to is
    /// sniffed: here, the secret.
    @Test func linkToTheSecretIsRefused() throws {
        let folder = try TestFolder()
        try folder.write(".larder-secret", "a-long-secret-for-unlisted-lists\n")
        try HostileInputTests.link(folder, "images/soup.png", to: "../.larder-secret")
        try folder.write("recipes/soup.md", Self.recipe("images/soup.png"))
        try HostileInputTests().expectRefused(folder, """
            recipes/soup.md:3:8: error: images/soup.png is text, not an image [not-an-image]
            \(Self.notImageHint)
            """)
    }

    /// Every allowed format, in any case of extension and in subfolders of
    /// images/, is copied as it is.
    @Test func picturesArePublished() throws {
        let folder = try TestFolder()
        let images: [String: [UInt8]] = [
            "images/a.png": Pictures.png, "images/b.JPG": Pictures.jpeg, "images/c.jpeg": Pictures.jpeg, "images/sub/d.webp": Pictures.webp,
            "images/e.Gif": Pictures.gif, "images/f.avif": Pictures.avif,
        ]
        var recipes = 0
        for (path, bytes) in images {
            try folder.write(path, bytes)
            recipes += 1
            try folder.write("recipes/r\(recipes).md", Self.recipe(path))
        }
        let output = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", ".", "-o", output.path], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        for (path, bytes) in images {
            #expect(try Data(contentsOf: output.appendingPathComponent(path)) == Data(bytes), "\(path)")
        }
    }

    /// A picture replaced by HTML under the same name between two builds:
    /// the second build is refused (the check does not trust the first
    /// build's records), and the site keeps the picture.
    @Test func pictureTurnedIntoHTMLIsCaughtOnARebuild() throws {
        let folder = try TestFolder()
        try folder.write("images/soup.png", Pictures.png)
        try folder.write("recipes/soup.md", Self.recipe("images/soup.png"))
        let output = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let first = try ProcessResult.run(Repository.binary, ["build", ".", "-o", output.path], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        try folder.write("images/soup.png", Self.html)
        let second = try ProcessResult.run(Repository.binary, ["build", ".", "-o", output.path], in: folder.url)
        #expect(second.status == 1)
        #expect(second.stderr.contains("recipes/soup.md:3:8: error: images/soup.png is HTML, not an image [not-an-image]"))
        #expect(try Data(contentsOf: output.appendingPathComponent("images/soup.png")) == Data(Pictures.png))
    }

    /// `larder serve` builds the same way: the HTML saved as .png is an
    /// error on its errors page and is never served.
    @Test func serveRefusesTheSame() async throws {
        let folder = try TestFolder()
        try folder.write("images/soup.png", Self.html)
        try folder.write("images/ok.png", Pictures.png)
        try folder.write("recipes/soup.md", Self.recipe("images/soup.png"))
        try folder.write("recipes/ok.md", Self.recipe("images/ok.png"))
        let served = try await ServedErrors.fetch(folder: folder.url, paths: ["_larder/errors", "images/soup.png", "images/ok.png"])
        #expect(served[0].body.contains("images/soup.png is HTML, not an image"))
        #expect(served[1].status != 200)
        #expect(!served[1].body.contains("<script>alert"))
        // The folder does not build, so nothing of it is served.
        #expect(served[2].status != 200)
    }
}
