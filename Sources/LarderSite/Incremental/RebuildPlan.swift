/// What a rebuild does with each page job, decided from the previous
/// build's records (`JobRecords`) and this build's fingerprints
/// (`JobFingerprints`) alone: no disk, no rendering, so that every case is
/// a unit test.
///
/// A job renders when it has no fingerprint (an input without a stamp), when
/// the previous build did not record it, or when its fingerprint differs;
/// otherwise its recorded files are carried over. Carrying over can still
/// fail on disk (a file of the site edited by hand since, or gone): the
/// jobs it fails for render after all (`rendering(_:)`). Which files of
/// the previous site go is not planned here: a job that renders may make
/// other files than last time, so the writer removes whatever no job of
/// this build made, against the state's list of files.
struct RebuildPlan: Sendable, Hashable {
    /// The jobs to render, as indices into the jobs given, in their order.
    var render: [Int]
    /// The jobs carried over, in their order, each with the files it made.
    var keep: [Kept]

    struct Kept: Sendable, Hashable {
        var job: Int
        var outputs: [String]
    }

    /// One job of this build: its key in the records and its fingerprint,
    /// nil when it cannot be vouched for.
    struct Job: Sendable, Hashable {
        var key: String
        var fingerprint: ContentHash?
    }

    init(render: [Int], keep: [Kept]) {
        self.render = render
        self.keep = keep
    }

    init(previous: [String: JobRecords.Record], jobs: [Job]) {
        self.init(recorded: jobs.map { previous[$0.key] }, jobs: jobs)
    }

    /// The same, with each job's previous record (`recorded[i]` for
    /// `jobs[i]`, nil for none) looked up once by the caller.
    init(recorded: [JobRecords.Record?], jobs: [Job]) {
        render = []
        keep = []
        for (index, job) in jobs.enumerated() {
            if Self.isUnchanged(job, recordedFingerprint: recorded[index]?.fingerprint),
               let outputs = recorded[index]?.outputs {
                keep.append(Kept(job: index, outputs: outputs))
            } else {
                render.append(index)
            }
        }
    }

    /// Whether `job` is unchanged since the previous build, whose record of
    /// it has `recordedFingerprint` (nil: no record): it has a fingerprint,
    /// and it is the one recorded. Asked with the fingerprint alone, so that
    /// a caller going over every job copies no record.
    static func isUnchanged(_ job: Job, recordedFingerprint: ContentHash?) -> Bool {
        guard let fingerprint = job.fingerprint else { return false }
        return recordedFingerprint == fingerprint
    }

    /// The plan once carrying over failed for the kept jobs in `failed`:
    /// they render, in the jobs' order with the others.
    func rendering(_ failed: Set<Int>) -> RebuildPlan {
        guard !failed.isEmpty else { return self }
        return RebuildPlan(
            render: (render + failed.filter { index in keep.contains { $0.job == index } }).sorted(),
            keep: keep.filter { !failed.contains($0.job) }
        )
    }
}
