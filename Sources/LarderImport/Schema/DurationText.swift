import Foundation

/// Reading a duration as pages write it: ISO 8601 (`PT1H30M`, `P0DT0H45M`,
/// `PT0.5H`) as schema.org asks, or the human forms sites put there instead
/// (`1 hr 30 mins`, `45 minutes`, `1h30`, `90`).
enum DurationText {
    /// The duration in whole minutes (rounded), or nil when `text` is not
    /// a duration.
    static func minutes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.first == "P" || trimmed.first == "p" { return iso8601(trimmed) }
        return human(trimmed)
    }

    private static func iso8601(_ text: String) -> Int? {
        var seconds = 0.0
        var number = ""
        var inTime = false
        var any = false
        for character in text.uppercased().dropFirst() {
            if character.isNumber || character == "." || character == "," {
                number.append(character == "," ? "." : character)
                continue
            }
            if character == "T" {
                inTime = true
                continue
            }
            guard let value = Double(number) else { return nil }
            number = ""
            any = true
            switch (character, inTime) {
            case ("Y", false): seconds += value * 365 * 86400
            case ("M", false): seconds += value * 30 * 86400
            case ("W", false): seconds += value * 7 * 86400
            case ("D", _): seconds += value * 86400  // "PT0D4H45M" is seen
            case ("H", true): seconds += value * 3600
            case ("M", true): seconds += value * 60
            case ("S", true): seconds += value
            default: return nil
            }
        }
        guard any, number.isEmpty else { return nil }
        return Int((seconds / 60).rounded())
    }

    /// Number-and-unit pairs: days, hours, minutes, seconds in the words of a
    /// few languages; a bare number is minutes; `1:30` is hours and minutes.
    private static func human(_ text: String) -> Int? {
        let lower = text.lowercased()
        let scalars = Array(lower)
        if let colon = lower.firstIndex(of: ":"),
           let hours = Int(lower[..<colon].trimmingCharacters(in: .whitespaces)),
           let mins = Int(lower[lower.index(after: colon)...].prefix(2)) {
            return hours * 60 + mins
        }
        var total = 0.0
        var found = false
        var i = 0
        var lastUnit = 0.0
        while i < scalars.count {
            guard scalars[i].isNumber else {
                i += 1
                continue
            }
            var number = ""
            while i < scalars.count, scalars[i].isNumber || scalars[i] == "." || scalars[i] == "," {
                number.append(scalars[i] == "," ? "." : scalars[i])
                i += 1
            }
            while i < scalars.count, scalars[i] == " " { i += 1 }
            // A range ("10-15 minutes", "2 to 3 hours") counts its larger
            // end, as the yield's number does: the low end is skipped.
            if let next = rangeEnd(scalars, from: i) {
                i = next
                continue
            }
            var word = ""
            while i < scalars.count, scalars[i].isLetter {
                word.append(scalars[i])
                i += 1
            }
            guard let value = Double(number) else { continue }
            let unit = unitMinutes(word) ?? (lastUnit == 60 ? 1 : (word.isEmpty ? 1 : nil))
            guard let unit else { continue }
            total += value * unit
            lastUnit = unit
            found = true
        }
        return found ? Int(total.rounded()) : nil
    }

    /// Where the number after a range's separator starts, when a separator
    /// (`-`, `–`, `to`) at `start` is followed by one.
    private static func rangeEnd(_ scalars: [Character], from start: Int) -> Int? {
        var i = start
        if i < scalars.count, "-–—".contains(scalars[i]) {
            i += 1
        } else if i + 1 < scalars.count, scalars[i] == "t", scalars[i + 1] == "o" {
            i += 2
        } else {
            return nil
        }
        while i < scalars.count, scalars[i] == " " { i += 1 }
        return i < scalars.count && scalars[i].isNumber ? i : nil
    }

    private static func unitMinutes(_ word: String) -> Double? {
        if word.isEmpty { return nil }
        let hours = ["h", "hr", "hrs", "hour", "hours", "heure", "heures", "std", "stunde", "stunden", "uur",
                     "time", "timer", "tim", "timmar", "ora", "ore", "hora", "horas", "godz", "hod", "óra", "saat"]
        let minutes = ["m", "min", "mins", "minute", "minutes", "minuten", "minuti", "minuto", "minutos",
                       "minutter", "minuter", "minut", "minuty", "perc", "dakika", "mn"]
        let days = ["d", "day", "days", "jour", "jours", "tag", "tage", "dag", "dage", "dagen"]
        let seconds = ["s", "sec", "secs", "second", "seconds", "sekunden"]
        if hours.contains(word) { return 60 }
        if minutes.contains(word) { return 1 }
        if days.contains(word) { return 1440 }
        if seconds.contains(word) { return 1.0 / 60 }
        if word.hasPrefix("hour") || word.hasPrefix("heure") { return 60 }
        if word.hasPrefix("min") { return 1 }
        return nil
    }
}
