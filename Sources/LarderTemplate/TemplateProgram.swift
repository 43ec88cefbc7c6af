/// Every template of a library compiled into one flat list of instructions,
/// which the renderer walks by index.
///
/// Why flat: a tree of `indirect enum` nodes is a tree of shared boxes, and
/// walking it retains and releases every box it passes (three quarters of the
/// template engine's time in a profile of a 10,000-recipe build, and worse on
/// two threads, which contend for the same counts). Here an instruction holds
/// only integers: a section's body is the instructions after it up to its
/// `end`, text is a range of one byte buffer, names and partials are indices
/// into tables resolved when a template is registered. One buffer for all
/// templates lets a parent's blocks, given by another template, be plain
/// ranges too.
struct TemplateProgram: Sendable {
    var instructions: [Instruction] = []
    /// The literal text of every template, back to back.
    var text: [UInt8] = []
    var names: [CompiledName] = []
    /// Names' path parts and transforms, by `CompiledName` ranges.
    var words: [String] = []
    /// Each word's `TemplateValue.key`, for lookups.
    var wordKeys: [UInt64] = []
    /// The templates fixed partials name, and where each starts (nil: not
    /// registered, renders nothing), refreshed on every registration.
    var partialNames: [String] = []
    var partialTargets: [Range<Int32>?] = []
    /// Blocks given to parents, by `PartialCall.overrides` ranges.
    var givenBlocks: [GivenBlock] = []
    /// Block names as small integers, so that the renderer compares integers.
    var blockIDs: [String: Int32] = [:]
    /// Where each registered template's instructions are.
    var entries: [String: Range<Int32>] = [:]

    /// Appends `template`'s instructions and makes it the one named `name`.
    mutating func add(_ nodes: [Node], name: String) {
        let start = Int32(instructions.count)
        compile(nodes)
        entries[name] = start..<Int32(instructions.count)
        partialTargets = partialNames.map { entries[$0] }
    }

    private mutating func compile(_ nodes: [Node]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                instructions.append(.text(textRange(bytes)))
            case .variable(let name, let escaped):
                instructions.append(.variable(intern(name), escaped: escaped))
            case .section(let name, let children):
                let id = intern(name)
                body(children) { .section(id, end: $0) }
            case .inverted(let name, let children):
                let id = intern(name)
                body(children) { .inverted(id, end: $0) }
            case .partial(let partial, let indentation, let overrides):
                var call = PartialCall(
                    target: 0, dynamic: false, indentation: textRange(indentation ?? []), overrides: 0..<0
                )
                switch partial {
                case .fixed(let name):
                    if let index = partialNames.firstIndex(of: name) {
                        call.target = Int32(index)
                    } else {
                        call.target = Int32(partialNames.count)
                        partialNames.append(name)
                    }
                case .dynamic(let name):
                    call.target = intern(name)
                    call.dynamic = true
                }
                if let overrides {
                    // Compiled after the call (skipped over by it): each
                    // block's content is a range the parent's block renders.
                    let index = instructions.count
                    instructions.append(.partial(call))
                    var given: [GivenBlock] = []
                    for (block, content) in overrides.sorted(by: { $0.key < $1.key }) {
                        let start = Int32(instructions.count)
                        compile(content)
                        given.append(GivenBlock(block: blockID(block), content: start..<Int32(instructions.count)))
                    }
                    call.overrides = Int32(givenBlocks.count)..<Int32(givenBlocks.count + given.count)
                    call.next = Int32(instructions.count)
                    givenBlocks += given
                    instructions[index] = .partial(call)
                } else {
                    instructions.append(.partial(call))
                }
            case .block(let name, let defaultContent, let indentation):
                let id = blockID(name)
                let indent = textRange(indentation ?? [])
                body(defaultContent) { .block(id, end: $0, indentation: indent) }
            case .definition:
                // Only inside a parent's arguments, which keep them as overrides.
                continue
            }
        }
    }

    /// Appends an instruction whose body (`children`) follows it, up to `end`.
    private mutating func body(_ children: [Node], _ make: (Int32) -> Instruction) {
        let index = instructions.count
        instructions.append(.text(0..<0))
        compile(children)
        instructions[index] = make(Int32(instructions.count))
    }

    private mutating func textRange(_ bytes: [UInt8]) -> Range<Int32> {
        guard !bytes.isEmpty else { return 0..<0 }
        let start = Int32(text.count)
        text += bytes
        return start..<Int32(text.count)
    }

    private mutating func blockID(_ name: String) -> Int32 {
        if let id = blockIDs[name] { return id }
        let id = Int32(blockIDs.count)
        blockIDs[name] = id
        return id
    }

    private mutating func intern(_ name: TagName) -> Int32 {
        let path = Int32(words.count)..<Int32(words.count + name.path.count)
        words += name.path
        let transforms = Int32(words.count)..<Int32(words.count + name.transforms.count)
        words += name.transforms
        let compiled = CompiledName(path: path, transforms: transforms, anchored: name.anchored)
        if let index = names.firstIndex(where: { self.same($0, compiled) }) {
            words.removeLast(name.path.count + name.transforms.count)
            return Int32(index)
        }
        wordKeys += (name.path + name.transforms).map(TemplateValue.key)
        names.append(compiled)
        return Int32(names.count - 1)
    }

    private func same(_ a: CompiledName, _ b: CompiledName) -> Bool {
        a.anchored == b.anchored && a.path.count == b.path.count && a.transforms.count == b.transforms.count
            && zip(a.path, b.path).allSatisfy { words[Int($0)] == words[Int($1)] }
            && zip(a.transforms, b.transforms).allSatisfy { words[Int($0)] == words[Int($1)] }
    }
}

/// One step; only integers, so reading one retains nothing.
enum Instruction: Sendable, Equatable {
    /// Bytes of `TemplateProgram.text`.
    case text(Range<Int32>)
    case variable(Int32, escaped: Bool)
    /// `{{#name}}`: the body is the instructions up to `end`.
    case section(Int32, end: Int32)
    case inverted(Int32, end: Int32)
    case partial(PartialCall)
    /// `{{$name}}default{{/name}}`: the default is the body up to `end`.
    case block(Int32, end: Int32, indentation: Range<Int32>)
}

/// `{{>name}}`, `{{>*name}}` or `{{<parent}}…{{/parent}}`.
struct PartialCall: Sendable, Equatable {
    /// An index into `partialNames`, or for a dynamic partial into `names`.
    var target: Int32
    var dynamic: Bool
    /// Text of `TemplateProgram.text` (empty: none).
    var indentation: Range<Int32>
    /// Blocks given to a parent: a range of `givenBlocks`.
    var overrides: Range<Int32>
    /// The instruction after the call and its blocks' content (0: the next one).
    var next: Int32 = 0
}

struct GivenBlock: Sendable, Equatable {
    var block: Int32
    var content: Range<Int32>
}

/// A `TagName` as ranges of `TemplateProgram.words`.
struct CompiledName: Sendable, Equatable {
    var path: Range<Int32>
    var transforms: Range<Int32>
    var anchored: Bool

    var isSequenceTransform: Bool { path.isEmpty && !anchored && !transforms.isEmpty }
}
