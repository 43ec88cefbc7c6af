import Larder
import LarderCore

extension Share {
    /// `larder share --suggest`: the share followed by what is usually on
    /// the list and is not on it now (`ListSuggestion`): a last section,
    /// "Usually on this list", in text and Markdown; a `suggestions` array
    /// in JSON (empty when there are none).
    public func render(_ format: Format, ascii: Bool = false, suggestions: [ListSuggestion]) -> String {
        switch format {
        case .text, .markdown:
            var share = self
            if !suggestions.isEmpty {
                share.sections.append(Section(heading: "Usually on this list", entries: suggestions.map { .bullet($0.text) }))
            }
            return share.render(format, ascii: ascii)
        case .json:
            let list = JSONOutput.lines(.array(suggestions.map { suggestion in
                .fields(["name": .string(suggestion.name), "count": .int(suggestion.count), "of": .int(suggestion.of)])
            }))
            let member = JSONOutput.Member(key: "suggestions", value: list)
            let combined: JSONOutput = switch json {
            case .lines(.object(let members)): .lines(.object(members + [member]))
            case .object(let members): .object(members + [member])
            default: .lines(.object([JSONOutput.Member(key: "share", value: json), member]))
            }
            return combined.text(layout: .readable, escaping: .terminal) + "\n"
        }
    }
}
