import LarderCore

/// One render: walks the nodes over a stack of values, appending bytes.
///
/// The state that partials and sections change (indentation, block
/// overrides, the position in a list) lives here and is saved and restored
/// around them, so walking allocates nothing beyond the output and the stack.
struct TemplateRenderer {
    let library: TemplateLibrary
    var output: [UInt8] = []
    /// Values of the open sections, the page's value at the bottom.
    var stack: [TemplateValue]
    /// Written before every line of a standalone partial but its first
    /// (empty: none), and where that partial's output starts.
    var indentation: [UInt8] = []
    var indentStart = 0
    /// Blocks given by the parents being rendered; the outermost wins.
    var overrides: [String: [Node]] = [:]
    /// The position in the innermost list section, for `index()` & co.
    var sequence: SequencePosition?
    /// Partials and blocks open, and the innermost's name (for errors).
    var depth = 0
    var template: String

    init(library: TemplateLibrary, root: TemplateValue, template: String) {
        self.library = library
        self.template = template
        stack = [root]
        stack.reserveCapacity(16)
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        if indentation.isEmpty {
            for node in nodes { try render(node) }
            return
        }
        for node in nodes {
            // Like swift-mustache: a node that writes something at the start
            // of a line (of this partial's output) is indented first.
            let start = output.count
            guard start > indentStart, output[start - 1] == UInt8(ascii: "\n") else {
                try render(node)
                continue
            }
            output.append(contentsOf: indentation)
            let written = output.count
            try render(node)
            if output.count == written { output.removeLast(indentation.count) }
        }
    }

    private mutating func render(_ node: Node) throws(TemplateError) {
        switch node {
        case .text(let text):
            if indentation.isEmpty { output.append(contentsOf: text) } else { writeIndented(text) }

        case .variable(let name, let escaped):
            guard let value = resolve(name) else { return }
            write(value, escaped: escaped)

        case .section(let name, let children):
            guard let value = resolve(name) else { return }
            switch value {
            case .null: return
            case .bool(let isTrue): if isTrue { try render(children) }
            case .list(let items):
                let saved = sequence
                for (index, item) in items.enumerated() {
                    sequence = SequencePosition(index: index, count: items.count)
                    stack.append(item)
                    try render(children)
                    stack.removeLast()
                }
                sequence = saved
            default:
                let saved = sequence
                sequence = nil
                stack.append(value)
                try render(children)
                stack.removeLast()
                sequence = saved
            }

        case .inverted(let name, let children):
            switch resolve(name) {
            case nil, .null?: try render(children)
            case .bool(let isTrue)?: if !isTrue { try render(children) }
            case .list(let items)? where items.isEmpty:
                let saved = sequence
                sequence = nil
                stack.append(.list(items))
                try render(children)
                stack.removeLast()
                sequence = saved
            default: return
            }

        case .partial(let partial, let indented, let given):
            let name: String
            switch partial {
            case .fixed(let fixed): name = fixed
            case .dynamic(let tag):
                guard case .string(let dynamic)? = resolve(tag) else { return }
                name = dynamic
            }
            guard let template = library.templates[name] else { return }
            let saved = overrides
            if let given {
                if overrides.isEmpty {
                    overrides = given
                } else {
                    for (block, content) in given where overrides[block] == nil { overrides[block] = content }
                }
            }
            try nest(template.nodes, indented: indented, template: name)
            overrides = saved

        case .block(let name, let defaultContent, let indented):
            try nest(overrides[name] ?? defaultContent, indented: indented, template: template)

        case .definition:
            // Parents keep their blocks in `overrides`; none is left in a tree.
            return
        }
    }

    /// Renders a partial's or block's nodes with more indentation, in a
    /// context of their own (no list position).
    private mutating func nest(_ nodes: [Node], indented: [UInt8]?, template name: String) throws(TemplateError) {
        guard depth < TemplateLibrary.maximumDepth else {
            throw TemplateError(
                template: template,
                reason: "partials nest more than \(TemplateLibrary.maximumDepth) deep: does {{>\(name)}} include itself?"
            )
        }
        let savedIndentation = indentation
        let savedStart = indentStart
        let savedSequence = sequence
        let savedTemplate = template
        if let indented, !indented.isEmpty { indentation += indented }
        indentStart = output.count
        sequence = nil
        template = name
        depth += 1
        try render(nodes)
        depth -= 1
        template = savedTemplate
        sequence = savedSequence
        indentStart = savedStart
        indentation = savedIndentation
    }

    /// Text inside an indented partial: each line after a line break is
    /// indented (text nodes were merged; each line was a node of its own).
    private mutating func writeIndented(_ text: [UInt8]) {
        var lineStart = 0
        for index in text.indices where text[index] == UInt8(ascii: "\n") && index + 1 < text.count {
            output.append(contentsOf: text[lineStart...index])
            output.append(contentsOf: indentation)
            lineStart = index + 1
        }
        output.append(contentsOf: text[lineStart...])
    }

    // MARK: Values

    /// The value a tag names: the first value on the stack (from the top)
    /// with the name's first part, then its parts inside that; a null is
    /// missing. Then the transforms, innermost first.
    func resolve(_ name: TagName) -> TemplateValue? {
        var value: TemplateValue
        var transforms = name.transforms[...]
        if name.isSequenceTransform {
            guard let sequence, let last = transforms.popLast(), let result = sequence.transform(last) else { return nil }
            value = result
        } else if name.anchored || name.path.isEmpty {
            value = stack[stack.count - 1]
            for part in name.path {
                guard let child = value[part] else { return nil }
                value = child
            }
        } else {
            guard let found = lookUp(name.path) else { return nil }
            value = found
        }
        while let transform = transforms.popLast() {
            guard let result = value.transformed(transform) else { return nil }
            value = result
        }
        return value
    }

    private func lookUp(_ path: [String]) -> TemplateValue? {
        let first = path[0]
        var index = stack.count - 1
        while index >= 0 {
            if var value = stack[index][first] {
                for part in path.dropFirst() {
                    guard let child = value[part] else { return nil }
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
        case .int(let number): Self.append(number, to: &output)
        case .double(let number): output.append(contentsOf: "\(number)".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .list, .object: return
        }
    }

    /// Decimal digits without making a String.
    static func append(_ number: Int, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: buffer[(20 - count)...])
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
