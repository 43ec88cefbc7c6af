import FuzzSupport
import LarderCooklang
import LarderCore

/// The Cooklang parser (`CooklangParser.parse`, which reads the file's UTF-8
/// bytes through unchecked buffer pointers, so an index past the end would
/// read memory silently outside this build): the input decoded leniently, as
/// the reader decodes a file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let path = "fuzz.cook"
    var text = String(decoding: bytes, as: UTF8.self)
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    let document = CooklangParser.parse(text, path: path)
    checkDiagnostics(document.diagnostics, files: [path: bytes])
    let bounds = PositionBounds(path: path, bytes: bytes)
    for entry in document.metadata {
        bounds.check(entry.keyPosition, "metadata key \(entry.key)")
        bounds.check(entry.valuePosition, "metadata value of \(entry.key)")
    }
    var previous = SourcePosition(line: 0, column: 0)
    for section in document.sections {
        bounds.check(section.position, "section \(section.name ?? "")")
        for block in section.blocks {
            switch block {
            case .note(let note):
                bounds.check(note.position, "note")
                invariant(!note.text.isEmpty, "an empty note")
                invariant(previous < note.position, "a note at \(note.position) after a block at \(previous)")
                previous = note.position
            case .step(let step):
                bounds.check(step.position, "step")
                invariant(!step.parts.isEmpty, "an empty step at \(step.position)")
                invariant(previous < step.position, "a step at \(step.position) after a block at \(previous)")
                previous = step.position
                check(step, bounds)
            }
        }
    }
    return 0
}

/// Texts are not empty and never two in a row; markers are inside the file,
/// after the step's start, in order, with their amounts' positions after them.
func check(_ step: CooklangDocument.Step, _ bounds: PositionBounds) {
    var wasText = false
    var last = step.position
    for part in step.parts {
        let marker: (SourcePosition, CooklangDocument.Amount?)
        switch part {
        case .text(let text):
            invariant(!text.isEmpty && !wasText, "an empty text or two texts in a row in the step at \(step.position)")
            wasText = true
            continue
        case .ingredient(let item):
            invariant(!item.name.isEmpty, "an ingredient without a name at \(item.position)")
            marker = (item.position, item.amount)
        case .cookware(let item):
            invariant(!item.name.isEmpty, "cookware without a name at \(item.position)")
            marker = (item.position, item.amount)
        case .timer(let item):
            marker = (item.position, item.amount)
        }
        wasText = false
        bounds.check(marker.0, "a marker")
        invariant(last <= marker.0, "a marker at \(marker.0) before \(last)")
        last = marker.0
        if let amount = marker.1 {
            bounds.check(amount.quantityPosition, "an amount")
            invariant(marker.0 < amount.quantityPosition, "an amount at \(amount.quantityPosition) before its marker")
            if let unit = amount.unitPosition {
                bounds.check(unit, "a unit")
                invariant(amount.quantityPosition <= unit, "a unit at \(unit) before its quantity")
            }
            if let number = amount.number { invariant(number.denominator > 0, "a number with denominator \(number.denominator)") }
        }
    }
}
