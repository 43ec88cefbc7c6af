import FuzzSupport

/// A Markdown shopping list, whole: UTF-8 check, front matter, the body
/// through cmark-gfm, item lines, headings as categories, details.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzFile("lists/fuzz.md", fuzzBytes(data, size))
    return 0
}
