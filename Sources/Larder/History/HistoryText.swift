/// Dates of history, written without the locale or the clock: the same
/// commit gives the same text on every machine.
public enum HistoryDate {
    /// "2026-11-24T09:00:00Z", for `<time datetime>` and JSON.
    public static func iso(_ time: Int64) -> String {
        let (date, clock) = parts(time)
        return "\(date)T\(clock):\(two(Int(((time % 60) + 60) % 60)))Z"
    }

    /// "2026-11-24 10:00 +0100": the time as the author's clock showed it.
    public static func local(_ time: Int64, zone: String) -> String {
        let (date, clock) = parts(time + offset(zone))
        return "\(date) \(clock) \(zone)"
    }

    /// "+0130" → 5400 seconds; anything else → 0.
    static func offset(_ zone: String) -> Int64 {
        let scalars = Array(zone.utf8)
        guard scalars.count == 5, scalars[0] == UInt8(ascii: "+") || scalars[0] == UInt8(ascii: "-"),
              let hours = Int64(String(decoding: scalars[1...2], as: UTF8.self)),
              let minutes = Int64(String(decoding: scalars[3...4], as: UTF8.self)) else { return 0 }
        return (scalars[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// ("2026-11-24", "09:00") in UTC.
    private static func parts(_ time: Int64) -> (String, String) {
        let days = time >= 0 ? time / 86400 : (time - 86399) / 86400
        let seconds = Int(time - days * 86400)
        // Howard Hinnant's days-to-civil.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return ("\(year)-\(two(Int(month)))-\(two(Int(day)))", "\(two(seconds / 3600)):\(two(seconds % 3600 / 60))")
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// "2 days ago": how long before `reference` `time` was. Fixed steps
    /// (larder.js's `relativeTime` repeats them for the reader's clock):
    /// under a minute "just now", then minutes, hours, "yesterday" (24 to
    /// 48 hours), days to 30, months of 30 days to 365 days, then years.
    public static func relative(_ time: Int64, to reference: Int64) -> String {
        let seconds = max(reference - time, 0)
        func ago(_ count: Int64, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return ago(seconds / 60, "minute")
        case ..<86400: return ago(seconds / 3600, "hour")
        case ..<(2 * 86400): return "yesterday"
        case ..<(30 * 86400): return ago(seconds / 86400, "day")
        case ..<(365 * 86400): return ago(seconds / (30 * 86400), "month")
        default: return ago(seconds / (365 * 86400), "year")
        }
    }
}

extension ListVersion {
    /// What the commit did to the list in a few words, after the author's
    /// name: "added oat milk and eggs, ticked bread"; nil when it changed no
    /// item (only the title, say) and was not a rename.
    public var summary: String? {
        var parts: [String] = []
        func names(_ kind: ItemChange.Kind, _ describe: (ItemChange) -> String = { $0.name }) -> String? {
            let matching = changes.filter { $0.kind == kind }.map(describe)
            guard !matching.isEmpty else { return nil }
            let shown = matching.count > 4 ? Array(matching.prefix(3)) + ["\(matching.count - 3) more"] : matching
            return shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        }
        if let added = names(.added) { parts.append("added " + added) }
        if let removed = names(.removed) { parts.append("removed " + removed) }
        if let ticked = names(.ticked) { parts.append("ticked " + ticked) }
        if let unticked = names(.unticked) { parts.append("unticked " + unticked) }
        if let changed = names(.amountChanged, { "\($0.name) to \($0.to ?? "no amount")" }) { parts.append("changed " + changed) }
        if renamedFrom != nil { parts.append("renamed the list file") }
        guard !parts.isEmpty else { return nil }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
