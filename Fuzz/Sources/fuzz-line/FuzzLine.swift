import FuzzSupport
import LarderQuantities

/// The item and ingredient line parser and quantities. The first byte picks
/// the reader (item, ingredient, quantity alone); the rest is the line.
/// Offsets and ranges stay inside the line, problems come in offset order,
/// quantities are well-formed and read back (see `checkQuantity`), and the
/// display of a quantity in every unit it could have works.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let length = text.unicodeScalars.count
    switch data[0] % 3 {
    case 0: check(LineParser.parseItem(text), length: length)
    case 1: check(LineParser.parseIngredient(text), length: length)
    default:
        switch LineParser.parseQuantity(text) {
        case .success(let quantity): checkQuantity(quantity)
        case .failure(let problem):
            invariant(problem.offset >= 0 && problem.offset <= length, "problem offset \(problem.offset) of \(length)")
        }
    }
    return 0
}

private func check(_ line: ParsedLine, length: Int) {
    let ranges = [
        line.quantityRange, line.unitRange, line.nameRange, line.noteRange, line.storeRange,
        line.categoryRange, line.priorityRange, line.recipeRange,
    ]
    for case let range? in ranges {
        invariant(range.lowerBound >= 0 && range.upperBound <= length, "range \(range) outside \(length) scalars")
    }
    for problem in line.problems {
        invariant(problem.offset >= 0 && problem.offset <= length, "problem offset \(problem.offset) of \(length)")
        invariant(!problem.message.isEmpty && !problem.code.isEmpty, "a problem without message or code")
    }
    invariant(
        zip(line.problems, line.problems.dropFirst()).allSatisfy { $0.offset <= $1.offset },
        "problems out of offset order: \(line.problems.map(\.offset))")
    invariant(line.name == line.name.trimmingCharacters(in: " "), "name \(line.name.debugDescription) has outer spaces")
    if let quantity = line.quantity {
        checkQuantity(quantity)
        _ = QuantityDisplay.text(quantity, unit: line.unit, unitName: line.unit?.singular, system: nil)
        for system in Unit.System.allCases {
            _ = QuantityDisplay.text(quantity, unit: line.unit, unitName: nil, system: system)
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var text = self[...]
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}
