import Foundation
@testable import LarderSite
import Testing

/// config/aisle.conf and config/pantry.conf are read with larder.json, so a
/// change to either makes the next build a real one, as a larder.json
/// change does.
struct CookConfigInputsTests {
    @Test func aChangeToTheCookConfigIsAChange() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.make("kitchen/recipes/soup.md", "---\ntitle: Soup\n---\n")
        let inputs = BuildInputs(dataFolder: URL(fileURLWithPath: folder.path("kitchen")), options: [], secret: nil)
        let writer = folder.writer()
        func build() throws {
            let record = BuildRecord(inputs: inputs, before: inputs.settledSnapshot(), warnings: "", colouredWarnings: "")
            _ = try writer.write(record: record) { sink in try sink.add(OutputFile(path: "index.html", text: "hi")) }
        }
        try build()
        #expect(writer.upToDate(inputs) != nil)
        for path in ["kitchen/config/aisle.conf", "kitchen/config/pantry.conf"] {
            _ = try folder.make(path, "[produce]\n")
            #expect(writer.upToDate(inputs) == nil, "\(path) made")
            try build()
            #expect(writer.upToDate(inputs) != nil)
            try "[dairy]\nmilk\n".write(toFile: folder.path(path), atomically: false, encoding: .utf8)
            #expect(writer.upToDate(inputs) == nil, "\(path) changed")
            try build()
        }
    }
}
