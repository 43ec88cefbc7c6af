import FuzzSupport
import LarderCore

/// The positioned JSON reader. Accepted input must write back to JSON that
/// reads to the same value; every position (values, keys, errors) must be
/// inside the input, and values' and keys' positions must follow source order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let bounds = PositionBounds(path: "input.json", bytes: bytes)
    let value: JSONValue
    do {
        value = try JSONReader.parse(bytes)
    } catch {
        bounds.check(error.position, "error \(error.reason.rawValue) \(error.message)")
        invariant(!error.message.isEmpty, "an error without a message")
        return 0
    }
    let positions = value.positionsInSourceOrder
    for position in positions { bounds.check(position, "a value or key") }
    for (earlier, later) in zip(positions, positions.dropFirst()) {
        invariant(earlier < later, "positions out of source order: \(earlier) then \(later)")
    }
    let text = value.serialised
    let reread: JSONValue
    do {
        reread = try JSONReader.parse(text)
    } catch {
        invariant(false, "the re-serialised value does not read back: \(error) in \(text)")
        return 0
    }
    if let difference = value.difference(from: reread) {
        invariant(false, "the re-serialised value reads back different: \(difference)")
    }
    // Writing is deterministic: the second round trip gives the same text.
    invariant(reread.serialised == text, "serialising the re-read value gives other text")
    return 0
}
