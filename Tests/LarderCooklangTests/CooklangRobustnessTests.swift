import LarderCooklang
import LarderCore
import Testing

/// Generated text made of Cooklang's markup in every order: the parser
/// must not trap (the test build checks every byte index), and every
/// position it reports must be a real place in the file as SourceText (the
/// caret printer) splits it into lines.
struct CooklangRobustnessTests {
    static let pieces = [
        "@", "#", "~", "{", "}", "%", "=", "(", ")", "-", "--", "---", "[-", "-]", ">", ">>", ":", "\\", "./", "../",
        "/", ".", "\n", "\n\n", "\r\n", "\r", " ", "\t", "\u{2009}", "é", "🧂", "⸫", "salt", "hot chilli", "1/2", "3",
        "?", "&",
    ]

    static func positions(of document: CooklangDocument) -> [SourcePosition] {
        var positions = document.metadata.flatMap { [$0.keyPosition, $0.valuePosition] }
        positions += document.diagnostics.compactMap { $0.location?.position }
        for section in document.sections {
            positions.append(section.position)
            for block in section.blocks {
                switch block {
                case .note(let note):
                    positions.append(note.position)
                case .step(let step):
                    positions.append(step.position)
                    for part in step.parts {
                        switch part {
                        case .text: break
                        case .ingredient(let item): positions += [item.position] + amountPositions(item.amount)
                        case .cookware(let item): positions += [item.position] + amountPositions(item.amount)
                        case .timer(let item): positions += [item.position] + amountPositions(item.amount)
                        }
                    }
                }
            }
        }
        return positions
    }

    static func amountPositions(_ amount: CooklangDocument.Amount?) -> [SourcePosition] {
        guard let amount else { return [] }
        return [amount.quantityPosition] + (amount.unitPosition.map { [$0] } ?? [])
    }

    @Test func generatedMarkupParsesWithPositionsInTheFile() {
        // A fixed sequence (Knuth's MMIX LCG, high bits), so a failure can be
        // replayed.
        var state: UInt64 = 16
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<3000 {
            let text = (0..<next(41)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            let document = CooklangParser.parse(text, path: "r.cook")
            let lines = SourceText(path: "r.cook", text: text).lines
            for position in Self.positions(of: document) {
                let line = position.line >= 1 && position.line <= lines.count ? lines[position.line - 1] : nil
                #expect(
                    line != nil && position.column >= 1 && position.column <= line!.unicodeScalars.count + 1,
                    "\(position) is not in \(text.debugDescription)")
            }
            for case .step(let step) in document.sections.flatMap(\.blocks) {
                #expect(!step.parts.isEmpty)
                for (part, next) in zip(step.parts, step.parts.dropFirst()) {
                    if case .text = part, case .text = next { Issue.record("two texts in a row in \(text.debugDescription)") }
                }
                for case .text(let value) in step.parts where value.isEmpty {
                    Issue.record("an empty text in \(text.debugDescription)")
                }
            }
        }
    }
}
