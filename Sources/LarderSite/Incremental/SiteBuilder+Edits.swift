import Larder

/// Why a rebuild of edited recipes' pages cannot stand for the whole
/// rebuild (`SiteBuilder.renderEdits`): the build then loads the folder
/// whole and renders what changed, as usual.
struct EditsFallback: Error, Sendable {
    var reason: String
}

extension SiteBuilder {
    /// The pages of the edited recipes `ids` into the writer's sink, and
    /// every other file of the previous site carried over as it is: what
    /// the whole rebuild makes when the edits change nothing the other
    /// pages show. The builder's kitchen is the edits' (`RecipeEdits`: the
    /// recipes, those they name, the config), its category and tag folder
    /// names the folder's.
    ///
    /// Throws `EditsFallback` when that cannot be vouched for: no records
    /// of the previous build, a recipe whose card, category or tag pages
    /// or search entry would change (its `recipeDigest` or summary differs
    /// from its record's), a page that makes other files than last time, or
    /// a file of the site changed since (it must be made again). Returns how
    /// many pages it rendered.
    func renderEdits(
        _ ids: [String], into sink: SiteSink, inputs: InputSnapshot, images: [String: Stamp]
    ) throws -> Int {
        guard sink.hasPreviousJobs else { throw EditsFallback(reason: "the previous build left no page records") }
        let fingerprints = JobFingerprints(snapshot: inputs, kitchen: kitchen)
        var jobs: [PageJob] = []
        var changes: [String: JobRecords.Record?] = [:]
        var outputs: [[String]] = []
        for id in ids {
            let key = PageJob.recipe(id).key
            guard let position = kitchen.recipePosition(id), let record = sink.previousJob(key),
                  let fingerprint = fingerprints.recipe(at: position, id: id)
            else { throw EditsFallback(reason: "no record of the page of \(id)") }
            // Its page is as it was (a file saved again as it was).
            guard fingerprint != record.fingerprint else { continue }
            let recipe = kitchen.recipes[position]
            let text = summary(recipe.description)
            let digest = JobFingerprints.recipeDigest(recipe, summary: text)
            guard record.digest == digest, record.text == text else {
                throw EditsFallback(reason: "what the other pages show of \(id) changed")
            }
            jobs.append(.recipe(id))
            outputs.append(record.outputs)
            changes[key] = JobRecords.Record(fingerprint: fingerprint, outputs: record.outputs, digest: digest, text: text)
        }
        guard try sink.keepRest(except: Set(outputs.joined()), images: images) else {
            throw EditsFallback(reason: "a file of the site changed since the last build")
        }
        guard try renderPages(jobs, into: { try sink.add($0) }) == outputs else {
            throw EditsFallback(reason: "a page makes other files than last time")
        }
        sink.record(jobChanges: changes)
        return jobs.count
    }
}
