import LarderTemplate
import Testing

/// swift-mustache's transforms: `{{^empty(list)}}` and its company.
@Suite struct TransformTests {
    let data: TemplateValue = ["items": ["b", "a", "c"], "none": [], "name": "hot CROSS buns", "n": 4, "blank": ""]

    @Test func empty() throws {
        #expect(try render("{{^empty(items)}}some{{/empty(items)}}{{#empty(none)}} none{{/empty(none)}}", data) == "some none")
        #expect(try render("{{#empty(blank)}}blank{{/empty(blank)}}", data) == "blank")
        // A missing value has no transforms: the inverted section shows.
        #expect(try render("{{^empty(missing)}}shown{{/empty(missing)}}", data) == "shown")
    }

    @Test func listTransforms() throws {
        #expect(try render("{{count(items)}} {{first(items)}} {{last(items)}}", data) == "3 b c")
        #expect(try render("{{#reversed(items)}}{{.}}{{/reversed(items)}}", data) == "cab")
        #expect(try render("{{#sorted(items)}}{{.}}{{/sorted(items)}}", data) == "abc")
        #expect(try render("[{{first(none)}}]{{count(none)}}", data) == "[]0")
        #expect(try render("{{count(reversed(items))}}", data) == "3")
    }

    @Test func stringTransforms() throws {
        #expect(try render("{{uppercased(name)}}|{{lowercased(name)}}|{{capitalized(name)}}|{{reversed(name)}}", data)
            == "HOT CROSS BUNS|hot cross buns|Hot Cross Buns|snub SSORC toh")
    }

    @Test func numberTransforms() throws {
        #expect(try render("{{plusone(n)}} {{minusone(n)}} {{#even(n)}}even{{/even(n)}}{{#odd(n)}}odd{{/odd(n)}}", data) == "5 3 even")
    }

    @Test func positionInAList() throws {
        let template = "{{#items}}{{index()}}{{#first()}}^{{/first()}}{{.}}{{^last()}},{{/last()}}{{/items}}"
        #expect(try render(template, data) == "0^b,1a,2c")
        #expect(try render("[{{index()}}]", data) == "[]")
    }

    @Test func unknownTransformGivesNothing() throws {
        #expect(try render("[{{shout(name)}}][{{count(name)}}]{{^shout(name)}}none{{/shout(name)}}", data) == "[][]none")
    }

    @Test func sectionClosesWithTheSameTransform() {
        #expect(parseError("{{#empty(items)}}x{{/items}}") != nil)
    }
}
