import Foundation

/// The order of a recipe's images, best first: the largest (by the sizes
/// the page states, or sizes written in the address such as
/// `-1200x800.jpg` or `?w=1200`), then the recipe's own first image before
/// its others before the page's `og:image`/`twitter:image`, then https, then
/// page order. Icons and logos go last. This is the choice recipe-scrapers
/// makes (its best-image plugin), so an import fetches the picture a person
/// would have saved, not a 225-pixel thumbnail.
struct ImageChoice {
    struct Candidate {
        var url: String
        var width: Int?
        var height: Int?
        /// 3 the recipe's first image, 2 its others, 1 the page's meta tags.
        var priority: Int
    }

    private var candidates: [Candidate] = []

    mutating func add(_ candidate: Candidate) {
        if let index = candidates.firstIndex(where: { $0.url == candidate.url }) {
            candidates[index].width = max(candidates[index].width ?? 0, candidate.width ?? 0).nonZero
            candidates[index].height = max(candidates[index].height ?? 0, candidate.height ?? 0).nonZero
            candidates[index].priority = max(candidates[index].priority, candidate.priority)
        } else {
            candidates.append(candidate)
        }
    }

    /// `other`'s candidates after this one's.
    mutating func merge(_ other: ImageChoice) {
        for candidate in other.candidates { add(candidate) }
    }

    /// The `og:image`, `og:image:url`, `og:image:secure_url` and
    /// `twitter:image` tags of `page`, with the `og:image:width`/`height`
    /// that follow them, resolved against `pageURL`.
    mutating func addMetaImages(of page: HTMLElement, pageURL: String) {
        let names: Set<String> = ["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"]
        var current: Int?
        for meta in page.descendants(where: { $0.name == "meta" }) {
            let property = (meta[attribute: "property"] ?? meta[attribute: "name"] ?? "").lowercased()
            guard let content = meta[attribute: "content"]?.trimmingCharacters(in: .whitespaces), !content.isEmpty else {
                continue
            }
            if names.contains(property), let url = ImageChoice.absolute(content, against: pageURL) {
                add(Candidate(url: url, width: nil, height: nil, priority: 1))
                current = candidates.firstIndex { $0.url == url }
            } else if property == "og:image:width", let current {
                candidates[current].width = ImageChoice.dimension(content)
            } else if property == "og:image:height", let current {
                candidates[current].height = ImageChoice.dimension(content)
            }
        }
    }

    /// The addresses, best first.
    var ordered: [String] {
        candidates.enumerated()
            .sorted { a, b in ImageChoice.score(a.element, order: a.offset) > ImageChoice.score(b.element, order: b.offset) }
            .map(\.element.url)
    }

    private static func score(_ candidate: Candidate, order: Int) -> (Int, Int, Int, Int) {
        guard !isJunk(candidate.url) else { return (-1, 0, 0, -order) }
        let stated = (candidate.width, candidate.height)
        let (width, height) = stated.0 != nil && stated.1 != nil ? stated : sizeInAddress(candidate.url) ?? stated
        let area = switch (width, height) {
        case (let w?, let h?): w * h
        case (let side?, nil), (nil, let side?): side * side
        default: 0
        }
        return (area, candidate.priority, candidate.url.hasPrefix("https://") ? 1 : 0, -order)
    }

    /// `1200x800` in the address, else `w=`/`width=` and `h=`/`height=` in
    /// its query.
    private static func sizeInAddress(_ url: String) -> (Int?, Int?)? {
        if let match = url.firstMatch(of: /(?:^|[^0-9])(\d{3,5})[xX](\d{3,5})(?:[^0-9]|$)/) {
            return (Int(match.1), Int(match.2))
        }
        let width = url.firstMatch(of: /[?&](?i:w|width)=(\d{3,5})/).flatMap { Int($0.1) }
        let height = url.firstMatch(of: /[?&](?i:h|height)=(\d{3,5})/).flatMap { Int($0.1) }
        return width == nil && height == nil ? nil : (width, height)
    }

    private static func isJunk(_ url: String) -> Bool {
        let path = URL(string: url)?.path ?? url
        return path.firstMatch(of: /(?i)(?:^|[\/.-])(?:favicon|apple-touch-icon|icon(?:[.-][\w-]+)?|logo)(?:[\/.?-]|$)/) != nil
    }

    static func dimension(_ text: String?) -> Int? {
        guard let text, let match = text.firstMatch(of: /\d+/) else { return nil }
        return Int(match.0)
    }

    /// `address` resolved against `base`: http(s) addresses only.
    static func absolute(_ address: String, against base: String) -> String? {
        let address = address.hasPrefix("//") ? "https:" + address : address
        guard let url = URL(string: address, relativeTo: URL(string: base)), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else { return nil }
        return url.absoluteString
    }
}

private extension Int {
    var nonZero: Int? { self == 0 ? nil : self }
}
