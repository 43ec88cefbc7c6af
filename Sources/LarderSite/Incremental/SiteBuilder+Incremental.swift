import Larder

extension SiteBuilder {
    /// The site into the writer's sink, rendering only the pages whose
    /// inputs changed since the build that made the previous site: the
    /// others are carried over (`SiteSink.keep`). `inputs`, the stamps taken
    /// before the kitchen was loaded, make the fingerprints
    /// (`JobFingerprints`); what to render and what to carry over is the
    /// `RebuildPlan` of those and the previous records; the jobs are recorded
    /// in the sink for the next build (`JobRecords`). Without previous
    /// records every page renders, as `render(into:)` does, and the same
    /// files come out.
    public func render(into sink: SiteSink, inputs: InputSnapshot) throws(SiteBuildError) {
        try render(incrementallyInto: sink, inputs: inputs)
    }

    /// The same, into any sink: a folder's (`SiteSink`) or memory's
    /// (`MemorySink`, `larder serve`).
    func render<Sink: IncrementalSink>(incrementallyInto sink: Sink, inputs: InputSnapshot) throws(SiteBuildError) {
        try checkUnlisted()
        let fingerprints = JobFingerprints(snapshot: inputs, kitchen: kitchen)
        let previous = sink.previousJobs?.records ?? [:]
        let jobs = pageJobs
        var planned = jobs.map { RebuildPlan.Job(key: $0.key, fingerprint: nil) }
        var builder = self
        var jobOfList: [String: Int] = [:], jobOfPrint: [String: Int] = [:]
        jobOfList.reserveCapacity(kitchen.lists.count)
        jobOfPrint.reserveCapacity(kitchen.lists.count)
        // The recipes' jobs are together, in the kitchen's order
        // (`pageJobs`): the job of the recipe at `position` is
        // `firstRecipeJob + position`, no table of ids.
        let firstRecipeJob = jobs.firstIndex { if case .recipe = $0 { true } else { false } } ?? jobs.count
        func jobOfRecipe(_ position: Int) -> Int { firstRecipeJob + position }
        // The recipes' fingerprints on all cores, a run of them to a task
        // (some 50,000 were a twentieth of a one-recipe rebuild, one by one).
        let kitchen = kitchen
        let recipePrints = Array(kitchen.recipes.indices).concurrentMap(runsOf: 512) { position in
            fingerprints.recipe(at: position, id: kitchen.recipes.id(at: position))
        }
        // The lists' too: a list's, which its print sheet's is, and its
        // page's (with what the page shows of its history).
        let builderForLists = self
        typealias ListPrints = (sheet: ContentHash?, page: ContentHash?)
        let listPrints = Array(kitchen.lists.indices).concurrentMap(runsOf: 256) { position -> ListPrints in
            let list = kitchen.lists[position]
            let sheet = fingerprints.list(list)
            return (sheet, builderForLists.listFingerprint(list, base: sheet))
        }
        for (index, job) in jobs.enumerated() {
            switch job {
            case .recipe(let id):
                assert(kitchen.recipes.id(at: index - firstRecipeJob) == id, "recipe jobs out of the kitchen's order")
                planned[index].fingerprint = recipePrints[index - firstRecipeJob]
            case .list(let id):
                jobOfList[id] = index
                planned[index].fingerprint = kitchen.listPosition(id).flatMap { listPrints[$0].page }
            case .printSheet(let id):
                jobOfPrint[id] = index
                planned[index].fingerprint = kitchen.listPosition(id).flatMap { listPrints[$0].sheet }
            default: break
            }
        }
        // Each job's previous record, looked up once (by a key string), on
        // all cores: by now the state read ahead is done with the other
        // (some 55,000 lookups at 50,000 recipes).
        let recorded = previous.isEmpty
            ? [JobRecords.Record?](repeating: nil, count: jobs.count)
            : planned.concurrentMap(runsOf: 4096) { previous[$0.key] }
        /// Whether a job changed since the previous build, as the plan
        /// decides it, without a copy of its record (some 55,000 jobs at
        /// 50,000 recipes).
        func isChanged(_ index: Int) -> Bool {
            !RebuildPlan.isUnchanged(planned[index], recordedFingerprint: recorded[index]?.fingerprint)
        }
        // Plans and summaries of the lists and recipes whose pages render,
        // kept ones for the others.
        let shopping = kitchen.lists.filter { $0.kind == .shopping }
        try builder.makePlans(for: shopping.filter { list in
            isChanged(jobOfList[list.id]!) || jobOfPrint[list.id].map(isChanged) ?? false
        })
        // The summaries and digests of the recipes whose jobs changed, on
        // all cores, by the recipe's position; they go into the records
        // below, which the pages read them from (`summaryRecords`). (On one
        // core, a full build's 10,000 digests left the other idle for 15 ms.)
        let changedRecipes = kitchen.recipes.indices.filter { isChanged(jobOfRecipe($0)) }
        let card = { @Sendable [self] (position: Int) -> (text: String?, digest: ContentHash) in
            let recipe = kitchen.recipes.box(at: position).recipe
            let text = summary(recipe.description)
            return (text, JobFingerprints.recipeDigest(recipe, summary: text))
        }
        let fresh = Dictionary(uniqueKeysWithValues: zip(changedRecipes, changedRecipes.concurrentMap(runsOf: 64, card)))
        // By job index: arrays, not tables, over every job. A job whose
        // record is its previous one as it was has none in `memo` (no copy
        // of 55,000 records at 50,000 recipes): `memoIsRecorded` says so,
        // and `recorded` holds it.
        var memo = [JobRecords.Record?](repeating: nil, count: jobs.count)
        var memoIsRecorded = [Bool](repeating: false, count: jobs.count)
        // Each recipe's and list's digest, in the kitchen's order: what the
        // aggregate pages show of it, its id included (`recipeDigest`).
        var recipeItems: [ContentHash] = []
        recipeItems.reserveCapacity(kitchen.recipes.count)
        // By index: an unchanged recipe is not decoded.
        for position in kitchen.recipes.indices {
            let index = jobOfRecipe(position)
            if !isChanged(index), let digest = recorded[index]?.digest {
                memoIsRecorded[index] = true
                recipeItems.append(digest)
                continue
            }
            let (text, digest) = fresh[position] ?? card(position)
            memo[index] = JobRecords.Record(
                fingerprint: planned[index].fingerprint ?? ContentHash(high: 0, low: 0), outputs: [],
                digest: digest, text: text
            )
            recipeItems.append(digest)
        }
        var listItems: [ContentHash] = []
        for list in kitchen.lists {
            let index = jobOfList[list.id]!
            if !isChanged(index), recorded[index]?.digest != nil, recorded[index]?.text != nil {
                memoIsRecorded[index] = true
                listItems.append(recorded[index]!.digest!)
            } else {
                if list.kind == .shopping, builder.plans[list.id] == nil { try builder.makePlans(for: [list]) }
                let count = builder.countText(list)
                let digest = JobFingerprints.listDigest(list, count: count)
                memo[index] = JobRecords.Record(
                    fingerprint: planned[index].fingerprint ?? ContentHash(high: 0, low: 0), outputs: [],
                    digest: digest, text: count
                )
                listItems.append(digest)
            }
        }
        // Every recipe's summary is in its record now (kept or made above).
        builder.summaryRecords = SummaryRecords(made: memo, recorded: recorded, first: firstRecipeJob)
        // Aggregate pages by what they show, on all cores (at 50,000
        // recipes they hash some 300,000 items). The sitemap names the
        // public pages: recipes by id, public lists, categories and tags by
        // slug, all made from what the digests hold (ids, a list's
        // visibility, a recipe's category and tags), and the base address,
        // in the global part.
        // Constants, for the tasks to share.
        let allItems = recipeItems + listItems, recipeDigests = recipeItems
        let categories = recipeCategories, tags = recipeTags
        let aggregates = Array(0..<(2 + categories.count + tags.count)).concurrentMap { task -> ContentHash in
            switch task {
            case 0: return fingerprints.aggregate("aggregate", [kitchen.currentList?.id ?? ""], items: allItems)
            case 1: return fingerprints.aggregate("sitemap", [], items: allItems)
            default:
                let (kind, taxon) = task - 2 < categories.count
                    ? ("category", categories[task - 2]) : ("tag", tags[task - 2 - categories.count])
                // One per recipe, in the kitchen's order.
                return fingerprints.aggregate(kind, [taxon.name, taxon.slug], items: taxon.recipes.map { recipeDigests[$0] })
            }
        }
        var categoryPrints: [String: ContentHash] = [:], tagPrints: [String: ContentHash] = [:]
        for (offset, taxon) in categories.enumerated() { categoryPrints[taxon.slug] = aggregates[2 + offset] }
        for (offset, taxon) in tags.enumerated() { tagPrints[taxon.slug] = aggregates[2 + categories.count + offset] }
        for (index, job) in jobs.enumerated() {
            switch job {
            case .index, .search, .categories, .tags, .favorites: planned[index].fingerprint = aggregates[0]
            case .sitemap: planned[index].fingerprint = aggregates[1]
            case .category(let slug): planned[index].fingerprint = categoryPrints[slug]
            case .tag(let slug): planned[index].fingerprint = tagPrints[slug]
            default: break
            }
        }
        var plan = RebuildPlan(recorded: recorded, jobs: planned)
        plan = plan.rendering(try carryOver(plan.keep, into: sink))
        let rendering = Set(plan.render.map { planned[$0].key })
        try builder.makePlans(for: shopping.filter { list in
            builder.plans[list.id] == nil && (
                rendering.contains("index") || rendering.contains("favorites")
                    || rendering.contains(PageJob.list(list.id).key) || rendering.contains(PageJob.printSheet(list.id).key)
            )
        })
        let outputs = try builder.renderPages(plan.render.map { jobs[$0] }, into: { try sink.add($0) })
        // Last, as it names the version of what it caches (rendered or
        // kept). The files of `offlinePaths` carried over are those of the
        // jobs that make them (`makesOfflineFiles`) kept, so the sink need
        // not look them up among every kept file.
        var keptOffline = Set<String>()
        for kept in plan.keep where Self.makesOfflineFiles(jobs[kept.job]) {
            keptOffline.formUnion(kept.outputs)
        }
        do throws(SiteWriteError) {
            try sink.add(ServiceWorker.file(paths: offlinePaths) { path in
                sink.contentHash(of: path, kept: keptOffline.contains(path))
            })
        } catch {
            throw SiteBuildError(path: nil, reason: "\(error)")
        }
        // The records for the next build, as those that differ from the
        // previous build's (by position: no table of every job), and the
        // previous jobs this build has not.
        var madeBy = [[String]](repeating: [], count: jobs.count)
        for (position, index) in plan.render.enumerated() { madeBy[index] = outputs[position] }
        for kept in plan.keep { madeBy[kept.job] = kept.outputs }
        var changes: [String: JobRecords.Record?] = [:]
        var recordedBefore = 0
        func hasRecord(_ index: Int) -> Bool {
            if case .assets = jobs[index] { return false }
            return planned[index].fingerprint != nil
        }
        // A job carried over whose record is its previous one as it was
        // (its fingerprint unchanged, its files those recorded): no
        // change, without making and comparing the record (some 55,000
        // recipe and list jobs at 50,000 recipes).
        var carriedOver = [Bool](repeating: false, count: jobs.count)
        for kept in plan.keep { carriedOver[kept.job] = true }
        for index in jobs.indices where hasRecord(index) {
            if carriedOver[index], memoIsRecorded[index] {
                recordedBefore += 1
                continue
            }
            var record = (memoIsRecorded[index] ? recorded[index] : memo[index])
                ?? JobRecords.Record(fingerprint: planned[index].fingerprint!, outputs: [])
            record.fingerprint = planned[index].fingerprint!
            record.outputs = madeBy[index]
            if recorded[index] != nil { recordedBefore += 1 }
            if recorded[index] != record { changes[planned[index].key] = record }
        }
        if recordedBefore < previous.count {
            let current = Set(jobs.indices.lazy.filter(hasRecord).map { planned[$0].key })
            for key in previous.keys where !current.contains(key) { changes.updateValue(nil, forKey: key) }
        }
        sink.record(jobChanges: changes)
        // Some 100,000 allocations between them at 10,000 recipes, freed
        // while the writer commits rather than before it starts.
        BackgroundRelease.drop((builder, fingerprints, memo, planned, recorded, madeBy, recipeItems, listItems, allItems))
    }

    /// Carries over the files of the jobs in `keep` (checked on disk on all
    /// cores, then taken in at once); returns the jobs that could not be (a
    /// file of theirs changed in the site since): they render.
    private func carryOver<Sink: IncrementalSink>(_ keep: [RebuildPlan.Kept], into sink: Sink) throws(SiteBuildError) -> Set<Int> {
        // One task per 512 jobs, not per job.
        let groups = keep.map(\.outputs)
        let vouched = Array(groups.chunked(512).concurrentMap { sink.vouch($0) }.joined())
        let kept: [Bool]
        do throws(SiteWriteError) {
            kept = try sink.take(groups, vouched: vouched, distinct: true)
        } catch {
            throw SiteBuildError(path: nil, reason: "\(error)")
        }
        var failed = Set<Int>()
        for (job, done) in zip(keep, kept) where !done { failed.insert(job.job) }
        return failed
    }
}
