import CCmarkGFM
import Testing

@testable import LarderMarkdown

@Suite struct CmarkArenaTests {
    /// The blocks of `text` with cmark on malloc or on the arena.
    private static func blocks(_ text: String, inArena: Bool) -> [MarkdownBlock] {
        let source = SourceText(text)
        return Cmark.withDocument(
            source.bytes, options: CMARK_OPT_SOURCEPOS | CMARK_OPT_SMART, extensions: Cmark.parseExtensions, inArena: inArena
        ) { root, _ in
            var builder = CmarkTreeBuilder(source: source, lineOffset: 0)
            return builder.build(root)
        }
    }

    /// Small documents, and ones whose buffers outgrow a chunk and the
    /// large-allocation limit (a 20 KB paragraph, a 2,000-row table, deep lists).
    @Test(arguments: [
        "", "# Title\n\nSome *text* with `code`, a [link](https://example.com) and \"quotes\" -- here.\n",
        "- [ ] 2 avocados\n- [x] apples\n\n| a | b |\n|---|:-:|\n| 1 | ~~2~~ |\n",
        String(repeating: "word and *more* words ", count: 1_000) + "\n",
        "| a | b |\n|---|---|\n" + String(repeating: "| *x* | y |\n", count: 2_000),
        (0..<600).map { String(repeating: "  ", count: $0 % 12) + "- item \($0) <b>html</b>\n" }.joined(),
        "```\n" + String(repeating: "code line\n", count: 3_000) + "```\n",
    ])
    func arenaParsesAsMallocDoes(_ text: String) {
        #expect(Self.blocks(text, inArena: true) == Self.blocks(text, inArena: false))
    }

    @Test func allocationsAreZeroedAlignedAndGrowWithTheirContent() {
        CmarkArena.withArena { memory in
            let calloc = memory.pointee.calloc!, realloc = memory.pointee.realloc!, free = memory.pointee.free!
            var blocks: [UnsafeMutableRawPointer] = []
            for size in [1, 7, 16, 100, 5_000, 9_000, 70_000] {
                let block = calloc(1, size)!
                #expect(Int(bitPattern: block) % 16 == 0)
                #expect(UnsafeRawBufferPointer(start: block, count: size).allSatisfy { $0 == 0 })
                block.initializeMemory(as: UInt8.self, repeating: 0xAB, count: size)
                blocks.append(block)
            }
            // Growing keeps the bytes, in place (the last allocation) or moved.
            var grown = realloc(blocks[1], 10)!
            grown = realloc(grown, 30_000)!
            #expect(UnsafeRawBufferPointer(start: grown, count: 7).allSatisfy { $0 == 0xAB })
            let last = realloc(nil, 40)!
            last.initializeMemory(as: UInt8.self, repeating: 0xCD, count: 40)
            let extended = realloc(last, 200)!
            #expect(extended == last)
            #expect(UnsafeRawBufferPointer(start: extended, count: 40).allSatisfy { $0 == 0xCD })
            free(extended)
            free(nil)
            // Earlier blocks are untouched by the later ones.
            #expect(UnsafeRawBufferPointer(start: blocks[3], count: 100).allSatisfy { $0 == 0xAB })
            #expect(UnsafeRawBufferPointer(start: blocks[6], count: 70_000).allSatisfy { $0 == 0xAB })
        }
    }

    @Test func aNestedArenaLeavesTheOuterOnesMemoryAlone() {
        CmarkArena.withArena { outer in
            let block = outer.pointee.calloc!(1, 64)!
            block.initializeMemory(as: UInt8.self, repeating: 0x5A, count: 64)
            #expect(Self.blocks("Nested *parse*\n", inArena: true) == Self.blocks("Nested *parse*\n", inArena: false))
            #expect(UnsafeRawBufferPointer(start: block, count: 64).allSatisfy { $0 == 0x5A })
        }
    }

    @Test func threadsParseInTheirOwnArenas() async {
        let text = "## Produce\n- [ ] 2 avocados\n- [x] apples\n\n" + String(repeating: "More *text* here. ", count: 500) + "\n"
        let expected = Self.blocks(text, inArena: false)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<50).allSatisfy { _ in Self.blocks(text, inArena: true) == expected } }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
