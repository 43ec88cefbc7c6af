import Foundation

/// How long each stage of a `SiteBuild` took: wall time and the process's
/// CPU time (user + system, all threads, which a busy machine distorts
/// less), in the order the stages ran, with notes between them. Measured on
/// every run (two clock reads a stage); a front end decides whether to show
/// them (`LARDER_TIMINGS=1`).
public struct StageTimings: Sendable {
    /// One stage: the time since the previous mark.
    public struct Stage: Sendable, Hashable {
        public var name: String
        public var wall: Duration
        public var cpu: Duration
    }

    /// What was measured, in order.
    public enum Entry: Sendable, Hashable {
        case stage(Stage)
        /// A line of its own, without a time ("parse cache: 3 files read").
        case note(String)
        /// A figure measured elsewhere (the writer's share of rendering).
        case figure(String, Duration)
    }

    public private(set) var entries: [Entry] = []
    private let start: ContinuousClock.Instant
    private var lastInstant: ContinuousClock.Instant
    private var lastCPU: Duration

    init() {
        start = .now
        lastInstant = start
        lastCPU = Self.processCPU()
    }

    /// From the start of the run to the last mark.
    public var total: Duration { start.duration(to: lastInstant) }

    /// The wall time of the stage called `name`, zero when it did not run.
    public func wall(of name: String) -> Duration {
        for case .stage(let stage) in entries where stage.name == name { return stage.wall }
        return .zero
    }

    /// Ends the stage `name` now.
    mutating func mark(_ name: String) {
        let now = ContinuousClock.now, cpu = Self.processCPU()
        entries.append(.stage(Stage(name: name, wall: lastInstant.duration(to: now), cpu: cpu - lastCPU)))
        lastInstant = now
        lastCPU = cpu
    }

    mutating func note(_ text: String) {
        entries.append(.note(text))
    }

    mutating func note(_ what: String, _ duration: Duration) {
        entries.append(.figure(what, duration))
    }

    private static func processCPU() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
