import Foundation
import Testing

@testable import LarderSite

/// The rebuild plan: what renders and what is carried over, from the
/// previous records and this build's fingerprints alone, without a disk.
@Suite struct RebuildPlanTests {
    func hash(_ text: String) -> ContentHash { ContentHash(text) }

    func record(_ fingerprint: String, _ outputs: [String]) -> JobRecords.Record {
        JobRecords.Record(fingerprint: hash(fingerprint), outputs: outputs)
    }

    /// `count` recipe jobs, each with a page and a text, the recipe with
    /// `edited` (if any) given a new fingerprint.
    func recipes(_ count: Int, edited: Int? = nil) -> (previous: [String: JobRecords.Record], jobs: [RebuildPlan.Job]) {
        var previous: [String: JobRecords.Record] = [:]
        var jobs: [RebuildPlan.Job] = []
        for index in 0..<count {
            let key = "recipe r\(index)"
            previous[key] = record("r\(index) v1", ["recipes/r\(index)/index.html", "recipes/r\(index)/recipe.txt"])
            jobs.append(RebuildPlan.Job(key: key, fingerprint: hash(index == edited ? "r\(index) v2" : "r\(index) v1")))
        }
        return (previous, jobs)
    }

    @Test func withoutRecordsEveryJobRenders() {
        let (_, jobs) = recipes(5)
        let plan = RebuildPlan(previous: [:], jobs: jobs)
        #expect(plan == RebuildPlan(render: [0, 1, 2, 3, 4], keep: []))
    }

    @Test(arguments: [10, 1000, 20000])
    func oneEditedRecipeRendersOnlyItsJobWhateverTheSize(count: Int) {
        let (previous, jobs) = recipes(count, edited: count / 2)
        let plan = RebuildPlan(previous: previous, jobs: jobs)
        #expect(plan.render == [count / 2])
        #expect(plan.keep.count == count - 1)
        #expect(plan.keep.first == RebuildPlan.Kept(job: 0, outputs: ["recipes/r0/index.html", "recipes/r0/recipe.txt"]))
        #expect(!plan.keep.contains { $0.job == count / 2 })
    }

    @Test func aJobWithoutAFingerprintOrARecordRenders() {
        var (previous, jobs) = recipes(4)
        // An input without a stamp: never vouched for.
        jobs[1].fingerprint = nil
        // A new page (a recipe added).
        jobs.append(RebuildPlan.Job(key: "recipe new", fingerprint: hash("new")))
        // A page whose record is gone (a recipe deleted): nothing to keep.
        previous["recipe r3"] = nil
        let plan = RebuildPlan(previous: previous, jobs: jobs)
        #expect(plan.render == [1, 3, 4])
        #expect(plan.keep.map(\.job) == [0, 2])
    }

    @Test func aJobWhoseFilesCannotBeCarriedOverRendersInOrder() {
        let (previous, jobs) = recipes(6, edited: 2)
        let plan = RebuildPlan(previous: previous, jobs: jobs).rendering([4, 0])
        #expect(plan.render == [0, 2, 4])
        #expect(plan.keep.map(\.job) == [1, 3, 5])
        // A job that renders anyway is not rendered twice.
        #expect(plan.rendering([2]) == plan)
    }

    @Test func theSameRecordsAndFingerprintsGiveTheSamePlan() {
        let (previous, jobs) = recipes(50, edited: 7)
        #expect(RebuildPlan(previous: previous, jobs: jobs) == RebuildPlan(previous: previous, jobs: jobs))
    }

    // MARK: Carrying over a job's files together

    /// A job's files are carried over all together or not at all: one of
    /// them changed in the site by hand makes the whole job render.
    @Test func aGroupWithOneChangedFileKeepsNothing() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let pages = (0..<6).map { OutputFile(path: "recipes/r\($0)/index.html", text: "r\($0)") }
        _ = try folder.writer().write(pages)
        try Data("edited by hand".utf8).write(to: URL(fileURLWithPath: folder.path("_site/recipes/r3/index.html")))
        let summary = try folder.writer().write { sink in
            let kept = try sink.keep(groups: [
                ["recipes/r0/index.html", "recipes/r1/index.html"],
                ["recipes/r2/index.html", "recipes/r3/index.html"],
                ["recipes/r4/index.html"],
            ])
            #expect(kept == [true, false, true])
            for file in pages[2...3] { try sink.add(file) }
            try sink.add(pages[5])
        }
        #expect(summary.reusedCount == 5)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages))
    }

    /// The previous build's jobs' files are taken without checking their
    /// paths one by one (they differ: that build checked). A page added at
    /// one of their paths, after or before, is still produced twice, and
    /// the site stays as it was.
    @Test func aPageAddedAtACarriedOverPathIsProducedTwice() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let pages = (0..<6).map { OutputFile(path: "recipes/r\($0)/index.html", text: "r\($0)") }
        _ = try folder.writer().write(pages + [OutputFile(path: "sw.js", text: "worker")])
        let before = try folder.tree("_site")
        let groups = [[pages[0].path, pages[1].path], [pages[2].path], [pages[3].path, pages[4].path, pages[5].path]]
        let twice = SiteWriteError(path: pages[4].path, reason: "is produced twice; give the two pages different ids")
        #expect(throws: twice) {
            try folder.writer().write { sink in
                #expect(try sink.take(groups, vouched: sink.vouch(groups), distinct: true) == [true, true, true])
                try sink.add(OutputFile(path: "sw.js", text: "worker"))
                try sink.add(OutputFile(path: pages[4].path, text: "again"))
            }
        }
        #expect(throws: twice) {
            try folder.writer().write { sink in
                try sink.add(OutputFile(path: pages[4].path, text: "again"))
                _ = try sink.take(groups, vouched: sink.vouch(groups), distinct: true)
            }
        }
        #expect(try folder.tree("_site") == before)
        // Without the clash, the same files carried over give the same site.
        let summary = try folder.writer().write { sink in
            _ = try sink.take(groups, vouched: sink.vouch(groups), distinct: true)
            try sink.add(OutputFile(path: "sw.js", text: "worker"))
        }
        #expect(summary.reusedCount == 7)
        #expect(try folder.tree("_site") == before)
    }
}

/// The kept files' paths held apart: looked up through the groups they
/// came in, as a table of every path would answer.
@Suite struct KeptPathsTests {
    @Test func lookUpsAnswerAsATableOfEveryPathWould() {
        var generator = SystemRandomNumberGenerator()
        // Paths of a few lengths, so that many share the length of one asked for.
        let paths = (0..<3000).map { "recipes/r\($0 % 700)-\($0)/index.html" }
        var kept = KeptPaths()
        var start = 0
        while start < 2000 {
            let end = min(2000, start + Int.random(in: 1...4, using: &generator))
            kept.append(distinct: Array(paths[start..<end]))
            start = end
        }
        #expect(kept.count == 2000)
        #expect(Set(kept.all) == Set(paths[..<2000]))
        let held = Set(paths[..<2000])
        for _ in 0..<200 {
            // A few paths, and more than the pass is for (then the table).
            let asked = (0..<Int.random(in: 1...80, using: &generator)).map { _ in paths.randomElement(using: &generator)! }
            var copy = kept
            #expect(copy.firstHeld(of: asked) == asked.first { held.contains($0) })
        }
        #expect(kept.firstHeld(of: [paths[2500], "sw.js"]) == nil)
        #expect(kept.firstHeld(of: []) == nil)
        // One at a time: the table, kept up to date as paths are added.
        #expect(kept.contains(paths[1999]) && !kept.contains(paths[2000]))
        #expect(kept.insert(paths[2000]) && !kept.insert(paths[2000]) && !kept.insert(paths[5]))
        kept.append(distinct: [paths[2001]])
        #expect(kept.contains(paths[2001]) && kept.count == 2002)
        #expect(kept.firstHeld(of: [paths[2999], paths[2001]]) == paths[2001])
    }
}

/// Paths that differ only in case clash whichever comes first, including
/// the paths that are their own folding, which `SitePaths` does not keep
/// twice.
@Suite struct SitePathsCaseTests {
    @Test(arguments: [
        ["images/soup.jpg", "images/Soup.jpg"],
        ["images/Soup.jpg", "images/soup.jpg"],
        ["images/Soup.jpg", "images/SOUP.jpg"],
        ["lists/a.html", "Lists/b.html"],
        ["Lists/b.html", "lists/a.html"],
        ["recipes/Tarte/index.html", "recipes/tarte"],
        ["recipes/crème.html", "recipes/CRÈME.html"],
    ])
    func pathsThatDifferOnlyInCaseClashInEitherOrder(_ paths: [String]) throws {
        var site = SitePaths()
        _ = try site.add(paths[0])
        #expect(throws: SiteWriteError.self) { _ = try site.add(paths[1]) }
    }

    @Test func pathsThatDifferInMoreThanCaseDoNotClash() throws {
        var site = SitePaths()
        for path in ["recipes/tarte/index.html", "recipes/Tartes/index.html", "recipes/tartes-2/index.html", "Recipes.html"] {
            _ = try site.add(path)
        }
    }
}

/// The state file in two sealed parts: the summary the check that nothing
/// changed reads alone, and the body with the files and jobs.
@Suite struct SiteStatePartsTests {
    func state() -> SiteState {
        SiteState(
            inputs: ContentHash("inputs"), images: ["/kitchen/images/a.jpg"], warnings: "w", colouredWarnings: "c",
            output: ContentHash("output"), finished: Timestamp(seconds: 5, nanoseconds: 6),
            files: ["a.html": .init(size: 3, hash: ContentHash("a")), "b/c.html": .init(size: 4, hash: ContentHash("c"))],
            jobs: Self.jobs.encoded()
        )
    }

    static var jobs: JobRecords {
        var jobs = JobRecords()
        jobs.records["recipe:a"] = .init(fingerprint: ContentHash("f"), outputs: ["a.html"], digest: ContentHash("d"), text: "A")
        jobs.records["index"] = .init(fingerprint: ContentHash("g"), outputs: ["b/c.html"], digest: nil, text: nil)
        return jobs
    }

    func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("larder-state-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theSummaryReadsAloneAndRestampingKeepsTheBody() throws {
        var (bytes, offset) = state().encodedStampable()
        SiteState.restamp(&bytes, at: offset, output: ContentHash("after"), finished: Timestamp(seconds: 7, nanoseconds: 8))
        let path = try write(bytes)
        defer { unlink(path) }
        let whole = try #require(SiteState.read(path))
        #expect(whole.output == ContentHash("after"))
        #expect(whole.finished == Timestamp(seconds: 7, nanoseconds: 8))
        #expect(whole.files == state().files)
        // The job records are read into `ReadAhead.jobs`, not kept as bytes.
        #expect(whole.jobs.isEmpty)
        #expect(SiteState.readAhead(path)?.jobs?.records?.records == Self.jobs.records)
        let summary = try #require(SiteState.readSummary(path))
        #expect(summary.inputs == state().inputs && summary.images == state().images && summary.warnings == "w")
        #expect(summary.output == ContentHash("after") && summary.files.isEmpty && summary.jobs.isEmpty)
    }

    @Test func aDamagedSummaryOrACutFileReadsAsNoState() throws {
        let bytes = state().encoded()
        // The magic line, the summary's length, the summary, its checksum.
        let magic = "larder-state 4\n".utf8.count
        let length = bytes[magic..<(magic + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
        let summaryEnd = magic + 8 + length + 16
        for index in 0..<bytes.count {
            var copy = bytes
            copy[index] ^= 0x5A
            let path = try write(copy)
            defer { unlink(path) }
            #expect(SiteState.read(path) == nil, "byte \(index)")
            if index < summaryEnd { #expect(SiteState.readSummary(path) == nil, "byte \(index)") }
        }
        for cut in [1, 16, bytes.count / 2] {
            let path = try write(Array(bytes.dropLast(cut)))
            defer { unlink(path) }
            #expect(SiteState.read(path) == nil && SiteState.readSummary(path) == nil, "cut \(cut)")
        }
    }
}
