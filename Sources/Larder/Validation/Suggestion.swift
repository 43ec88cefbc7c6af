/// "Did you mean …?" for ids and names.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, when close enough to
    /// be a likely typo.
    public static func closest<S: Sequence<String>>(to word: String, in candidates: S) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            if let distance = distance(from: word, to: candidate), distance < best?.1 ?? Int.max { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The edit distance from `word` to `candidate`, or nil when it is too far
    /// for a likely typo.
    static func distance(from word: String, to candidate: String) -> Int? {
        let limit = max(1, word.count / 3)
        let distance = editDistance(word, candidate, limit: limit)
        return distance <= limit ? distance : nil
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// A hint naming the nearest candidate, or listing a few.
    public static func hint(for word: String, among candidates: [String], plural: String) -> String {
        if let match = closest(to: word, in: candidates) { return "did you mean \"\(match)\"?" }
        if candidates.isEmpty { return "there are no \(plural) defined yet" }
        let shown = candidates.prefix(8).joined(separator: ", ")
        return "known \(plural): \(shown)\(candidates.count > 8 ? ", …" : "")"
    }
}
