import Larder
import LarderCore

/// A list or a recipe as a share: what `larder share` prints and what the
/// site writes to `lists/<id>.txt` and `recipes/<id>.txt`, made once from the
/// data and written as plain text for chat apps, a Markdown task list for
/// notes apps, or JSON for scripts (``render(_:ascii:)``).
public struct Share: Sendable, Hashable {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    public var title: String
    /// The lines under the title: "By Ana", "12 items, 4 left", "With
    /// Pancakes ×8".
    public var lead: [String]
    public var sections: [Section]
    /// The list's address on the site, said last ("https://…/lists/weekly/"):
    /// set for a list when larder.json has a `baseURL` (an unlisted list's
    /// is its secret address: sharing the list is sharing it).
    public var link: String?
    /// What the share was made from, for ``json``.
    var source: Source

    enum Source: Sendable, Hashable {
        case plan(ShoppingPlan, system: UnitSystem?)
        case list(ShoppingList)
        /// Nothing more than the text says.
        case text
    }

    /// A part of the share, after a blank line.
    public struct Section: Sendable, Hashable {
        public enum Level: Sendable, Hashable {
            /// A store: in capitals in text, `##` in Markdown.
            case store
            /// A part of a recipe ("Ingredients", "Directions"): `##`.
            case part
            /// An aisle, a list's heading, a group of ingredients or steps: `###`.
            case group
        }

        public var heading: String?
        public var level: Level
        /// Before the heading, in the text without `ascii` ("🥦 Produce").
        public var emoji: String?
        public var entries: [Entry]

        public init(heading: String?, level: Level = .group, emoji: String? = nil, entries: [Entry]) {
            self.heading = heading
            self.level = level
            self.emoji = emoji
            self.entries = entries
        }
    }

    public enum Entry: Sendable, Hashable {
        /// A list's item or a shopping line: "☐ 2 avocados (ripe)".
        case item(Item)
        /// "• 2 eggs"
        case bullet(String)
        /// "3. Fold in the flour."
        case step(Int, String)
        /// Prose, as it is.
        case line(String)
    }

    public struct Item: Sendable, Hashable {
        public var checked: Bool
        /// "450 g + 2 cups", as the list's page shows it.
        public var amount: String?
        public var name: String
        /// Said after the name, in parentheses, joined with "; ".
        public var notes: [String]
    }

    /// The share written in `format`; `ascii` (text only): `[ ]`/`[x]`
    /// instead of ☐/☑, plain fractions, no emoji.
    public func render(_ format: Format, ascii: Bool = false) -> String {
        switch format {
        case .text: text(ascii: ascii)
        case .markdown: markdown()
        case .json: json.text(layout: .readable, escaping: .terminal) + "\n"
        }
    }
}
