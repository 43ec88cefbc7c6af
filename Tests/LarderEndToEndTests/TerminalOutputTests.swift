import Foundation
@testable import LarderTestSupport
import Synchronization
import Testing

/// What the real binary prints when file names and values hold line breaks,
/// escape sequences and bidi overrides: GitHub annotations that stay one per
/// line, and terminal text with no control character from the data.
@Suite struct TerminalOutputTests {
    let larder = Repository.binary

    /// File names (the file system allows anything but `/` and NUL) and
    /// values with CR, LF, CRLF, `::`, `%`, `,` and `:`.
    static let hostileNames = [
        "x\r\n::error file=a::crlf", "y\n::error::lf", "z\r::warning::cr", "w%0A%,:", "v::notice::colons",
    ]

    /// A kitchen where each hostile name is a list file with an error (its
    /// name is not an id) and each is an item name in `values.json` (a
    /// warning quotes it: no category).
    func hostileKitchen() throws -> TestFolder {
        let kitchen = try TestFolder("kitchen")
        for name in Self.hostileNames {
            try kitchen.write("lists/\(name).md", "---\ntitle: B\n---\n- [ ] 2 apples\n")
        }
        let items = Self.hostileNames.map { "{\"name\": \(Self.jsonString($0))}" }.joined(separator: ", ")
        try kitchen.write("lists/values.json", "{\"title\": \"Values\", \"items\": [\(items)]}")
        return kitchen
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }

    /// Splits on every line end the Actions runner knows (LF, CRLF, CR).
    static func runnerLines(_ output: String) -> [Substring] {
        output.unicodeScalars.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }
            .map { Substring(String(String.UnicodeScalarView($0))) }
    }

    /// GitHub's decoding of a property value.
    static func decodeProperty(_ value: Substring) -> String {
        String(value).replacing("%3A", with: ":").replacing("%2C", with: ",").replacing("%0D", with: "\r")
            .replacing("%0A", with: "\n").replacing("%25", with: "%")
    }

    @Test func githubAnnotationsStayOneALineWhateverTheData() throws {
        let kitchen = try hostileKitchen()
        let parent = kitchen.url.deletingLastPathComponent()
        let result = try ProcessResult.run(larder, ["check", "--format", "github", "kitchen"], in: parent)
        #expect(result.status == 1, "\(result.stderr)")
        let json = try ProcessResult.run(larder, ["check", "--format", "json", "kitchen"], in: parent)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        // One error per bad file name, one warning per hostile value.
        #expect(diagnostics.count >= 2 * Self.hostileNames.count, "\(diagnostics)")

        var lines = Self.runnerLines(result.stdout)
        #expect(lines.last == "", "the output ends with a line feed")
        lines.removeLast()
        // Every line but the closing summary is one annotation, one for each
        // diagnostic; no other line starts with `::`.
        #expect(lines.last == "checked \(report["files"]!) file: \(report["errors"]!) errors, \(report["warnings"]!) warnings")
        let annotations = lines.dropLast()
        #expect(annotations.count == diagnostics.count, "\(result.stdout.debugDescription)")
        var files: [String] = []
        for line in annotations {
            let command = line.hasPrefix("::error ") || line.hasPrefix("::warning ")
            #expect(command, "not an annotation: \(line.debugDescription)")
            // The properties end at the first `::` after the command: none
            // of them holds a raw `:`, `,` or `::`.
            let body = line.drop { $0 != " " }.dropFirst()
            let properties = try #require(body.range(of: "::").map { body[..<$0.lowerBound] })
            #expect(!properties.contains(":"), "\(line.debugDescription)")
            for property in properties.split(separator: ",") where property.hasPrefix("file=") {
                files.append(Self.decodeProperty(property.dropFirst(5)))
            }
        }
        // The runner decodes the file names back as they are.
        for name in Self.hostileNames {
            #expect(files.contains("kitchen/lists/\(name).md"), "\(name.debugDescription) not in \(files)")
        }
    }

    // MARK: Terminal

    /// A kitchen whose file names and values hold an OSC title sequence, a
    /// CSI, DEL, a C1 CSI and bidi overrides, each with a problem to report.
    static let escapes = ["\u{1B}]0;pwned\u{07}", "\u{1B}[2J\u{1B}[31m", "a\u{7F}b", "c\u{9B}31md", "e\u{202E}gnp.exe", "f\u{2066}g"]

    func escapeKitchen() throws -> TestFolder {
        let kitchen = try TestFolder("kitchen")
        for (index, escape) in Self.escapes.enumerated() {
            try kitchen.write("lists/\(escape).md", "---\ntitle: T\(index)\u{1B}[8m\n---\n- [ ] 2 apples \(escape)\n")
        }
        let items = Self.escapes.map { "{\"name\": \(Self.jsonString($0))}" }.joined(separator: ", ")
        try kitchen.write("lists/weekly.json", "{\"title\": \(Self.jsonString("Weekly " + Self.escapes[0])), \"items\": [\(items)]}")
        try kitchen.write("larder.json", "{\"current\": \"weekly\"}")
        return kitchen
    }

    /// Control characters (C0 but line feed and tab, DEL, C1) and bidi
    /// overrides and isolates.
    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x09, 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    @Test func noControlCharacterFromNamesOrValuesReachesTheTerminal() throws {
        let kitchen = try escapeKitchen()
        let out = kitchen.url.deletingLastPathComponent().appendingPathComponent("site")
        // With the exit status each must give.
        let runs: [(String, [String], Int32)] = [
            ("check", ["check", "."], 1),
            ("check --format github", ["check", "--format", "github", "."], 1),
            ("check --format json", ["check", "--format", "json", "."], 1),
            ("build", ["build", ".", "-o", out.path], 1),
            // Values holding control characters are refused (a page cannot
            // hold them either): the refusal quotes them, shown replaced.
            ("share", ["share", "weekly"], 1),
            ("print", ["print", "weekly", "--format", "text"], 1),
            // An error through `larder: error:`, naming the output.
            ("build -o", ["build", ".", "-o", "lists/\(Self.escapes[0]).md"], 2),
        ]
        for (name, arguments, status) in runs {
            let result = try ProcessResult.run(larder, arguments, in: kitchen.url)
            #expect(result.reason == .exit && result.status == status, "\(name): \(result.status) \(result.stderr)")
            let printed = result.stdout + result.stderr
            #expect(Self.controls(in: printed).isEmpty, "larder \(name) printed \(Self.controls(in: printed)): \(printed.debugDescription)")
        }
        // Shown, replaced, where they were: the first file's diagnostic.
        let check = try ProcessResult.run(larder, ["check", "."], in: kitchen.url)
        #expect(check.stderr.contains("lists/\u{FFFD}]0;pwned\u{FFFD}.md:1:1: error: the file name '\u{FFFD}]0;pwned\u{FFFD}'"), "\(check.stderr)")
        // JSON escapes them, and reads back as the data.
        let json = try ProcessResult.run(larder, ["check", "--format", "json", "."], in: kitchen.url)
        #expect(json.stdout.contains(#""path": "lists/\u001B]0;pwned\u0007.md""#), "\(json.stdout)")
        #expect(json.stdout.contains(#"e\u202Egnp.exe"#), "\(json.stdout)")
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
    }

    /// Lists that check clean, with bidi overrides and isolates in titles and
    /// item names (control characters are refused by `check`, as no page may
    /// hold them): share and print print them, in text, HTML or JSON.
    @Test func sharesAndSheetsPrintNoControlCharacter() throws {
        let kitchen = try TestFolder("kitchen")
        let clean = Self.escapes.filter { escape in !escape.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
        #expect(clean.count == 2)
        let title = clean.joined(separator: " ")
        let items = clean.map { "{\"name\": \(Self.jsonString("apples \($0)"))}" }.joined(separator: ", ")
        try kitchen.write("lists/weekly.json", "{\"title\": \(Self.jsonString(title)), \"items\": [\(items)]}")
        let runs = [
            ["share", "weekly"], ["share", "weekly", "--format", "markdown"], ["share", "weekly", "--format", "json"],
            ["print", "weekly", "--format", "text"], ["print", "weekly"],
        ]
        for arguments in runs {
            let result = try ProcessResult.run(larder, arguments, in: kitchen.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let printed = result.stdout + result.stderr
            #expect(printed.contains("apples"), "\(arguments): \(printed)")
            #expect(Self.controls(in: printed).isEmpty, "larder \(arguments.joined(separator: " ")) printed \(Self.controls(in: printed))")
        }
    }

    /// `larder serve` names the files that changed, straight from the
    /// folder, and prints their diagnostics.
    @Test func serveLogsChangedFileNamesPrintable() async throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 apples\n")
        let process = Process()
        process.executableURL = larder
        process.arguments = ["serve", kitchen.url.path, "--port", "0", "--color", "never"]
        process.standardOutput = FileHandle.nullDevice
        let err = try #require(try ChildProcess.start(process, captureOutput: false).errors)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let log = Mutex("")
        Thread {
            while case let chunk = err.availableData, !chunk.isEmpty {
                log.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }.start()
        func waitFor(_ text: String) async throws {
            let deadline = Date().addingTimeInterval(60)
            while !log.withLock({ $0.contains(text) }), Date() < deadline, process.isRunning {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(log.withLock { $0.contains(text) }, "serve never printed \(text): \(log.withLock { $0 })")
        }
        try await waitFor("built ")
        try kitchen.write("lists/\(Self.escapes[0]).md", "---\ntitle: Bad\n---\n- [ ] 2 pears\n")
        try await waitFor("the site was not rebuilt")
        let printed = log.withLock { $0 }
        #expect(printed.contains("lists/\u{FFFD}]0;pwned\u{FFFD}.md: the site was not rebuilt"), "\(printed)")
        #expect(Self.controls(in: printed).isEmpty, "larder serve printed \(Self.controls(in: printed)): \(printed.debugDescription)")
    }
}
