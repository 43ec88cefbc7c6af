import Testing
@testable import LarderServe

struct SitePathTests {
    @Test(arguments: [
        ("/", "index.html"),
        ("/recipes/pancakes/", "recipes/pancakes/index.html"),
        ("/recipes/pancakes", "recipes/pancakes"),
        ("/assets/style.css", "assets/style.css"),
        ("/images/caf%C3%A9.jpg", "images/café.jpg"),
    ])
    func mapsToASiteFile(request: String, file: String) {
        #expect(SitePath.file(forRequestPath: request) == file)
    }

    @Test(arguments: [
        "/../larder.json", "/%2e%2e/larder.json", "/..%2flarder.json", "//etc/passwd", "/a//b",
        "/./index.html", "/a/%2E/b", "/a\\b", "/a%5cb", "/%00", "relative", "", "/%zz",
    ])
    func refuses(request: String) {
        #expect(SitePath.file(forRequestPath: request) == nil)
    }

    @Test func contentTypes() {
        #expect(SitePath.contentType(of: "index.html") == "text/html; charset=utf-8")
        #expect(SitePath.contentType(of: "search/index.json") == "application/json")
        #expect(SitePath.contentType(of: "assets/larder.js") == "text/javascript; charset=utf-8")
        #expect(SitePath.contentType(of: "sitemap.xml") == "application/xml")
        #expect(SitePath.contentType(of: "images/a.PNG") == "image/png")
        #expect(SitePath.contentType(of: "images/.hidden") == "application/octet-stream")
    }

    @Test func theScriptGoesBeforeTheLastClosingBody() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReload.inject(into: page), as: UTF8.self)
        #expect(injected == #"<html><body><p>&lt;/body&gt;</p><script src="/_larder/reload.js" defer></script></BODY></html>"#)
        let bare = String(decoding: LiveReload.inject(into: Array("<p>hi</p>".utf8)), as: UTF8.self)
        #expect(bare == #"<p>hi</p><script src="/_larder/reload.js" defer></script>"#)
    }
}
