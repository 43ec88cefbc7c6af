import LarderCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks of `Limits` that look inside a file once it is read.
enum ReadLimits {
    /// The first string value or key longer than `Limits.maximumTextLength`
    /// bytes, or holding a character no page may hold (`ForbiddenCharacters`:
    /// a JSON `\u0000`, a YAML `"\0"`), as a diagnostic. Walks with an
    /// explicit stack: the value may be nested as deep as the JSON reader
    /// allows.
    static func badText(in root: JSONValue, path: String) -> Diagnostic? {
        var pending = [root]
        while let value = pending.popLast() {
            switch value.kind {
            case .string(let text):
                if let problem = badText(text, "this text", at: value.position, path: path) { return problem }
            case .array(let elements):
                pending += elements.reversed()
            case .object(let object):
                for member in object.members.reversed() {
                    if let problem = badText(member.key, "this field name", at: member.keyPosition, path: path) { return problem }
                    pending.append(member.value)
                }
            default:
                continue
            }
        }
        return nil
    }

    private static func badText(_ text: String, _ what: String, at position: SourcePosition, path: String) -> Diagnostic? {
        if text.utf8.count > Limits.maximumTextLength {
            return tooLong(what, bytes: text.utf8.count, at: position, path: path)
        }
        guard let scalar = ForbiddenCharacters.first(in: text) else { return nil }
        return .error(
            "control-character", "\(what) holds \(ForbiddenCharacters.name(scalar)), a character that cannot appear in a web page",
            at: SourceLocation(path: path, position: position),
            hint: "remove it (an escape such as \\u0000 in JSON or \\0 in YAML writes one)"
        )
    }

    private static func tooLong(_ what: String, bytes: Int, at position: SourcePosition, path: String) -> Diagnostic {
        .error(
            "text-too-long",
            "\(what) is \(Limits.describe(count: bytes)) bytes long, over the limit of \(Limits.describe(bytes: Limits.maximumTextLength))",
            at: SourceLocation(path: path, position: position),
            hint: "shorten it; long notes belong in the Markdown body, split over paragraphs"
        )
    }

    /// The first line of a Markdown file longer than
    /// `Limits.maximumLineLength` bytes, as a diagnostic at its start. Line
    /// ends are `\n`, `\r\n` and a lone `\r`, as the readers count them.
    static func overlongLine(in bytes: [UInt8], path: String) -> Diagnostic? {
        // No line is longer than its file: nearly every file is read no further.
        guard bytes.count > Limits.maximumLineLength else { return nil }
        let found: (line: Int, length: Int)? = bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var start = 0
            var index = 0
            let count = buffer.count
            while index <= count {
                let atEnd = index == count
                if atEnd || buffer[index] == 0x0A || buffer[index] == 0x0D {
                    let length = index - start
                    if length > Limits.maximumLineLength { return (line, length) }
                    if !atEnd, buffer[index] == 0x0D, index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    line += 1
                    start = index + 1
                }
                index += 1
            }
            return nil
        }
        guard let (line, length) = found else { return nil }
        return .error(
            "line-too-long",
            "line \(line) is \(Limits.describe(count: length)) bytes long, over the limit of \(Limits.describe(bytes: Limits.maximumLineLength))",
            at: SourceLocation(path: path, line: line, column: 1),
            hint: "break the text into several lines or paragraphs"
        )
    }

    /// More than `Limits.maximumItems` list-item lines (`- `, `* `, `+ `,
    /// `1. `, `1) ` after any indentation) in a Markdown file, found on the
    /// bytes: parsing half a million items first would take seconds and
    /// most of a gigabyte.
    static func tooManyListLines(in bytes: [UInt8], path: String) -> Diagnostic? {
        // An item line takes at least 2 bytes ("- ") and a line break: a
        // file shorter than that many cannot hold too many.
        guard bytes.count >= 3 * (Limits.maximumItems + 1) - 1 else { return nil }
        var count = 0
        var line = 1
        var firstPast = 0
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
                var marker = index
                while marker < buffer.count, buffer[marker] >= 0x30, buffer[marker] <= 0x39 { marker += 1 }
                let isItem: Bool
                if marker > index {
                    isItem = marker + 1 < buffer.count && (buffer[marker] == 0x2E || buffer[marker] == 0x29)
                        && (buffer[marker + 1] == 0x20 || buffer[marker + 1] == 0x09)
                } else {
                    isItem = marker + 1 < buffer.count && (buffer[marker] == 0x2D || buffer[marker] == 0x2A || buffer[marker] == 0x2B)
                        && (buffer[marker + 1] == 0x20 || buffer[marker + 1] == 0x09)
                }
                if isItem {
                    count += 1
                    if count == Limits.maximumItems + 1 { firstPast = line }
                }
                while index < buffer.count, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
                if index < buffer.count, buffer[index] == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
                index += 1
                line += 1
            }
        }
        guard count > Limits.maximumItems else { return nil }
        return .error(
            "too-many-items",
            "\(Limits.describe(count: count)) list items, over the limit of \(Limits.describe(count: Limits.maximumItems)) per file; the file is not read",
            at: SourceLocation(path: path, line: firstPast, column: 1),
            hint: "split it into several files"
        )
    }

    /// The `items` (lists) or `ingredients` (recipes) array of a document
    /// when it is longer than `Limits.maximumItems`, before anything is
    /// validated or decoded.
    static func tooManyItems(in root: JSONValue, kind: DocumentKind, path: String) -> Diagnostic? {
        let key = kind == .list ? "items" : kind == .recipe ? "ingredients" : nil
        guard let key, let array = root.object?[key]?.array, array.count > Limits.maximumItems else { return nil }
        return .error(
            "too-many-items",
            "\(Limits.describe(count: array.count)) \(key), over the limit of \(Limits.describe(count: Limits.maximumItems)); the file is not read",
            at: SourceLocation(path: path, position: array[Limits.maximumItems].position),
            hint: "split it into several \(kind == .list ? "lists" : "recipes")"
        )
    }

    /// A list's items and a recipe's ingredients, cut to `Limits.maximumItems`
    /// with a diagnostic at the first one past it.
    static func capItems(_ content: ReadDocument.Content, _ diagnostics: inout [Diagnostic]) -> ReadDocument.Content {
        func tooMany(_ noun: String, _ count: Int, at location: SourceLocation) -> Diagnostic {
            .error(
                "too-many-items",
                "\(Limits.describe(count: count)) \(noun), over the limit of \(Limits.describe(count: Limits.maximumItems)); the ones from here on are not read",
                at: location, hint: "split it into several \(noun == "items" ? "lists" : "recipes")"
            )
        }
        switch content {
        case .list(var list) where list.items.count > Limits.maximumItems:
            diagnostics.append(tooMany("items", list.items.count, at: list.items[Limits.maximumItems].location))
            list.items.removeLast(list.items.count - Limits.maximumItems)
            return .list(list)
        case .recipe(var recipe) where recipe.ingredients.count > Limits.maximumItems:
            diagnostics.append(tooMany("ingredients", recipe.ingredients.count, at: recipe.ingredients[Limits.maximumItems].location))
            recipe.ingredients.removeLast(recipe.ingredients.count - Limits.maximumItems)
            return .recipe(recipe)
        default:
            return content
        }
    }
}

/// Characters no data file should hold, found on the bytes before parsing, so
/// that each is reported the same way whatever part of the file it is in.
enum StrayCharacters {
    /// A byte-order mark anywhere but at the very start (two files joined
    /// together, or an editor's paste), in any data file.
    static func misplacedBOM(in bytes: [UInt8], path: String) -> Diagnostic? {
        let offset: Int? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var index = 1
            // memchr finds the candidate first bytes (0xEF) many bytes at a
            // time; stopping at every line end and non-ASCII byte cost ~1 %
            // of a check of many small files.
            while index + 2 < buffer.count {
                guard let found = memchr(base + index, 0xEF, buffer.count - 2 - index) else { return nil }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF { return index }
                index += 1
            }
            return nil
        }
        guard let offset else { return nil }
        return .error(
            "misplaced-bom", "a byte-order mark (U+FEFF) in the middle of the file",
            at: SourceLocation(path: path, position: UTF8Check.position(ofOffset: offset, in: bytes)),
            hint: "remove it (it is invisible in most editors); only the very start of a file may have one"
        )
    }

    /// A control character other than tab and line ends in a Markdown file
    /// (NUL included), or a noncharacter (`ForbiddenCharacters`): YAML
    /// refuses them, in the body they are invisible or drive terminals, and
    /// no page may hold them. Expects valid UTF-8.
    static func controlCharacter(in bytes: [UInt8], path: String) -> Diagnostic? {
        let found: (offset: Int, scalar: Unicode.Scalar)? = bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while true {
                index = PrintableASCII.end(in: buffer, from: index)
                guard index < buffer.count else { return nil }
                if ForbiddenCharacters.mayStart(buffer[index]) {
                    var iterator = buffer[index...].makeIterator()
                    var decoder = UTF8()
                    if case .scalarValue(let scalar) = decoder.decode(&iterator), ForbiddenCharacters.contains(scalar) {
                        return (index, scalar)
                    }
                }
                index += 1
            }
        }
        guard let found else { return nil }
        let name = ForbiddenCharacters.name(found.scalar)
        let what = found.scalar.properties.generalCategory == .control ? "control character" : "noncharacter"
        return .error(
            "control-character", "\(what) \(name) is not allowed in a Markdown file",
            at: SourceLocation(path: path, position: UTF8Check.position(ofOffset: found.offset, in: bytes)),
            hint: "remove it (it is invisible in most editors)"
        )
    }
}
