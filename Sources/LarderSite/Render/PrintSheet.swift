import Larder
import LarderCore
import LarderQR
import LarderQuantities
import LarderTemplate

/// The printable shopping sheet of a plan: the title, the date and the
/// sources, then stores in config order ("Any store" last), categories in
/// each store's aisle order, one line with an empty box per thing to buy,
/// estimated totals, what was left out, and a QR code to the list online.
///
/// One sheet, two forms: HTML (`print.mustache` with `print.css`; used by
/// `larder print` and by the site's `lists/<id>/print/` pages) and plain
/// text (`larder print --format text`). Rendering never reads the clock or
/// the disk: the caller gives the date, so the same input gives the same
/// bytes.
public struct PrintSheet: Sendable {
    /// The paper `larder print` sizes its page for (`@page { size }`).
    public enum Paper: String, Sendable, Hashable, CaseIterable {
        case a4, letter

        /// The value of CSS `@page { size }`.
        var cssSize: String {
            switch self {
            case .a4: "A4"
            case .letter: "letter"
            }
        }

        /// Where Letter is the usual paper (the territories glibc's locales
        /// give `LC_PAPER` letter).
        static let letterTerritories: Set<String> = ["US", "CA", "MX", "CL", "CO", "CR", "GT", "NI", "PA", "PH", "PR", "SV", "VE"]

        /// The paper the environment asks for: `PAPERSIZE` (libpaper's
        /// variable: "a4", "letter"), else the territory of the locale
        /// (`LC_ALL`, else `LC_PAPER`, else `LANG`: "en_US.UTF-8" is Letter),
        /// else A4.
        public static func preferred(environment: [String: String]) -> Paper {
            if let size = environment["PAPERSIZE"]?.lowercased(), let paper = Paper(rawValue: size) { return paper }
            let locale = [environment["LC_ALL"], environment["LC_PAPER"], environment["LANG"]]
                .compactMap { $0 }.first { !$0.isEmpty }
            guard let locale else { return .a4 }
            // "en_US.UTF-8@euro" -> "US"
            let name = locale.split(separator: ".").first.map(String.init) ?? locale
            guard let underscore = name.firstIndex(of: "_") else { return .a4 }
            let territory = name[name.index(after: underscore)...].prefix { $0 != "@" }
            return letterTerritories.contains(territory.uppercased()) ? .letter : .a4
        }
    }

    /// How the HTML sheet gets its stylesheet.
    public enum Stylesheet: Sendable, Hashable {
        /// Copied into the page, so one file opens and prints anywhere; the
        /// page is sized for `paper`.
        case embedded(paper: Paper)
        /// Linked (the site's pages, which keep to a strict
        /// Content-Security-Policy); the printer's paper is used.
        case linked(href: String)
    }

    public var plan: ShoppingPlan
    public var kitchen: Kitchen
    /// The list's title, or the titles of several lists joined with " + ".
    public var title: String
    /// `YYYY-MM-DD`, shown as is (ISO 8601 reads the same in every
    /// language); nil shows no date.
    public var date: String?
    /// The list's page, for the QR code; nil draws none.
    public var onlineURL: String?

    public init(plan: ShoppingPlan, kitchen: Kitchen, date: String? = nil, onlineURL: String? = nil) {
        self.plan = plan
        self.kitchen = kitchen
        self.date = date
        self.onlineURL = onlineURL
        let lists = plan.sources.filter { $0.kind == .list }.map(\.title)
        title = lists.isEmpty ? "Shopping list" : lists.joined(separator: " + ")
    }

    /// The absolute address of a list's page when the site has a `baseURL`;
    /// nil without one, and for an unlisted list when the secret that makes
    /// its address is not at hand.
    public static func onlineURL(of list: ShoppingList, kitchen: Kitchen, unlisted: UnlistedLinks?) -> String? {
        guard let baseURL = kitchen.config.baseURL, list.visibility == .public || unlisted != nil else { return nil }
        return baseURL + SiteBuilder.listFolder(list, unlisted: unlisted)
    }

    // MARK: HTML

    /// The sheet as a complete HTML document.
    ///
    /// - Parameters:
    ///   - backHref: a "Back to the list" link (shown on screen only).
    ///   - noindex: keep search engines away (unlisted lists).
    public func html(
        theme: Theme, stylesheet: Stylesheet, backHref: String? = nil, noindex: Bool = false
    ) throws(ThemeError) -> String {
        String(decoding: try htmlBytes(theme: theme, stylesheet: stylesheet, backHref: backHref, noindex: noindex), as: UTF8.self)
    }

    /// The same, as UTF-8 bytes (the site's pages).
    func htmlBytes(
        theme: Theme, stylesheet: Stylesheet, backHref: String? = nil, noindex: Bool = false
    ) throws(ThemeError) -> [UInt8] {
        var style: String?
        var pageSize: String?
        var cssHref: String?
        switch stylesheet {
        case .embedded(let paper):
            guard let bytes = theme.assets["print.css"] else {
                throw ThemeError(template: "print.css", reason: "does not exist")
            }
            // Nothing in a stylesheet may close the <style> element early.
            style = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
            pageSize = paper.cssSize
        case .linked(let href):
            cssHref = href
        }
        let named = plan.stores.contains { $0.store != nil }
        let body = PrintBody(
            language: kitchen.config.language,
            title: title,
            generator: "Larder \(LarderVersion.current)",
            noindex: noindex,
            styleHTML: style,
            pageSize: pageSize,
            cssHref: cssHref,
            backHref: backHref,
            date: date,
            countText: countText,
            totalText: plan.total.map(money),
            sourcesText: sourcesText,
            qrSVGHTML: onlineURL.flatMap { QRCode.svg(for: $0, size: 96, label: "QR code: \(title) online") },
            onlineText: onlineURL.map(Self.withoutScheme),
            stores: plan.stores.map { section in
                PrintStore(
                    name: Share.storeName(section, in: plan),
                    addressText: section.store?.address,
                    storeTotalText: section.total.map(money),
                    categories: section.categories.map { category in
                        PrintCategory(
                            name: category.category.name,
                            headingLevel: named ? 3 : 2,
                            lines: category.lines.map(line)
                        )
                    }
                )
            },
            emptyText: plan.lineCount == 0 ? "Nothing to buy." : nil,
            leftOutText: leftOutText,
            hasFoot: leftOutText != nil || onlineURL != nil
        )
        return try theme.render("print", body)
    }

    private func line(_ line: PlanLine) -> PrintLine {
        PrintLine(
            name: line.name,
            amountText: amountText(line),
            checked: line.checked,
            high: line.priority == .high,
            low: line.priority == .low,
            notesText: notesText(line),
            fromText: fromText(line),
            priceText: line.total.map(money)
        )
    }

    // MARK: Text

    /// The sheet as plain text: no Markdown, no trailing spaces, `[ ]` boxes
    /// that any printer's font has, one final line break.
    public func text() -> String {
        var lines = [title]
        let facts = [date, countText, plan.total.map { "about \(money($0))" }].compactMap { $0 }
        lines.append(facts.joined(separator: " · "))
        if let sourcesText { lines.append("From: \(sourcesText)") }
        if let onlineURL { lines.append("Online: \(onlineURL)") }
        for section in plan.stores {
            if let name = Share.storeName(section, in: plan) {
                lines += ["", ([name.uppercased()] + [section.total.map { "about \(money($0))" }].compactMap { $0 })
                    .joined(separator: " · ")]
                if let address = section.store?.address { lines.append(address) }
            }
            for category in section.categories {
                lines += ["", category.category.name]
                lines += category.lines.map(textLine)
            }
        }
        if plan.lineCount == 0 { lines += ["", "Nothing to buy."] }
        if let leftOutText { lines += ["", leftOutText] }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    /// "[ ] ! lemons — 3, for the pancakes (Weekly groceries, Pancakes ×8) · 1.20 EUR"
    private func textLine(_ line: PlanLine) -> String {
        var text = (line.checked ? "[x] " : "[ ] ") + (line.priority == .high ? "! " : "") + line.name
        if let amount = amountText(line) { text += " — \(amount)" }
        if line.priority == .low { text += ", low priority" }
        if let notes = notesText(line) { text += ", \(notes)" }
        if let from = fromText(line) { text += " (\(from))" }
        if let total = line.total { text += " · \(money(total))" }
        return text
    }

    // MARK: Parts shared by both forms

    /// "27 items"
    var countText: String {
        let count = plan.lineCount
        return count == 1 ? "1 item" : "\(count) items"
    }

    /// "Weekly groceries, Pancakes ×8"; nil when the sheet is one list alone
    /// (its title says it).
    var sourcesText: String? {
        if plan.sources.count == 1, plan.sources[0].kind == .list { return nil }
        return plan.sources.isEmpty ? nil : plan.sources.map(\.label).joined(separator: ", ")
    }

    /// "450 g", "2 cans + 400 g", in the config's `units`; nil when no
    /// source gave a quantity.
    func amountText(_ line: PlanLine) -> String? {
        line.amountText(in: kitchen.config.units)
    }

    /// The notes, then what is ticked already ("250 g ticked").
    func notesText(_ line: PlanLine) -> String? {
        let notes = line.noteTexts(in: kitchen.config.units)
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// Where a line came from ("Weekly groceries, Pancakes ×8"), each source
    /// once; nil for a line that only the sheet's one list asked for, which
    /// would repeat its title on most lines. A count rounded up to whole
    /// things names each source's exact figure ("Chili: 1, Limeade ×10: 3 ⅓").
    func fromText(_ line: PlanLine) -> String? {
        if line.isRoundedUp {
            return line.provenance.map { provenance in
                [provenance.source.label, provenance.amount?.text(in: kitchen.config.units)].compactMap { $0 }
                    .joined(separator: ": ")
            }.joined(separator: ", ")
        }
        var labels: [String] = []
        for provenance in line.provenance where !labels.contains(provenance.source.label) {
            labels.append(provenance.source.label)
        }
        let lists = plan.sources.filter { $0.kind == .list }
        if lists.count == 1, line.provenance.allSatisfy({ $0.source == lists[0] }) { return nil }
        return labels.isEmpty ? nil : labels.joined(separator: ", ")
    }

    /// "Left out: salt, black pepper (pantry) · flour (in stock) · 3 ticked off"
    var leftOutText: String? {
        let pantry = plan.leftOut.filter(\.pantry).map(\.name)
        let inStock = plan.leftOut.filter { $0.inStock && !$0.pantry }.map(\.name)
        let ticked = plan.leftOut.count { !$0.pantry && !$0.inStock }
        var parts: [String] = []
        if !pantry.isEmpty { parts.append("\(pantry.joined(separator: ", ")) (pantry)") }
        if !inStock.isEmpty { parts.append("\(inStock.joined(separator: ", ")) (in stock)") }
        if ticked > 0 { parts.append("\(ticked) ticked off") }
        return parts.isEmpty ? nil : "Left out: " + parts.joined(separator: " · ")
    }

    func money(_ amount: Rational) -> String {
        QuantityDisplay.money(amount, currency: kitchen.config.currency)
    }

    /// "https://example.org/k/lists/weekly/" -> "example.org/k/lists/weekly/"
    static func withoutScheme(_ url: String) -> String {
        guard let range = url.range(of: "://") else { return url }
        return String(url[range.upperBound...])
    }
}

// MARK: The template's values (print.mustache)

struct PrintBody: Sendable, TemplateValueConvertible {
    var language: String
    var title: String
    var generator: String
    var noindex: Bool
    /// The built-in or overridden print.css, for a standalone file.
    var styleHTML: String?
    /// "A4" or "letter", with `styleHTML`.
    var pageSize: String?
    /// The linked stylesheet, on site pages.
    var cssHref: String?
    var backHref: String?
    /// `YYYY-MM-DD`
    var date: String?
    var countText: String
    var totalText: String?
    var sourcesText: String?
    /// Inline SVG from ``QRCode``.
    var qrSVGHTML: String?
    var onlineText: String?
    var stores: [PrintStore]
    var emptyText: String?
    var leftOutText: String?
    var hasFoot: Bool

    var templateValue: TemplateValue {
        .object([
            .init("language", language),
            .init("title", title),
            .init("generator", generator),
            .init("noindex", noindex),
            .init("styleHTML", styleHTML),
            .init("pageSize", pageSize),
            .init("cssHref", cssHref),
            .init("backHref", backHref),
            .init("date", date),
            .init("countText", countText),
            .init("totalText", totalText),
            .init("sourcesText", sourcesText),
            .init("qrSVGHTML", qrSVGHTML),
            .init("onlineText", onlineText),
            .init("stores", stores),
            .init("emptyText", emptyText),
            .init("leftOutText", leftOutText),
            .init("hasFoot", hasFoot),
        ])
    }
}

// A field that is nil lets Mustache look it up in the enclosing contexts:
// names differ from the outer ones' (the store's total is not the sheet's).
struct PrintStore: Sendable, TemplateValueConvertible {
    var name: String?
    var addressText: String?
    var storeTotalText: String?
    var categories: [PrintCategory]

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("addressText", addressText),
            .init("storeTotalText", storeTotalText),
            .init("categories", categories),
        ])
    }
}

struct PrintCategory: Sendable, TemplateValueConvertible {
    var name: String
    /// 3 under store headings, else 2.
    var headingLevel: Int
    var lines: [PrintLine]

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("headingLevel", headingLevel),
            .init("lines", lines),
        ])
    }
}

struct PrintLine: Sendable, TemplateValueConvertible {
    var name: String
    var amountText: String?
    var checked: Bool
    var high: Bool
    var low: Bool
    var notesText: String?
    var fromText: String?
    var priceText: String?

    var templateValue: TemplateValue {
        .object([
            .init("name", name),
            .init("amountText", amountText),
            .init("checked", checked),
            .init("high", high),
            .init("low", low),
            .init("notesText", notesText),
            .init("fromText", fromText),
            .init("priceText", priceText),
        ])
    }
}
