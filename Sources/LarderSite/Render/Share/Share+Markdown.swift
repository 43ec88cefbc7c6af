extension Share {
    /// A GFM task list for notes apps: `# Title`, `## Store`, `### Category`,
    /// `- [ ] 2 lemons`; user text escaped.
    func markdown() -> String {
        var lines = ["# \(Self.escapeMarkdown(title))"]
        for line in lead { lines += ["", Self.escapeMarkdown(line)] }
        for section in sections {
            if let heading = section.heading {
                lines += ["", (section.level == .group ? "### " : "## ") + Self.escapeMarkdown(heading)]
            }
            if !section.entries.isEmpty { lines.append("") }
            for entry in section.entries {
                switch entry {
                case .item(let item):
                    var text = "- [\(item.checked ? "x" : " ")] "
                    text += [item.amount, item.name].compactMap { $0 }.map(Self.escapeMarkdown).joined(separator: " ")
                    if !item.notes.isEmpty { text += " (\(Self.escapeMarkdown(item.notes.joined(separator: "; "))))" }
                    lines.append(text)
                case .bullet(let text): lines.append("- " + Self.escapeMarkdown(text))
                case .step(let number, let text): lines.append("\(number). " + Self.escapeMarkdown(text))
                case .line(let text): lines.append(Self.escapeMarkdown(text))
                }
            }
        }
        // An autolink: a bare address would have its `_` escaped.
        if let link { lines += ["", "<\(link)>"] }
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// Backslash-escapes what Markdown would read as syntax in user text.
    static func escapeMarkdown(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
