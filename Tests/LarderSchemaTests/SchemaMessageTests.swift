import LarderCore
import LarderSchema
import Testing

/// Whole violations, positions included, for the messages people read.
@Suite struct SchemaMessageTests {
    static let listSchema = """
        {
          "$id": "https://larder.invalid/list.schema.json",
          "type": "object",
          "required": ["title"],
          "additionalProperties": false,
          "properties": {
            "title": {"type": "string", "minLength": 1},
            "kind": {"enum": ["shopping", "checklist", "collection"]},
            "servings": {"type": "integer", "minimum": 1},
            "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
            "slug": {"type": "string", "pattern": "^[a-z0-9-]+$", "errorMessage": "use only a-z, 0-9 and -"},
            "tags": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"type": "string"}},
            "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}
          },
          "$defs": {
            "item": {
              "type": "object",
              "required": ["name"],
              "properties": {
                "name": {"type": "string"},
                "quantity": {"anyOf": [
                  {"type": "number", "exclusiveMinimum": 0},
                  {"type": "string", "pattern": "^[0-9 /.½¼¾-]+$"}
                ]}
              }
            }
          }
        }
        """

    func violations(
        _ instance: String, schema: String = listSchema, others: [String] = [], formats: Set<String> = []
    ) throws -> [SchemaViolation] {
        let compiled = try JSONSchema(
            JSONReader.parse(schema), others: others.map { try JSONReader.parse($0) }, assertFormats: formats)
        let value = try JSONReader.parse(instance)
        let violations = compiled.validate(value)
        #expect(compiled.isValid(value) == violations.isEmpty)
        return violations
    }

    func violation(
        _ keyword: String, _ path: String, _ line: Int, _ column: Int, _ message: String, hint: String? = nil
    ) -> SchemaViolation {
        SchemaViolation(
            keyword: keyword, instancePath: path, position: SourcePosition(line: line, column: column),
            message: message, hint: hint)
    }

    @Test func validInstanceHasNoViolations() throws {
        #expect(try violations(#"{"title": "Weekly", "kind": "shopping", "items": [{"name": "eggs", "quantity": 6}]}"#) == [])
    }

    @Test func wrongType() throws {
        #expect(try violations(#"{"title": 3}"#) == [violation("type", "/title", 1, 11, "expected a string, found a number")])
    }

    @Test func integerExpected() throws {
        #expect(
            try violations(#"{"title": "x", "servings": 2.5}"#)
                == [violation("type", "/servings", 1, 28, "expected an integer, found 2.5")])
    }

    @Test func missingRequiredFieldPointsAtTheObject() throws {
        #expect(try violations("\n  {}") == [violation("required", "", 2, 3, #"missing required field "title""#)])
    }

    @Test func unknownFieldPointsAtItsKeyWithNearestName() throws {
        #expect(
            try violations(#"{"titel": "Weekly"}"#) == [
                violation("required", "", 1, 1, #"missing required field "title""#),
                violation(
                    "additionalProperties", "/titel", 1, 2, #"unknown field "titel""#, hint: #"did you mean "title"?"#),
            ])
    }

    @Test func unknownFieldListsTheAllowedFieldsWhenFew() throws {
        let schema = #"{"properties": {"recipes": {}, "lists": {}, "items": {}}, "additionalProperties": false}"#
        #expect(
            try violations(#"{"stores": []}"#, schema: schema) == [
                violation(
                    "additionalProperties", "/stores", 1, 2, #"unknown field "stores""#,
                    hint: "allowed fields: items, lists, recipes")
            ])
    }

    @Test func enumListsTheChoicesAndSuggestsTheNearest() throws {
        #expect(
            try violations(#"{"title": "x", "kind": "weekly"}"#) == [
                violation("enum", "/kind", 1, 24, #""weekly" is not one of: shopping, checklist, collection"#)
            ])
        #expect(
            try violations(#"{"title": "x", "kind": "checklst"}"#) == [
                violation(
                    "enum", "/kind", 1, 24, #""checklst" is not one of: shopping, checklist, collection"#,
                    hint: #"did you mean "checklist"?"#)
            ])
    }

    @Test func bounds() throws {
        #expect(
            try violations(#"{"title": "", "servings": 0, "tags": []}"#) == [
                violation("minLength", "/title", 1, 11, "must not be empty"),
                violation("minimum", "/servings", 1, 27, "must be at least 1"),
                violation("minItems", "/tags", 1, 38, "must have at least 1 item"),
            ])
    }

    @Test func patternAndErrorMessage() throws {
        #expect(
            try violations(#"{"title": "x", "id": "Pancakes", "slug": "Pancakes"}"#) == [
                violation("pattern", "/id", 1, 22, #""Pancakes" does not match the pattern ^[a-z0-9-]+$"#),
                violation("pattern", "/slug", 1, 42, "use only a-z, 0-9 and -"),
            ])
    }

    /// Pattern answers are memoized per compiled schema: the same strings
    /// checked again, by one evaluation or another, give the same answers,
    /// and strings too long for the memo are still matched.
    @Test func patternAnswersRepeatAndLongStringsStillMatch() throws {
        let compiled = try JSONSchema(JSONReader.parse(Self.listSchema))
        let long = String(repeating: "a", count: 200)
        for _ in 0..<3 {
            let value = try JSONReader.parse(#"{"title": "x", "id": "pancakes", "slug": "Pan cakes"}"#)
            #expect(compiled.validate(value).map(\.keyword) == ["pattern"])
            #expect(compiled.validate(try JSONReader.parse(#"{"title": "x", "id": "\#(long)"}"#)).isEmpty)
            #expect(compiled.validate(try JSONReader.parse(#"{"title": "x", "id": "\#(long)A"}"#)).map(\.keyword) == ["pattern"])
        }
    }

    /// Lengths count code points, whatever their UTF-8 size: the byte
    /// count decides only where it can (one to four bytes a code point).
    @Test(arguments: [
        ("a", ["minLength"]), ("ab", []), ("abc", []), ("abcd", ["maxLength"]),
        ("é", ["minLength"]), ("éé", []), ("ééé", []), ("éééé", ["maxLength"]),
        ("🍮", ["minLength"]), ("🍮🍮", []), ("🍮🍮🍮", []), ("🍮🍮🍮🍮", ["maxLength"]), ("e\u{301}", []),
    ] as [(String, [String])])
    func lengthsCountCodePoints(_ text: String, _ keywords: [String]) throws {
        let compiled = try JSONSchema(JSONReader.parse(#"{"type": "string", "minLength": 2, "maxLength": 3}"#))
        #expect(compiled.validate(JSONValue(.string(text))).map(\.keyword) == keywords)
    }

    @Test func duplicateItem() throws {
        #expect(
            try violations(#"{"title": "x", "tags": ["a", "b", "c", "b"]}"#) == [
                violation("uniqueItems", "/tags/3", 1, 40, "duplicate item at index 3 (same as index 1)")
            ])
    }

    @Test func anyOfReportsTheBranchThatTakesTheType() throws {
        let instance = """
            {"title": "x", "items": [
              {"name": "flour", "quantity": "a lot"},
              {"name": "eggs", "quantity": -1},
              {"name": "milk", "quantity": {}}
            ]}
            """
        #expect(
            try violations(instance) == [
                violation(
                    "pattern", "/items/0/quantity", 2, 33, #""a lot" does not match the pattern ^[0-9 /.½¼¾-]+$"#),
                violation("exclusiveMinimum", "/items/1/quantity", 3, 32, "must be greater than 0"),
                violation("anyOf", "/items/2/quantity", 4, 32, "expected a number or a string, found an object"),
            ])
    }

    @Test func oneOfMatchingSeveralNamesThem() throws {
        let schema = #"{"oneOf": [{"title": "Whole", "type": "integer"}, {"title": "Any number", "type": "number"}]}"#
        #expect(
            try violations("3", schema: schema) == [
                violation(
                    "oneOf", "", 1, 1, #"matches more than one of the allowed forms: "Whole" and "Any number""#,
                    hint: "it must match exactly one")
            ])
    }

    @Test func notSaysWhatIsForbidden() throws {
        #expect(
            try violations(#""draft""#, schema: #"{"not": {"const": "draft"}}"#)
                == [violation("not", "", 1, 1, #"must not be "draft""#)])
    }

    @Test func assertedFormat() throws {
        #expect(
            try violations(#"{"added": "2024-02-30"}"#, schema: #"{"properties": {"added": {"format": "date"}}}"#, formats: ["date"])
                == [violation("format", "/added", 1, 11, #""2024-02-30" is not a valid date (YYYY-MM-DD)"#)])
        #expect(try violations(#""2024-02-30""#, schema: #"{"format": "date"}"#) == [])
    }

    @Test func decimalMultipleOf() throws {
        let schema = #"{"multipleOf": 0.0001}"#
        #expect(try violations("0.0075", schema: schema) == [])
        #expect(try violations("0.00751", schema: schema) == [violation("multipleOf", "", 1, 1, "must be a multiple of 0.0001")])
    }

    @Test func refsIntoOtherSchemas() throws {
        let other = #"{"$id": "https://larder.invalid/item.schema.json", "type": "object", "required": ["name"]}"#
        let schema = #"{"type": "array", "items": {"$ref": "item.schema.json"}}"#
        #expect(
            try violations(#"[{"name": "a"}, {}]"#, schema: schema, others: [other])
                == [violation("required", "/1", 1, 17, #"missing required field "name""#)])
    }

    @Test func unresolvableRefIsACompileError() throws {
        #expect(throws: SchemaCompileError.self) {
            try JSONSchema(JSONReader.parse(##"{"$ref": "#/$defs/missing"}"##))
        }
    }

    @Test func selfReferenceWithoutProgressFailsInsteadOfLooping() throws {
        let schema = try JSONSchema(JSONReader.parse(##"{"$ref": "#"}"##))
        #expect(!schema.isValid(JSONValue(.null)))
    }

    @Test func validatesFromManyTasksAtOnce() async throws {
        let schema = try JSONSchema(JSONReader.parse(Self.listSchema))
        let good = try JSONReader.parse(#"{"title": "Weekly", "items": [{"name": "eggs", "quantity": "6"}]}"#)
        let bad = try JSONReader.parse(#"{"titel": "Weekly"}"#)
        let results = await withTaskGroup(of: (Bool, Int).self) { group in
            for _ in 0..<8 {
                group.addTask { (schema.isValid(good), schema.validate(bad).count) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == (true, 2) })
    }
}
