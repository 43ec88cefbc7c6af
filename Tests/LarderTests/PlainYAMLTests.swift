import Foundation
import LarderCore
import Testing

@testable import Larder

/// The plain-YAML fast path must give exactly what the Yams path gives
/// (values and positions), and hand everything outside its subset to Yams.
@Suite struct PlainYAMLTests {
    /// Front matter the fast path reads itself.
    static let plain: [String] = [
        "title: Pancakes\nservings: 4\n",
        "title: Recipe 9999\ncategory: dinner\nservings: 4\nprep_time: 10 min\ncook_time: 1 h 15 min\ntags: [quick, family]\n",
        "title: List 999\nrecipes:\n  - recipe: r00999\n    servings: 6\n  - recipe: r2\n    servings: 2.5\n",
        "title: x\nrecipes:\n- recipe: a\n  servings: 1\n- b\nstore: market\n",
        "title: Crème brûlée 🍮 for two\ntags: [crème,  brûlée ,x]\nnote: naïve café\n",
        "title: t\n\nservings: -12\n\nflag: true\nother: False\nnothing: null\ntilde: ~\nnum: 1e3\nzero: 01\nneg: -0.5\n",
        "tags: []\nempty: [ ]\nsource:\n  name: Grandma's book\n  page: 12\n  deep:\n    deeper: yes\n",
        "  title: indented root\n  servings: 2\n",
        "title: a - b -- c\nlist:\n  - one two\n  - 3\n",
        "title: trailing spaces   \nkey:   spaced value\n",
        "title: \"Soup: the best\"\n",
        "title: 'quoted'\n",
        "title: \"Tom's #1 \\\"soup\\\" \\\\ \\/ a\\tb\\nc\"  \nservings: \"4\"\n",
        "title: 'It''s ''done'' \\n'\nflag: 'true'\nnone: \"null\"\nempty: ''\nalso: \"\"\n",
        "title: \"Cr\\u00e8me br\\u00FBl\\u00e9e \\u20AC\"\nnote: \"naïve 🍮: [a, b] {c}\"\n",
        "recipes:\n  - 'r1'\n  - recipe: \"r2\"\n    servings: '2'\n",
        // Block context: commas, brackets, a colon without a space after it
        // and a `#` without one before it are part of the text.
        "source: The Weeknight Cookbook, p. 112\nurl: https://example.org/notebook/\n",
        "title: time 10:30\nclock: 10:30\nodd: -1:30\n",
        "title: C# and F#, a[1] {b} x]y\nnote: a:b:c\n",
        "list:\n  - a, b\n  - http://x.y/#top\n  - key: v, w\n",
    ]

    /// Front matter outside the subset (or invalid): Yams reads it.
    static let other: [String] = [
        "",
        "\n",
        "title: Soup # comment\n",
        "# comment\ntitle: x\n",
        "title: a\ntitle: b\n",
        "title: a: b\n",
        "title:\n",
        "title:\nservings: 2\n",
        "title: multi\n  line\n",
        "base: &a x\nother: *a\n",
        "title: !!str 12\n",
        "title: |\n  block\n",
        "title: >\n  folded\n",
        "title:\tx\n",
        "\ttitle: x\n",
        "title: x\r\nservings: 2\r\n",
        "tags: [a, b,]\n",
        "tags: [a,\n  b]\n",
        "tags: [[a]]\n",
        "tags: {a: b}\n",
        "- a\n- b\n",
        "just text\n",
        "title: x\n  \nservings: 2\n",
        "title: x\n - y\n",
        "title: x\n- y\n",
        "list:\n  -\n  - a\n",
        "list:\n  -  a\n",
        "? key\n: value\n",
        "title: a:\n",
        "title: a:b: c\n",
        "title: a #b\n",
        "title: ,a\n",
        "title: }a\n",
        "title: {a}\n",
        "title: :a\n",
        "title: #a\n",
        "tags: [a:b]\n",
        "tags: [c#d]\n",
        "tags: [a{b}]\n",
        "title: a\u{2028}b\n",
        "title: a\u{85}b\n",
        "list:\n  - - 4\n",
        "title: ...\n",
        "1key: x\n",
        "key : x\n",
        "title: \"Soup\" # comment\n",
        "title: 'Soup' extra\n",
        "title: \"multi\n  line\"\n",
        "title: 'multi\n  line'\n",
        "title: \"unclosed\n",
        "title: \"bad \\q escape\"\n",
        "title: \"bell \\a\"\n",
        "title: \"nul \\0\"\n",
        "title: \"surrogate \\ud800\"\n",
        "title: \"control \\u0001\"\n",
        "title: \"short \\u12\"\n",
        "title: \"long \\U0001F600\"\n",
        "title: \"hex \\x41\"\n",
        "title: \"line sep \\u2028\"\n",
        "tags: [\"a\", b]\n",
        "\"title\": x\n",
        "title: \"a\"\"b\"\n",
    ]

    private func both(_ yaml: String) -> (fast: (FrontMatter?, [Diagnostic]), yams: (FrontMatter?, [Diagnostic])) {
        let text = Substring("---\n" + yaml + "---\nBody\n")
        return (
            FrontMatter.read(text, path: "r.md"),
            FrontMatter.read(text, path: "r.md", plainFastPath: false)
        )
    }

    @Test(arguments: plain) func fastPathReadsPlainYAMLAsYamsDoes(_ yaml: String) throws {
        #expect(PlainYAML.read(yaml, lineOffset: 1) != nil)
        let (fast, yams) = both(yaml)
        #expect(yams.1.isEmpty)
        #expect(fast.1 == yams.1)
        let fastFields = try #require(fast.0?.fields)
        #expect(fastFields == yams.0?.fields)
        #expect(fast.0?.bodyStartLine == yams.0?.bodyStartLine)
    }

    /// Every value of up to three characters drawn from the ones that end,
    /// start or quote something in YAML, as a field, a list entry and a flow
    /// list element: whenever the fast path reads one, Yams reads the same.
    @Test(arguments: ["title: %\n", "list:\n  - %\n", "tags: [%]\n", "a: x%y\n"])
    func fastPathAgreesWithYamsOnPunctuation(_ template: String) {
        let alphabet = ["a", "1", " ", ",", ":", "#", "[", "]", "{", "}", "'", "\"", "-", "&", "?"]
        var values = alphabet
        for _ in 1..<3 { values += values.filter { $0.count == values.last!.count }.flatMap { v in alphabet.map { v + $0 } } }
        var read = 0
        for value in values {
            let yaml = template.replacingOccurrences(of: "%", with: value)
            guard PlainYAML.read(yaml, lineOffset: 1) != nil else { continue }
            read += 1
            let (fast, yams) = both(yaml)
            #expect(yams.1.isEmpty, "\(yaml)")
            #expect(fast.0?.fields == yams.0?.fields, "\(yaml)")
        }
        #expect(read > 100)
    }

    @Test(arguments: other) func everythingElseGoesToYams(_ yaml: String) {
        #expect(PlainYAML.read(yaml, lineOffset: 1) == nil)
        let (fast, yams) = both(yaml)
        #expect(fast.1 == yams.1)
        #expect(fast.0?.fields == yams.0?.fields)
    }
}
