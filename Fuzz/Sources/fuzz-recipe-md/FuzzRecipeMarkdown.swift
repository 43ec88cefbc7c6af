import FuzzSupport

/// A Markdown recipe, whole: front matter, description, Ingredients (with
/// groups), Directions, Notes, and the ingredient lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzFile("recipes/fuzz.md", fuzzBytes(data, size))
    return 0
}
