import LarderCore
import Testing

@testable import Larder

/// A problem found inside a string value (an ingredient line, a quantity
/// written as text) is put on its character when the text up to it is the
/// line's own, and otherwise at the value's start: escapes and folded YAML
/// scalars make offsets into the text no columns, and added to one they
/// pointed past the end of a line (found by the recipe-md fuzzer).
@Suite struct DocumentDecoderTests {
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var path: String
        var text: String
        /// "line:column code" per diagnostic, then "line:column recipe target"
        /// per recipe reference.
        var expected: [String]
    }

    static let json: [Case] = [
        Case(description: "JSON string copied from its line", path: "recipes/a.json", text: """
            {"title": "A", "ingredients": [
              "1 l milk (note",
              "2 [Stock](stock)"
            ]}
            """, expected: ["2:13 unclosed-note", "3:14 recipe stock"]),
        Case(description: "JSON escape after the problem", path: "recipes/a.json", text: """
            {"title": "A", "ingredients": [
              "1 l milk (caf\\u00e9",
              "2 [Stock](st\\u00f6ck)"
            ]}
            """, expected: ["2:13 unclosed-note", "3:14 bad-recipe-link"]),
        Case(description: "JSON escapes before the problem", path: "recipes/a.json", text: """
            {"title": "A", "ingredients": [
              "caf\\u00e9 (warm",
              "1 egg\\n(x",
              "1 \\"big\\" egg (x",
              "2 caf\\u00e9 [Stock](stock)"
            ]}
            """, expected: ["2:3 unclosed-note", "3:3 unclosed-note", "4:3 unclosed-note", "5:3 recipe stock"]),
        Case(description: "JSON values on one line", path: "recipes/a.json", text: """
            {"title": "A", "ingredients": ["1 l milk (note", "caf\\u00e9 (x", "2 l milk (y"]}
            """, expected: ["1:42 unclosed-note", "1:50 unclosed-note", "1:76 unclosed-note"]),
        Case(description: "JSON quantity text", path: "recipes/a.json", text: """
            {"title": "A", "ingredients": [
              {"name": "egg", "quantity": "2 x"},
              {"name": "egg", "quantity": "\\u00bd x"}
            ]}
            """, expected: ["2:32 bad-quantity", "3:31 bad-quantity"]),
    ]

    static let yaml: [Case] = [
        Case(description: "YAML plain scalar: no quote to skip", path: "recipes/a.md", text: """
            ---
            title: A
            ingredients:
              - 1 l milk (note
              - 2 [Stock](stock)
              - name: egg
                quantity: 2 x
            ---

            """, expected: ["4:14 unclosed-note", "7:15 bad-quantity", "5:15 recipe stock"]),
        Case(description: "YAML quoted scalars copied from their line", path: "recipes/a.md", text: """
            ---
            title: A
            ingredients:
              - "1 l milk (note"
              - '1 l milk (note'
              - name: egg
                quantity: "2 x"
            ---

            """, expected: ["4:15 unclosed-note", "5:15 unclosed-note", "7:16 bad-quantity"]),
        Case(description: "YAML quoted escapes before the problem", path: "recipes/a.md", text: """
            ---
            title: A
            ingredients:
              - "caf\\u00e9 (warm"
              - 'cook''s pot (x'
              - "2 caf\\u00e9 [Stock](stock)"
            ---

            """, expected: ["4:5 unclosed-note", "5:5 unclosed-note", "6:5 recipe stock"]),
        Case(description: "YAML plain scalar folded over lines", path: "recipes/a.md", text: """
            ---
            title: A
            ingredients:
              - 1 l s (stoc
                more
              - 1 l stoc
                (more
            ---

            """, expected: ["4:11 unclosed-note", "6:5 unclosed-note"]),
        Case(description: "YAML quoted scalar folded over lines", path: "recipes/a.md", text: """
            ---
            title: A
            ingredients:
              - "1 l stoc
                (more"
            ---

            """, expected: ["4:5 unclosed-note"]),
        Case(description: "YAML block scalar", path: "recipes/a.md", text: """
            ---
            title: A
            ingredients:
              - >
                1 l milk (note
            ---

            """, expected: ["4:5 unclosed-note"]),
        // The fuzzer's input: `check` said 5:39 on a line of 16 characters.
        Case(description: "the fuzz finding", path: "recipes/x.md", text: """
            ---
            title: X
            ingredients:
             - 0 l stoc
              - 0 l s(ostoc]
            ---

            """, expected: ["4:4 bad-quantity", "4:4 unclosed-note"]),
    ]

    @Test(arguments: json + yaml)
    func problemIsPlaced(_ test: Case) throws {
        let placed = try Self.decode(test)
        #expect(placed == test.expected)
    }

    /// The fast reader and Yams give the same positions, so the same places.
    @Test(arguments: yaml)
    func yamsPlacesItTheSame(_ test: Case) throws {
        let placed = try Self.decode(test, plainFastPath: false)
        #expect(placed == test.expected)
    }

    @Test func placementNeverPassesTheLine() {
        let rest: Substring = #""caf\u00e9 (warm""#
        let place = TextPlacement(of: "café (warm", at: SourcePosition(line: 4, column: 5), from: rest)
        #expect(place.start == SourcePosition(line: 4, column: 6))
        #expect(place.position(2) == SourcePosition(line: 4, column: 8))
        for offset in [3, 5, 10, 11, -1] {
            #expect(place.position(offset) == SourcePosition(line: 4, column: 5), "offset \(offset)")
        }
        let whole = TextPlacement(of: "1 egg", at: SourcePosition(line: 1, column: 3), from: "1 egg")
        #expect(whole.position(5) == SourcePosition(line: 1, column: 8))
        #expect(whole.position(6) == SourcePosition(line: 1, column: 3))
        let noLine = TextPlacement(of: "1 egg", at: SourcePosition(line: 9, column: 3), from: nil)
        #expect(noLine.position(1) == SourcePosition(line: 9, column: 3))
    }

    static func decode(_ test: Case, plainFastPath: Bool = true) throws -> [String] {
        let bytes = Array(test.text.utf8)
        let root: JSONValue?
        if test.path.hasSuffix(".json") {
            root = try JSONReader.parse(bytes)
        } else {
            let (frontMatter, problems) = FrontMatter.read(Substring(test.text), path: test.path, plainFastPath: plainFastPath)
            #expect(problems.isEmpty)
            root = frontMatter?.fields
        }
        var decoder = DocumentDecoder(path: test.path, bytes: bytes)
        _ = decoder.recipe(try #require(root), id: "a")
        return decoder.diagnostics.map { "\($0.location?.position.description ?? "-") \($0.code)" }
            + decoder.references.map { "\($0.location.position) \($0.kind.rawValue) \($0.target)" }
    }
}
