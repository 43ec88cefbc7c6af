import LarderCore

/// One render: walks the library's instructions over a stack of values,
/// appending bytes.
///
/// The state that partials and sections change (indentation, block
/// overrides, the position in a list) lives here and is saved and restored
/// around them, so walking allocates nothing beyond the output and the stack.
/// The program is read through buffer pointers, valid for the render
/// (`TemplateLibrary.render`): reading an instruction copies a few integers
/// and retains nothing.
struct TemplateRenderer {
    let code: UnsafeBufferPointer<Instruction>
    let text: UnsafeBufferPointer<UInt8>
    let names: UnsafeBufferPointer<CompiledName>
    let words: UnsafeBufferPointer<String>
    /// Each word's `TemplateValue.key`.
    let wordKeys: UnsafeBufferPointer<UInt64>
    let program: TemplateProgram
    var output: [UInt8] = []
    /// Values of the open sections, the page's value at the bottom.
    var stack: [TemplateValue]
    /// Written before every line of a standalone partial but its first
    /// (empty: none), and where that partial's output starts.
    var indentation: [UInt8] = []
    var indentStart = 0
    /// Blocks given by the parents being rendered; the outermost (first) wins.
    var overrides: [GivenBlock] = []
    /// The position in the innermost list section, for `index()` & co.
    var sequence: SequencePosition?
    /// Partials and blocks open, and the innermost's name (for errors).
    var depth = 0
    var template: String

    init(
        program: TemplateProgram, code: UnsafeBufferPointer<Instruction>, text: UnsafeBufferPointer<UInt8>,
        names: UnsafeBufferPointer<CompiledName>, words: UnsafeBufferPointer<String>,
        wordKeys: UnsafeBufferPointer<UInt64>, root: TemplateValue, template: String
    ) {
        self.program = program
        self.code = code
        self.text = text
        self.names = names
        self.words = words
        self.wordKeys = wordKeys
        self.template = template
        stack = [root]
        stack.reserveCapacity(16)
    }

    /// Runs the instructions in `range` (a template, a body or a block).
    mutating func run(_ range: Range<Int32>) throws(TemplateError) {
        var index = Int(range.lowerBound)
        let end = Int(range.upperBound)
        if indentation.isEmpty {
            while index < end { index = try step(index) }
            return
        }
        while index < end {
            // Like swift-mustache: an instruction that writes something at
            // the start of a line (of this partial's output) is indented first.
            let start = output.count
            guard start > indentStart, output[start - 1] == UInt8(ascii: "\n") else {
                index = try step(index)
                continue
            }
            output.append(contentsOf: indentation)
            let written = output.count
            index = try step(index)
            if output.count == written { output.removeLast(indentation.count) }
        }
    }

    /// Runs the instruction at `index` with its body; returns the index of
    /// the next one.
    private mutating func step(_ index: Int) throws(TemplateError) -> Int {
        switch code[index] {
        case .text(let range):
            let bytes = UnsafeBufferPointer(rebasing: text[Int(range.lowerBound)..<Int(range.upperBound)])
            if indentation.isEmpty { output.append(contentsOf: bytes) } else { writeIndented(bytes) }
            return index + 1

        case .variable(let name, let escaped):
            if let value = resolve(name) { write(value, escaped: escaped) }
            return index + 1

        case .section(let name, let end):
            let body = Int32(index + 1)..<end
            guard let value = resolve(name) else { return Int(end) }
            switch value {
            case .null: break
            case .bool(let isTrue): if isTrue { try run(body) }
            case .list(let items):
                let saved = sequence
                for (position, item) in items.enumerated() {
                    sequence = SequencePosition(index: position, count: items.count)
                    stack.append(item)
                    try run(body)
                    stack.removeLast()
                }
                sequence = saved
            default:
                let saved = sequence
                sequence = nil
                stack.append(value)
                try run(body)
                stack.removeLast()
                sequence = saved
            }
            return Int(end)

        case .inverted(let name, let end):
            let body = Int32(index + 1)..<end
            switch resolve(name) {
            case nil, .null?: try run(body)
            case .bool(let isTrue)?: if !isTrue { try run(body) }
            case .list(let items)? where items.isEmpty:
                let saved = sequence
                sequence = nil
                stack.append(.list(items))
                try run(body)
                stack.removeLast()
                sequence = saved
            default: break
            }
            return Int(end)

        case .partial(let call):
            let next = call.next == 0 ? index + 1 : Int(call.next)
            let name: String
            let target: Range<Int32>
            if call.dynamic {
                guard case .string(let dynamic)? = resolve(call.target), let entry = program.entries[dynamic] else {
                    return next
                }
                name = dynamic
                target = entry
            } else {
                guard let entry = program.partialTargets[Int(call.target)] else { return next }
                name = program.partialNames[Int(call.target)]
                target = entry
            }
            let saved = overrides.count
            for given in program.givenBlocks[Int(call.overrides.lowerBound)..<Int(call.overrides.upperBound)]
            where !overrides.contains(where: { $0.block == given.block }) {
                overrides.append(given)
            }
            try nest(target, indented: call.indentation, template: name)
            overrides.removeSubrange(saved...)
            return next

        case .block(let block, let end, let indented):
            let content = overrides.first { $0.block == block }?.content ?? Int32(index + 1)..<end
            try nest(content, indented: indented, template: template)
            return Int(end)
        }
    }

    /// Renders a partial's or block's instructions with more indentation, in
    /// a context of their own (no list position).
    private mutating func nest(_ range: Range<Int32>, indented: Range<Int32>, template name: String) throws(TemplateError) {
        guard depth < TemplateLibrary.maximumDepth else {
            throw TemplateError(
                template: template,
                reason: "partials nest more than \(TemplateLibrary.maximumDepth) deep: does {{>\(name)}} include itself?"
            )
        }
        let savedIndentation = indentation.count
        let savedStart = indentStart
        let savedSequence = sequence
        let savedTemplate = template
        indentation.append(contentsOf: UnsafeBufferPointer(rebasing: text[Int(indented.lowerBound)..<Int(indented.upperBound)]))
        indentStart = output.count
        sequence = nil
        template = name
        depth += 1
        try run(range)
        depth -= 1
        template = savedTemplate
        sequence = savedSequence
        indentStart = savedStart
        indentation.removeSubrange(savedIndentation...)
    }

    /// Text inside an indented partial: each line after a line break is
    /// indented (text was merged; each line was a node of its own).
    private mutating func writeIndented(_ text: UnsafeBufferPointer<UInt8>) {
        var lineStart = 0
        for index in text.indices where text[index] == UInt8(ascii: "\n") && index + 1 < text.count {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[lineStart...index]))
            output.append(contentsOf: indentation)
            lineStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[lineStart...]))
    }

    // MARK: Values

    /// The value a tag names: the first value on the stack (from the top)
    /// with the name's first part, then its parts inside that; a null is
    /// missing. Then the transforms, innermost first.
    func resolve(_ index: Int32) -> TemplateValue? {
        let name = names[Int(index)]
        var value: TemplateValue
        var transforms = Int(name.transforms.lowerBound)..<Int(name.transforms.upperBound)
        let path = Int(name.path.lowerBound)..<Int(name.path.upperBound)
        if name.isSequenceTransform {
            guard let sequence, let result = sequence.transform(words[transforms.upperBound - 1]) else { return nil }
            transforms = transforms.dropLast()
            value = result
        } else if name.anchored || path.isEmpty {
            value = stack[stack.count - 1]
            for part in path {
                guard let child = value.field(words[part], key: wordKeys[part]) else { return nil }
                value = child
            }
        } else {
            guard let found = lookUp(path) else { return nil }
            value = found
        }
        for transform in transforms.reversed() {
            guard let result = value.transformed(words[transform]) else { return nil }
            value = result
        }
        return value
    }

    private func lookUp(_ path: Range<Int>) -> TemplateValue? {
        let first = words[path.lowerBound], key = wordKeys[path.lowerBound]
        var index = stack.count - 1
        while index >= 0 {
            if var value = stack[index].field(first, key: key) {
                for part in path.dropFirst() {
                    guard let child = value.field(words[part], key: wordKeys[part]) else { return nil }
                    value = child
                }
                return value
            }
            index -= 1
        }
        return nil
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let string):
            if escaped { MarkupEscape.append(string, to: &output) } else { output.append(contentsOf: string.utf8) }
        case .int(let number): DecimalDigits.append(number, to: &output)
        case .double(let number): output.append(contentsOf: "\(number)".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .list, .object: return
        }
    }
}

/// The position in a list section: `{{first()}}`, `{{last()}}`,
/// `{{index()}}` (from 0), `{{even()}}`, `{{odd()}}`.
struct SequencePosition {
    var index: Int
    var count: Int

    func transform(_ name: String) -> TemplateValue? {
        switch name {
        case "first": .bool(index == 0)
        case "last": .bool(index == count - 1)
        case "index": .int(index)
        case "even": .bool(index % 2 == 0)
        case "odd": .bool(index % 2 == 1)
        default: nil
        }
    }
}
