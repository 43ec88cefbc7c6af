import Dispatch
import Foundation
import Larder
import LarderCore
import LarderMarkdown
import LarderQuantities
import LarderTemplate
import Synchronization

/// Why a site cannot be built; names the file, template or setting to fix.
public struct SiteBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data file at fault, relative to the data folder, when there is one.
    public var path: String?
    public var reason: String

    public init(path: String?, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}

/// The render stage: a `Kitchen` to the files of the site, in memory. It never
/// touches the disk (images are named, not read); `SiteWriter` writes.
public struct SiteBuilder: Sendable {
    let kitchen: Kitchen
    /// The data folder, for the absolute paths of images to copy.
    let dataFolder: URL
    let theme: Theme
    let unlisted: UnlistedLinks?
    /// Recipe categories and tags, each with its recipes, sorted by name.
    let recipeCategories: [Taxon]
    let recipeTags: [Taxon]
    /// The folder names of their pages.
    let categorySlugs: TaxonSlugs
    let tagSlugs: TaxonSlugs
    /// `favorites.json` item names, as matching keys.
    let favoriteItems: Set<String>
    /// Shopping lists' plans (items and recipe ingredients merged, grouped by
    /// store and aisle), by list id; made at the start of `render()`.
    private(set) var plans: [String: ShoppingPlan] = [:]
    /// The same plans without ticked lines, for the printable sheets; made
    /// with `plans`, from the same merge.
    private(set) var printPlans: [String: ShoppingPlan] = [:]
    /// Each recipe's summary (the first paragraph of its description as
    /// plain text), by id: made once at the start of `render()` for the recipe
    /// page and the cards on the index, category, tag and favorites pages.
    var summaries: [String: String] = [:]
    /// In a rebuild, instead: each recipe's summary in its page job's record
    /// for the next build (by the recipe's position in the kitchen), so
    /// that 50,000 unchanged recipes' summaries are not put in a table that
    /// one page reads.
    var summaryRecords: SummaryRecords?

    /// The recipe jobs' records a rebuild makes for the next build, by job
    /// index from `first` (the recipes' jobs are together, in the kitchen's
    /// order): a record made in this build, else the previous build's,
    /// which a job whose record has not changed keeps.
    struct SummaryRecords: Sendable {
        var made: [JobRecords.Record?]
        var recorded: [JobRecords.Record?]
        var first: Int

        /// The summary of the recipe at `position`.
        func text(at position: Int) -> String? {
            if let made = made[first + position] { return made.text }
            return recorded[first + position]?.text
        }
    }
    /// The lists' history from git, when list pages show it (`SiteBuild`
    /// reads it, through its cache, before rendering).
    var history: SiteHistory?
    /// Grams per cup of the foods volume ingredients name, by name as
    /// written, found once per build (`gramsPerCup(of:)`).
    let densities = NameTable<String?>()

    /// A recipe category or tag and the recipes that have it.
    struct Taxon: Sendable {
        var name: String
        var slug: String
        /// The recipes, as indices into `kitchen.recipes`, in its order: a
        /// `Recipe` copied into every category and tag it has (three or four
        /// per recipe) cost a retain of each of its fields, on every build.
        var recipes: [Int]

        /// As a heading: "breakfast" -> "Breakfast" (what the user wrote
        /// otherwise kept).
        var displayName: String { name.prefix(1).uppercased() + name.dropFirst() }
    }

    /// `unlisted` derives the addresses of unlisted lists; it is required
    /// when the kitchen has any.
    public init(kitchen: Kitchen, dataFolder: URL, theme: Theme, unlisted: UnlistedLinks?) {
        self.init(kitchen: kitchen, dataFolder: dataFolder, theme: theme, unlisted: unlisted, taxonNames: nil)
    }

    /// The same, with the folder names of the category and tag pages made
    /// from `taxonNames` (every category and tag of the folder, each
    /// spelling once) rather than from `kitchen`'s recipes: for a kitchen of
    /// a few recipes whose pages link to the folder's category and tag
    /// pages (`RecipeEdits`).
    init(
        kitchen: Kitchen, dataFolder: URL, theme: Theme, unlisted: UnlistedLinks?,
        taxonNames: (categories: [String], tags: [String])?
    ) {
        self.kitchen = kitchen
        self.dataFolder = dataFolder
        self.theme = theme
        self.unlisted = unlisted
        // From the recipes' outlines: a rebuild decodes no recipe to group it.
        let recipes = kitchen.recipes
        // Categories and tags each on a core of its own. Each spelling once:
        // 10,000 recipes have some 40,000 names, of a few dozen spellings.
        let grouped = [false, true].concurrentMap { tags -> (slugs: TaxonSlugs, taxa: [Taxon]) in
            // Each name hashed once: as a spelling's number, in one pass.
            var spellingOfName: [String: Int] = [:]
            var spellings: [String] = []
            var named = Named(recipeCount: recipes.count)
            func add(_ name: String) {
                if let known = spellingOfName[name] {
                    named.spellings.append(known)
                } else {
                    spellingOfName[name] = spellings.count
                    named.spellings.append(spellings.count)
                    spellings.append(name)
                }
            }
            for index in recipes.indices {
                if tags {
                    for name in recipes.tags(at: index) { add(name) }
                } else if let category = recipes.category(at: index) {
                    add(category)
                }
                named.ends.append(named.spellings.count)
            }
            // The same slugs from any order of the names, and from each once.
            let slugs = TaxonSlugs(taxonNames.map { tags ? $0.tags : $0.categories } ?? spellings, prefix: tags ? "t-" : "c-")
            return (slugs, Self.taxa(named, spellings: spellings, slugs: slugs))
        }
        (categorySlugs, recipeCategories) = grouped[0]
        (tagSlugs, recipeTags) = grouped[1]
        favoriteItems = Set(kitchen.favorites.items.map(ItemName.key))
    }

    /// What a rebuild that takes edits needs of every recipe, for the state
    /// (`SiteState.RecipeNames`): the category and tag keys, and the
    /// recipes other recipes name as ingredients or lists shop for (from
    /// the outlines: no recipe decoded).
    var recipeNames: SiteState.RecipeNames {
        var named = Set<String>()
        let recipes = kitchen.recipes
        for position in recipes.indices { named.formUnion(recipes.subRecipes(at: position)) }
        for list in kitchen.lists { named.formUnion(list.recipes.lazy.map(\.recipe)) }
        return SiteState.RecipeNames(categories: categorySlugs.keys, tags: tagSlugs.keys, named: named.sorted())
    }

    /// The names of each recipe (its category, or its tags) as numbers of
    /// spellings: recipe `i`'s are `spellings[ends[i - 1]..<ends[i]]`.
    private struct Named {
        var spellings: [Int] = []
        var ends: [Int] = []

        init(recipeCount: Int) {
            spellings.reserveCapacity(recipeCount)
            ends.reserveCapacity(recipeCount)
        }
    }

    /// Groups recipes by names (one group per slug: spellings that differ
    /// in case or accents are one, the first spelling wins), a recipe once
    /// per group.
    private static func taxa(_ named: Named, spellings: [String], slugs: TaxonSlugs) -> [Taxon] {
        var taxa: [Taxon] = []
        // By spelling (each slugged once, when first met) and by slug.
        var taxonOfSpelling = [Int?](repeating: nil, count: spellings.count)
        var taxonOfSlug: [String: Int] = [:]
        var start = 0
        for (index, end) in named.ends.enumerated() {
            for spelling in named.spellings[start..<end] {
                let taxon: Int
                if let known = taxonOfSpelling[spelling] {
                    taxon = known
                } else {
                    let name = spellings[spelling]
                    let slug = slugs.slug(name)
                    if let known = taxonOfSlug[slug] {
                        taxon = known
                    } else {
                        taxon = taxa.count
                        taxa.append(Taxon(name: name, slug: slug, recipes: []))
                        taxonOfSlug[slug] = taxon
                    }
                    taxonOfSpelling[spelling] = taxon
                }
                if taxa[taxon].recipes.last != index { taxa[taxon].recipes.append(index) }
            }
            start = end
        }
        return taxa.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
    }

    /// Every file of the site, sorted by path.
    public func render() throws(SiteBuildError) -> [OutputFile] {
        let files = Mutex<[OutputFile]>([])
        try render { file in
            let kept = file.compacted
            files.withLock { $0.append(kept) }
        }
        return files.withLock { $0 }.sorted { $0.path < $1.path }
    }

    /// Every file of the site, each handed to `sink` as soon as it is made, so
    /// that it can be written and let go while the rest renders: the whole
    /// site is never in memory at once.
    ///
    /// Pages render on all cores and `sink` is called from those threads, in
    /// no particular order. The first failure (of a page, or of `sink`) stops
    /// the build: no further page starts, and once the pages under way have
    /// finished it is thrown. Of several failures, the one of the earliest
    /// page in a fixed order is thrown, so a build fails the same way each
    /// time. A failure of `sink` arrives as a `SiteBuildError` whose reason
    /// is the error's description; a sink that needs the error itself keeps
    /// it.
    public func render(into sink: @Sendable (OutputFile) throws -> Void) throws(SiteBuildError) {
        try checkUnlisted()
        var builder = self
        let shopping = kitchen.lists.filter { $0.kind == .shopping }
        try builder.makePlans(for: shopping)
        let recipes = kitchen.recipes
        let summaries = Array(recipes.indices).concurrentMap { [self] index in
            summary(recipes.box(at: index).recipe.description)
        }
        for (position, summary) in zip(recipes.indices, summaries) { builder.summaries[recipes.id(at: position)] = summary }
        // The service worker comes last: it names the version of the files it caches.
        let offline = Set(offlinePaths)
        let hashes = Mutex<[String: ContentHash]>([:])
        _ = try builder.renderPages(pageJobs, into: { file in
            if offline.contains(file.path), case .bytes(let bytes) = file.contents {
                let hash = ContentHash(bytes)
                hashes.withLock { $0[file.path] = hash }
            }
            try sink(file)
        })
        let worker = hashes.withLock { hashes in ServiceWorker.file(paths: offlinePaths) { hashes[$0] } }
        do {
            try sink(worker)
        } catch let error as SiteBuildError {
            throw error
        } catch {
            throw SiteBuildError(path: nil, reason: "\(error)")
        }
    }

    func checkUnlisted() throws(SiteBuildError) {
        if let missing = UnlistedLinks.missingSecret(in: kitchen, links: unlisted, dataFolder: dataFolder) {
            throw SiteBuildError(path: missing.list.path, reason: missing.reason + "; " + missing.hint)
        }
    }

    /// Plans on all cores; the first list (in order) that fails stops the build.
    mutating func makePlans(for lists: [ShoppingList]) throws(SiteBuildError) {
        let plans = lists.concurrentMap { [kitchen] list in
            Result { () throws(PlanError) in
                try ShoppingPlanner.plans(ShoppingRequest(lists: [list.id]), in: kitchen)
            }
        }
        for (list, plan) in zip(lists, plans) {
            switch plan {
            case .success(let plan):
                self.plans[list.id] = plan.withTicked
                self.printPlans[list.id] = plan.withoutTicked
            case .failure(let error): throw SiteBuildError(path: list.path, reason: error.description)
            }
        }
    }

    /// Every page job, the biggest pages first, so that no core is left with
    /// one at the end; the recipes' jobs together, in the kitchen's order
    /// (`render(into:inputs:)` finds a recipe's job by its position).
    var pageJobs: [PageJob] {
        // The sitemap (every page's path, escaped and sorted) starts early:
        // as the last job it ran alone while the other core idled.
        var jobs: [PageJob] = [.index, .search, .categories, .tags, .favorites, .sitemap]
        jobs += kitchen.listIDs.map { .list($0) }
        jobs += kitchen.lists.filter { $0.kind == .shopping }.map { .printSheet($0.id) }
        jobs += kitchen.recipeIDs.map { .recipe($0) }
        jobs += recipeCategories.map { .category($0.slug) }
        jobs += recipeTags.map { .tag($0.slug) }
        jobs += [.assets]
        return jobs
    }

    /// Renders `pages`; returns the paths of each page's files.
    func renderPages(
        _ pages: [PageJob], into sink: @Sendable (OutputFile) throws -> Void
    ) throws(SiteBuildError) -> [[String]] {
        let builder = self
        /// The failure of the earliest job so far: later jobs need not start.
        let failure = Mutex<(job: Int, error: SiteBuildError)?>(nil)
        let outputs = Mutex<[[String]]>(Array(repeating: [], count: pages.count))
        let order = Self.renderOrder(pages)
        DispatchQueue.concurrentPerform(iterations: pages.count) { turn in
            let index = order[turn]
            if let failed = failure.withLock({ $0?.job }), failed < index { return }
            let error: SiteBuildError
            do {
                let files = try builder.files(for: pages[index])
                outputs.withLock { $0[index] = files.map(\.path) }
                for file in files {
                    do {
                        try sink(file)
                    } catch let sinkError as SiteBuildError {
                        throw sinkError
                    } catch let sinkError {
                        throw SiteBuildError(path: nil, reason: "\(sinkError)")
                    }
                }
                return
            } catch let buildError as SiteBuildError {
                error = buildError
            } catch let themeError as ThemeError {
                error = SiteBuildError(path: nil, reason: themeError.description)
            } catch let other {
                error = SiteBuildError(path: nil, reason: "\(other)")
            }
            failure.withLock { failed in
                if failed == nil || failed!.job > index { failed = (index, error) }
            }
        }
        if let failed = failure.withLock({ $0 }) { throw failed.error }
        return outputs.withLock { $0 }
    }

    /// The order pages render in: the pages of many recipes' cards
    /// (category and tag pages, some hundreds of KB each) first, then the
    /// rest as listed. Last, a large page ran alone while the other cores
    /// idled (20-40 ms of a full build at 10,000 recipes); the recipes'
    /// many small pages fill the end instead. What comes out does not
    /// depend on the order.
    static func renderOrder(_ pages: [PageJob]) -> [Int] {
        var first: [Int] = [], rest: [Int] = []
        rest.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() {
            switch page {
            case .category, .tag: first.append(index)
            default: rest.append(index)
            }
        }
        return first + rest
    }

    enum PageJob: Sendable {
        case index, favorites, search, categories, tags
        /// The theme's assets and the images pages use.
        case assets
        /// `sitemap.xml`: a job of its own, so that a rebuild that adds,
        /// removes or regroups no page keeps it (it names every page).
        case sitemap
        case list(String)
        case printSheet(String)
        case recipe(String)
        case category(String)
        case tag(String)

        /// The job's name in `JobRecords`.
        var key: String {
            switch self {
            case .index: "index"
            case .favorites: "favorites"
            case .search: "search"
            case .categories: "categories"
            case .tags: "tags"
            case .assets: "assets"
            case .sitemap: "sitemap"
            case .list(let id): "list " + id
            case .printSheet(let id): "print " + id
            case .recipe(let id): "recipe " + id
            case .category(let slug): "category " + slug
            case .tag(let slug): "tag " + slug
            }
        }
    }

    private func files(for job: PageJob) throws(ThemeError) -> [OutputFile] {
        switch job {
        case .index: return [try indexPage()]
        case .favorites: return [try favoritesPage()]
        case .search: return try searchPage()
        case .categories: return [try categoriesPage()]
        case .tags: return [try tagsPage()]
        // Methods called, not passed to `map`: a method as a closure
        // captures a copy of the builder, every field retained, per page.
        case .list(let id):
            guard let list = kitchen.list(id) else { return [] }
            return try listPage(list)
        case .printSheet(let id):
            guard let list = kitchen.list(id) else { return [] }
            return try printPage(list)
        case .recipe(let id):
            guard let position = kitchen.recipePosition(id) else { return [] }
            return try recipePage(kitchen.recipes[position])
        case .category(let slug):
            guard let taxon = recipeCategories.first(where: { $0.slug == slug }) else { return [] }
            return [try categoryPage(taxon)]
        case .tag(let slug):
            guard let taxon = recipeTags.first(where: { $0.slug == slug }) else { return [] }
            return [try tagPage(taxon)]
        case .assets: return assetFiles()
        case .sitemap:
            return kitchen.config.baseURL.map { [OutputFile(path: "sitemap.xml", text: Sitemap.xml(baseURL: $0, paths: publicPagePaths))] } ?? []
        }
    }

    /// The theme's assets and the images the pages use.
    private func assetFiles() -> [OutputFile] {
        var files: [OutputFile] = []
        for name in Theme.assetNames {
            if let bytes = theme.assets[name] { files.append(OutputFile(path: "assets/\(name)", bytes: bytes)) }
        }
        files += images()
        return files
    }

    // MARK: Addresses

    /// The folder of a list's page, relative to the site root ("lists/weekly/").
    func listFolder(_ list: ShoppingList) -> String { Self.listFolder(list, unlisted: unlisted) }

    /// The same, also for `larder print`'s QR code.
    static func listFolder(_ list: ShoppingList, unlisted: UnlistedLinks?) -> String {
        if list.visibility == .unlisted, let unlisted {
            return "lists/\(unlisted.token(for: list.id))/"
        }
        return "lists/\(list.id)/"
    }

    func recipeFolder(_ recipe: Recipe) -> String { Self.recipeFolder(id: recipe.id) }

    static func recipeFolder(id: String) -> String { "recipes/\(id)/" }

    /// A page file for a folder: "lists/weekly/" -> "lists/weekly/index.html".
    func page(_ folder: String) -> String { folder + "index.html" }

    /// "../../" for "lists/weekly/index.html".
    func root(of path: String) -> String {
        String(repeating: "../", count: path.count { $0 == "/" })
    }

    /// Keys in the browser's localStorage, prefixed per site: sites served
    /// from one origin (user.github.io/a and /b) share its storage.
    func storageKey(_ folder: String) -> String {
        "larder:\(Self.slug(kitchen.config.baseURL ?? kitchen.config.title)):\(folder)"
    }

    func absoluteURL(_ path: String) -> String? {
        kitchen.config.baseURL.map { $0 + path }
    }

    /// Site-relative folders of every public page, for the sitemap.
    var publicPagePaths: [String] {
        var paths = ["", "favorites/", "search/", "categories/", "tags/"]
        paths += kitchen.lists.filter { $0.visibility == .public }.map(listFolder)
        paths += kitchen.recipeIDs.map { Self.recipeFolder(id: $0) }
        paths += recipeCategories.map { "categories/\($0.slug)/" }
        paths += recipeTags.map { "tags/\($0.slug)/" }
        return paths
    }

    // MARK: Shared page parts

    func meta(
        title: String, description: String?, path: String, name: String,
        image: String? = nil, kind: String = "website", noindex: Bool = false
    ) -> PageMeta {
        let folder = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        return PageMeta(
            title: title,
            description: description ?? kitchen.config.description,
            root: root(of: path),
            canonicalURL: noindex ? nil : absoluteURL(folder),
            imageURL: image.flatMap { absoluteURL($0) },
            kind: kind,
            noindex: noindex,
            name: name
        )
    }

    var siteInfo: SiteInfo {
        SiteInfo(
            title: kitchen.config.title, description: kitchen.config.description,
            language: kitchen.config.language, generator: "Larder \(LarderVersion.current)"
        )
    }

    func nav(_ root: String, current: String) -> [NavLink] {
        [
            ("Home", "index.html"), ("Categories", "categories/index.html"), ("Tags", "tags/index.html"),
            ("Favorites", "favorites/index.html"), ("Search", "search/index.html"),
        ].map { NavLink(title: $0.0, href: root + $0.1, current: $0.1 == current) }
    }

    func renderPage<Body: Sendable & TemplateValueConvertible>(
        _ template: String, path: String, meta: PageMeta, body: Body
    ) throws(ThemeError) -> OutputFile {
        let context = PageContext(site: siteInfo, page: meta, nav: nav(meta.root, current: path), body: body)
        return OutputFile(path: path, bytes: try theme.render(template, context))
    }

    /// Markdown from the user, as safe HTML (raw HTML dropped, unsafe links removed).
    func html(_ markdown: String?) -> String? {
        guard let markdown, markdown.contains(where: { !$0.isWhitespace }) else { return nil }
        return Markdown.html(markdown)
    }

    /// A recipe's summary: made once per build (`summaries`, or in a rebuild
    /// `summaryRecords`), else now.
    func summary(id: String, description: String?) -> String? {
        if let summaryRecords, let position = kitchen.recipePosition(id) {
            return summaryRecords.text(at: position)
        }
        return summaries.isEmpty ? summary(description) : summaries[id]
    }

    /// The first paragraph of some Markdown as plain text, at most ~160 characters.
    func summary(_ markdown: String?) -> String? {
        guard let markdown else { return nil }
        // Up to the first blank line ("\n\n"), its lines joined with spaces
        // (on UTF-8 bytes: a "\n" byte is always the scalar U+000A).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(markdown.utf8.count)
        var previousWasNewline = false
        for byte in markdown.utf8 {
            if byte == UInt8(ascii: "\n") {
                if previousWasNewline { bytes.removeLast(); break }
                bytes.append(UInt8(ascii: " "))
                previousWasNewline = true
            } else {
                bytes.append(byte)
                previousWasNewline = false
            }
        }
        var plain = Substring(Markdown.plainText(inline: String(decoding: bytes, as: UTF8.self)))
        while plain.first?.isWhitespace == true { plain.removeFirst() }
        while plain.last?.isWhitespace == true { plain.removeLast() }
        guard !plain.isEmpty else { return nil }
        // At most 160 bytes are at most 160 characters: no need to count them.
        guard plain.utf8.count > 160, plain.count > 160 else { return String(plain) }
        let cut = plain.prefix(157)
        return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
    }

    /// A folder-safe id for free text (an item's anchor, a storage key):
    /// `Identifier.suggest(from:)`, which ASCII text (nearly all of it) skips.
    /// Not unique: category and tag pages take theirs from `TaxonSlugs`.
    static func slug(_ text: String) -> String {
        asciiSlug(text) ?? Identifier.suggest(from: text)
    }

    /// The same, or nil when nothing of the text is readable in ASCII.
    static func readableSlug(_ text: String) -> String? {
        let slug = asciiSlug(text, empty: "") ?? Identifier.suggestion(from: text) ?? ""
        return slug.isEmpty ? nil : slug
    }

    /// What `Identifier.suggest(from:)` gives for ASCII text, on bytes: there
    /// the canonical decomposition changes nothing, no character is a
    /// nonspacing mark and lowercasing maps only A-Z. Nil for other text;
    /// `empty` for text with no letter or digit.
    static func asciiSlug(_ text: String, empty: String = "untitled") -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            let kept: UInt8
            switch byte {
            case UInt8(ascii: "'"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): kept = byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept = byte | 0x20
            default:
                pendingDash = true
                continue
            }
            if pendingDash, !out.isEmpty { out.append(UInt8(ascii: "-")) }
            pendingDash = false
            out.append(kept)
        }
        return out.isEmpty ? empty : String(decoding: out, as: UTF8.self)
    }

    // MARK: Images

    /// Images the pages use, copied as they are; nothing else from the folder.
    func images() -> [OutputFile] {
        var paths = Set<String>()
        // From the outlines: the assets job runs on every build, and must
        // not decode every recipe.
        let recipes = kitchen.recipes
        for index in recipes.indices {
            if let image = recipes.image(at: index) { paths.insert(Self.normalised(image)) }
            for case let image? in recipes.stepImages(at: index) { paths.insert(Self.normalised(image)) }
        }
        for list in kitchen.lists {
            for item in list.items { if let image = item.image { paths.insert(Self.normalised(image)) } }
        }
        return paths.sorted().map { OutputFile(path: $0, copyingFrom: dataFolder.appendingPathComponent($0).path) }
    }

    /// "./images//a.png" -> "images/a.png" (the check already refused paths
    /// that leave the folder).
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// An image path as used from a page at `root`, percent-encoded: a
    /// Cooklang user's picture sits beside the recipe under its name, spaces
    /// and all (`Breakfast/Easy Pancakes.jpg`), and a space is no URL character.
    func imageHref(_ image: String?, root: String) -> String? {
        image.map { root + Sitemap.percentEncoded(Self.normalised($0)) }
    }
}

extension OutputFile {
    /// The file with its bytes in a buffer of their size: pages are rendered
    /// into growing buffers, up to twice as large, which is no matter for a
    /// file written and let go but is for a whole site kept in memory.
    var compacted: OutputFile {
        guard case .bytes(let bytes) = contents, bytes.capacity > bytes.count + bytes.count / 8 else { return self }
        let exact = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
        return OutputFile(path: path, bytes: exact)
    }
}

/// Something worked out from a food's name, kept by the name for one build:
/// recipes name the same foods again and again ("butter", "flour"), and
/// working a name's key out is the costly part. Shared by the builder's
/// copies and its page jobs on all cores.
final class NameTable<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])

    /// The value for `name`, `make` called when there is none yet.
    func value(for name: String, _ make: (String) -> Value) -> Value {
        if let known = values.withLock({ $0[name] }) { return known }
        let value = make(name)
        values.withLock { $0[name] = value }
        return value
    }
}
