import Larder
import LarderCore
import LarderQuantities
import LarderTemplate

/// The lists' history as list pages show it: the last changes ("Ana added
/// oat milk · 2 days ago") and what is usually on the list. Relative dates
/// are counted from `reference` (SOURCE_DATE_EPOCH, else HEAD's commit
/// time), never from the clock, so a build is the same bytes each time;
/// larder.js counts them again from the reader's clock.
struct SiteHistory: Sendable {
    var folder: FolderHistory
    var settings: HistorySettings
    var reference: Int64
    /// Where it came from, for `LARDER_TIMINGS`.
    var source = ""

    /// The reference time: SOURCE_DATE_EPOCH when set, else HEAD's time.
    static func reference(_ folder: FolderHistory, environment: [String: String]) -> Int64 {
        environment["SOURCE_DATE_EPOCH"].flatMap { Int64($0) } ?? folder.headTime
    }

    /// What `list`'s page shows; nil when there is nothing to show.
    func view(for list: ShoppingList) -> ListHistoryView? {
        guard let versions = folder.lists[list.path] else { return nil }
        let changes = versions.lazy.compactMap { version in
            version.summary.map { summary in
                HistoryLine(
                    author: version.author, text: summary, datetime: HistoryDate.iso(version.time),
                    dateText: HistoryDate.local(version.time, zone: version.zone),
                    relativeText: HistoryDate.relative(version.time, to: reference)
                )
            }
        }.prefix(settings.changes)
        let suggestions = ListSuggestion.suggestions(for: list, versions: versions, settings: settings).map { suggestion in
            SuggestionView(id: "suggestion-" + SiteBuilder.slug(suggestion.name), name: suggestion.name,
                           countText: "\(suggestion.count) of the last \(suggestion.of) versions")
        }
        guard !changes.isEmpty || !suggestions.isEmpty else { return nil }
        return ListHistoryView(changes: Array(changes), suggestions: suggestions)
    }
}

/// The history part of a list page (`{{#history}}` in list.mustache).
struct ListHistoryView: Sendable, Hashable, TemplateValueConvertible {
    var changes: [HistoryLine]
    var suggestions: [SuggestionView]

    var templateValue: TemplateValue {
        .object([.init("changes", changes), .init("suggestions", suggestions)])
    }

    /// What the page shows of it, for the page's fingerprint: the page is
    /// made again when this changes, and only then.
    var digest: ContentHash {
        var builder = ContentHash.Builder()
        builder.add("list history 1")
        builder.add(UInt64(changes.count))
        for line in changes {
            for text in [line.author, line.text, line.datetime, line.dateText, line.relativeText] { builder.add(text) }
        }
        builder.add(UInt64(suggestions.count))
        for suggestion in suggestions {
            for text in [suggestion.id, suggestion.name, suggestion.countText] { builder.add(text) }
        }
        return builder.hash
    }
}

/// "Ana added oat milk · 2 days ago".
struct HistoryLine: Sendable, Hashable, TemplateValueConvertible {
    var author: String
    var text: String
    /// `<time datetime>`: UTC, ISO 8601.
    var datetime: String
    /// The date as the author's clock showed it, for the tooltip.
    var dateText: String
    /// "2 days ago", from the build's reference time.
    var relativeText: String

    var templateValue: TemplateValue {
        .object([
            .init("author", author), .init("text", text), .init("datetime", datetime),
            .init("dateText", dateText), .init("relativeText", relativeText),
        ])
    }
}

/// "milk (9 of the last 10 versions)", a button that adds it to the
/// reader's own view of the list.
struct SuggestionView: Sendable, Hashable, TemplateValueConvertible {
    var id: String
    var name: String
    var countText: String

    var templateValue: TemplateValue {
        .object([.init("id", id), .init("name", name), .init("countText", countText)])
    }
}

extension SiteBuilder {
    /// A list page's fingerprint: its inputs (`JobFingerprints.list`) and
    /// what it shows of the list's history, which is not in any data file.
    /// `base`: the list's `JobFingerprints.list`, which its print sheet's
    /// fingerprint is.
    func listFingerprint(_ list: ShoppingList, base: ContentHash?) -> ContentHash? {
        guard let base else { return nil }
        guard let view = history?.view(for: list) else { return base }
        var builder = ContentHash.Builder()
        builder.add(base)
        builder.add(view.digest)
        return builder.hash
    }
}
