import Larder
import LarderCore

/// `sw.js`, the service worker that keeps the site's own pages for use
/// offline (the script is `Templates/sw.js`; docs/site.md, "Offline").
///
/// It is made after every other file, because its first line names the
/// version of what it caches: a hash of the bytes of each file it fetches
/// when installed (``SiteBuilder/offlinePaths``). The same site gives the
/// same `sw.js`; a build that changes one of those files changes it, and the
/// browser then installs the new worker, which fetches them again.
public enum ServiceWorker {
    /// Its path in the site.
    public static let path = "sw.js"

    /// The worker's code (`Templates/sw.js`), compiled in; not a theme file,
    /// so `templates/` cannot replace it.
    static var script: [UInt8] { PackageResources.sw_js }

    /// The worker for files whose content hashes are `hashes`, in the order
    /// of `paths` (a path without a hash counts as absent).
    static func file(paths: [String], hashes: (String) -> ContentHash?) -> OutputFile {
        var version = ContentHash.Builder()
        version.add("larder-sw 1")
        for path in paths {
            version.add(path)
            let hash = hashes(path) ?? ContentHash(high: 0, low: 0)
            version.add(hash)
        }
        let hash = version.hash
        let precache = JSONOutput.array(paths.map { .string(Sitemap.percentEncoded($0)) })
        var bytes = Array("// Made by larder build; do not edit (docs/site.md, \"Offline\").\n".utf8)
        bytes += Array("var VERSION = \"\(hash.hexDigits)\";\n".utf8)
        bytes += Array("var PRECACHE = ".utf8) + precache.bytes + Array(";\n".utf8)
        bytes += script
        return OutputFile(path: path, bytes: bytes)
    }
}

extension SiteBuilder {
    /// What the service worker fetches when it is installed: the home page,
    /// the theme's assets and every public list's page and text. Never an
    /// unlisted list (its address is a secret, and `sw.js` is public), nor a
    /// picture or address the data names.
    var offlinePaths: [String] {
        var paths = ["index.html"] + Theme.assetNames.map { "assets/\($0)" }
        for list in kitchen.lists where list.visibility == .public {
            let folder = listFolder(list)
            paths += [page(folder), String(folder.dropLast()) + ".txt"]
        }
        return paths
    }

    /// Whether `job` makes files that `offlinePaths` names: the home page's
    /// and the lists' (the assets' job too, but it always renders). A
    /// rebuild takes the hashes of those it carries over from these jobs'
    /// files alone; a path added to `offlinePaths` from another job needs
    /// that job here.
    static func makesOfflineFiles(_ job: PageJob) -> Bool {
        switch job {
        case .index, .list, .assets: true
        default: false
        }
    }
}
