import LarderCore

/// The parser's state over one file's UTF-8 bytes: the file is read line by
/// line (a line is a metadata entry, a section, or a line of a step or note
/// paragraph), and the lines of a paragraph go through the inline scanner
/// (`CooklangScanner+Inline.swift`) as they come.
struct CooklangScanner {
    typealias Document = CooklangDocument

    enum Paragraph {
        case none, step, note
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var result = Document()
    /// The section blocks go to; added to `result` when the next one starts.
    var section = Document.Section(name: nil, position: .start)
    /// The section is the one before any `=` line, which starts where its
    /// first block does.
    var sectionIsImplicit = true

    // The line being read: positions are computed from its start.
    var lineNumber = 1
    var lineStart = 0

    // The paragraph being read.
    var paragraph = Paragraph.none
    var paragraphPosition = SourcePosition.start
    var paragraphHasLine = false
    var parts: [Document.Part] = []
    /// Text read since the last marker, as bytes (one String per text part).
    var pending: [UInt8] = []
    /// Where a `[-` comment that is not closed yet opened.
    var openComment: SourcePosition?

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
        pending.reserveCapacity(256)
    }

    mutating func document() -> Document {
        var offset = frontMatter()
        while offset < bytes.count {
            let end = lineEnd(from: offset)
            lineStart = offset
            line(from: offset, to: end)
            offset = afterLineBreak(at: end)
            lineNumber += 1
        }
        finishParagraph()
        if let openComment {
            diagnose(
                .warning, "cook-unclosed-block-comment", "`[-` comment is not closed: the rest of the file is a comment",
                at: openComment, hint: "end the comment with `-]`")
        }
        finishSection()
        return result
    }

    // MARK: Lines

    /// One line (without its break): what it is depends on how it starts.
    mutating func line(from start: Int, to end: Int) {
        if openComment != nil {
            // Inside a `[- -]` comment nothing starts a block, not even a
            // blank line: the comment is part of the paragraph it opened in.
            feed(from: start, to: end, joined: false)
            return
        }
        let first = skipSpaces(from: start, to: end)
        guard first < end else { return finishParagraph() }
        switch bytes[first] {
        case UInt8(ascii: "-") where dashRun(at: first, end: end) == 2:
            // A line of only a `--` comment separates steps, as a blank
            // line does (cooklang-rs reads it so).
            finishParagraph()
        case UInt8(ascii: ">") where first + 1 < end && bytes[first + 1] == UInt8(ascii: ">"):
            finishParagraph()
            if !metadataLine(from: first + 2, to: end) {
                startParagraph(.step, at: first)
                feed(from: first, to: end, joined: true)
            }
        case UInt8(ascii: ">"):
            if paragraph != .note {
                finishParagraph()
                startParagraph(.note, at: first)
            }
            feed(from: skipSpaces(from: first + 1, to: end), to: end, joined: true)
        case UInt8(ascii: "="):
            finishParagraph()
            sectionLine(from: first, to: end)
        default:
            if paragraph == .none { startParagraph(.step, at: first) }
            feed(from: first, to: end, joined: true)
        }
    }

    /// `>> key: value`. False (after a warning) when there is no colon: the
    /// line is then read as a step, as cooklang-rs does.
    mutating func metadataLine(from start: Int, to end: Int) -> Bool {
        var colon = start
        while colon < end && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < end else {
            diagnose(
                .warning, "cook-metadata-without-colon", "`>>` metadata line has no `:` between key and value",
                at: position(start - 2), hint: "write `>> key: value`; this line is read as a step")
            return false
        }
        let key = trimmed(start, colon)
        let value = trimmed(colon + 1, end)
        result.metadata.append(
            Document.MetadataEntry(
                key: string(key), value: string(value),
                keyPosition: position(key.lowerBound), valuePosition: position(value.lowerBound)))
        return true
    }

    /// `== Name ==`, `= Name`, `==Name`: any number of `=` before the name
    /// and, optionally, after it. A line of only `=` starts a section with
    /// no name.
    mutating func sectionLine(from start: Int, to end: Int) {
        var nameStart = start
        while nameStart < end && bytes[nameStart] == UInt8(ascii: "=") { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < end && bytes[nameEnd] != UInt8(ascii: "=") {
            if bytes[nameEnd] == UInt8(ascii: "-") && dashRun(at: nameEnd, end: end) == 2 { break }
            nameEnd += 1
        }
        let name = trimmed(nameStart, nameEnd)
        finishSection()
        section = Document.Section(name: name.isEmpty ? nil : string(name), position: position(start))
        sectionIsImplicit = false
    }

    // MARK: Paragraphs and sections

    mutating func startParagraph(_ kind: Paragraph, at offset: Int) {
        paragraph = kind
        paragraphPosition = position(offset)
        paragraphHasLine = false
    }

    /// One line of the current paragraph. Lines after the first are joined
    /// to it with one space, except a line that continues a `[-` comment
    /// (the comment swallowed the line break).
    mutating func feed(from start: Int, to end: Int, joined: Bool) {
        if joined && paragraphHasLine { pending.append(UInt8(ascii: " ")) }
        paragraphHasLine = true
        scanInline(from: start, to: trimmedLineEnd(start, end), markers: paragraph == .step)
    }

    mutating func finishParagraph() {
        switch paragraph {
        case .none:
            return
        case .step:
            flushText()
            trimEdges(of: &parts)
            if !parts.isEmpty {
                appendBlock(.step(Document.Step(parts: parts, position: paragraphPosition)))
            }
            parts.removeAll(keepingCapacity: true)
        case .note:
            let text = trimmed(pending)
            pending.removeAll(keepingCapacity: true)
            if !text.isEmpty {
                appendBlock(.note(Document.Note(text: text, position: paragraphPosition)))
            }
        }
        paragraph = .none
    }

    mutating func appendBlock(_ block: Document.Block) {
        if section.blocks.isEmpty && sectionIsImplicit {
            section.position = paragraphPosition
        }
        section.blocks.append(block)
    }

    mutating func finishSection() {
        if section.name != nil || !section.blocks.isEmpty {
            result.sections.append(section)
        }
    }

    /// Drops the white space at the start of the first text and the end of
    /// the last (indentation, the space before a trailing comment), and
    /// texts left empty.
    func trimEdges(of parts: inout [Document.Part]) {
        if case .text(let text) = parts.first {
            let kept = text.drop(while: { $0.isWhitespace })
            if kept.isEmpty { parts.removeFirst() } else { parts[0] = .text(String(kept)) }
        }
        if case .text(let text) = parts.last {
            var kept = Substring(text)
            while let last = kept.last, last.isWhitespace { kept.removeLast() }
            if kept.isEmpty { parts.removeLast() } else { parts[parts.count - 1] = .text(String(kept)) }
        }
    }

    // MARK: Front matter

    /// A `---` first line opens YAML front matter, closed by the next line of
    /// `---`. Returns the offset where the recipe text starts.
    mutating func frontMatter() -> Int {
        let firstEnd = lineEnd(from: 0)
        guard isFence(0, firstEnd) else { return 0 }
        let yamlStart = afterLineBreak(at: firstEnd)
        var offset = yamlStart
        var number = 2
        while offset < bytes.count {
            let end = lineEnd(from: offset)
            if isFence(offset, end) {
                result.frontMatter = Document.FrontMatterBlock(
                    text: string(yamlStart..<offset), firstLine: 2)
                lineNumber = number + 1
                return afterLineBreak(at: end)
            }
            offset = afterLineBreak(at: end)
            number += 1
        }
        diagnose(
            .error, "cook-unclosed-front-matter", "front matter opened with `---` is not closed",
            at: .start, hint: "end the metadata with a line of `---` before the first step")
        lineNumber = 2
        return yamlStart
    }

    /// A line of exactly `---` (trailing white space allowed).
    func isFence(_ start: Int, _ end: Int) -> Bool {
        let line = trimmed(start, end)
        return line.lowerBound == start && line.count == 3
            && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-")
            && bytes[start + 2] == UInt8(ascii: "-")
    }

    // MARK: Diagnostics

    mutating func diagnose(
        _ severity: Diagnostic.Severity, _ code: String, _ message: String, at position: SourcePosition,
        hint: String
    ) {
        result.diagnostics.append(
            Diagnostic(severity, code: code, message, at: SourceLocation(path: path, position: position), hint: hint))
    }
}
