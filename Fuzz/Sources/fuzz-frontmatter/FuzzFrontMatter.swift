import FuzzSupport

/// The YAML front-matter reader (Yams, then YAML to positioned JSON, then
/// the list schema). The input is the YAML between the `---` fences of a
/// list file with an empty body, so the fuzzer spends its time in YAML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let yaml = fuzzBytes(data, size)
    fuzzFile("lists/front-matter.md", Array("---\n".utf8) + yaml + Array("\n---\n".utf8))
    return 0
}
