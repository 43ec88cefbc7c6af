import Foundation
import Larder
import LarderCore

/// A bad-input case: the files of a small data folder and the diagnostics
/// `larder check` must give for it, in one reviewable text file.
///
/// ```
/// # what the case is about
/// === lists/weekly.md
/// ---
/// title: Weekly
/// ---
/// - [ ] 2 lemons @nowhere
/// === expect
/// lists/weekly.md:5:16: error: unknown store "nowhere" [unknown-store]
///   hint: there are no stores defined yet; define it under "stores" in larder.json
/// ```
///
/// A file header may add flags: `crlf` (line ends become CR LF), `cr` (lone
/// CR), `bom` (a UTF-8 BOM is prepended), `escaped` (`\xHH` is a raw byte),
/// `noeol` (no final line end).
struct FixtureCase: CustomStringConvertible {
    var name: String
    var url: URL
    var files: [(path: String, bytes: [UInt8])] = []
    var expected: String = ""

    var description: String { name }

    static func all(in folder: URL) -> [FixtureCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".case") }.sorted().compactMap { name in
            try? FixtureCase(url: folder.appendingPathComponent(name))
        }
    }

    init(url: URL) throws {
        self.url = url
        name = url.deletingPathExtension().lastPathComponent
        let text = try String(contentsOf: url, encoding: .utf8)
        var current: (path: String, flags: Set<String>, lines: [String])?
        var expectLines: [String] = []
        var inExpect = false
        func flush() {
            guard let file = current else { return }
            files.append((file.path, Self.bytes(file.lines, flags: file.flags)))
            current = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("=== ") {
                flush()
                let words = line.dropFirst(4).split(separator: " ").map(String.init)
                if words.first == "expect" {
                    inExpect = true
                } else {
                    inExpect = false
                    current = (words[0], Set(words.dropFirst()), [])
                }
            } else if inExpect {
                expectLines.append(line)
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        flush()
        while expectLines.last?.isEmpty == true { expectLines.removeLast() }
        expected = expectLines.joined(separator: "\n")
    }

    private static func bytes(_ lines: [String], flags: Set<String>) -> [UInt8] {
        var lines = lines
        // The blank line before the next `===` separates; it is not content.
        if lines.last?.isEmpty == true { lines.removeLast() }
        let end = flags.contains("crlf") ? "\r\n" : flags.contains("cr") ? "\r" : "\n"
        var text = lines.joined(separator: end)
        if !flags.contains("noeol") { text += end }
        var bytes = flags.contains("escaped") ? unescape(text) : Array(text.utf8)
        if flags.contains("bom") { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }

    /// `\xHH` becomes the byte HH; `\\` a backslash.
    private static func unescape(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 1 < utf8.count {
                if utf8[i + 1] == UInt8(ascii: "x"), i + 3 < utf8.count,
                   let byte = UInt8(String(decoding: utf8[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
                    out.append(byte)
                    i += 4
                    continue
                }
                if utf8[i + 1] == UInt8(ascii: "\\") {
                    out.append(UInt8(ascii: "\\"))
                    i += 2
                    continue
                }
            }
            out.append(utf8[i])
            i += 1
        }
        return out
    }

    /// Each diagnostic as `path:line:column: severity: message [code]`, and
    /// its hint on the next line.
    static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { d in
            var line = ""
            if let location = d.location { line += "\(location.path):\(location.line):\(location.column): " }
            line += "\(d.severity.rawValue): \(d.message) [\(d.code)]"
            if let hint = d.hint { line += "\n  hint: \(hint)" }
            return line
        }.joined(separator: "\n")
    }

    /// The lines of `expected` (rendered as `render` does) as `larder check`
    /// prints them: a hint is printed as ` = hint: …` under the quoted line.
    static func printedLines(_ expected: String) -> [String] {
        expected.split(separator: "\n").map { line in
            line.hasPrefix("  hint: ") ? " = hint: " + line.dropFirst("  hint: ".count) : String(line)
        }
    }

    /// The diagnostics `KitchenLoader` gives for the case's files (written to
    /// a temporary folder), rendered; with LARDER_UPDATE_FIXTURES=1 they are
    /// also recorded as the case's expectation.
    func loadedDiagnostics() throws -> String {
        let folder = try TestFolder()
        for file in files { try folder.write(file.path, file.bytes) }
        let actual = Self.render(try KitchenLoader.load(folder.url).report.diagnostics)
        if ProcessInfo.processInfo.environment["LARDER_UPDATE_FIXTURES"] == "1" {
            try record(actual)
        }
        return actual
    }

    /// Writes `actual` as the case's expectation (LARDER_UPDATE_FIXTURES=1),
    /// for review as a diff.
    func record(_ actual: String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let range = text.range(of: "\n=== expect\n") else {
            try (text + (text.hasSuffix("\n") ? "" : "\n") + "=== expect\n" + actual + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        try (text[..<range.upperBound] + actual + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
