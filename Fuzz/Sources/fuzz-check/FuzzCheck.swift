import Foundation
import FuzzSupport
import Larder
import LarderCore
import LarderSite

/// The whole `check`, then the site rendered in memory: the input is split
/// into the files of a data folder (see `FolderInput`), written to a scratch
/// folder, loaded with `KitchenLoader.load` and, when it has no errors,
/// rendered with `SiteBuilder.render()` (nothing is written).
///
/// Every diagnostic points inside its file; a folder without errors renders;
/// output paths are relative, unique and stay in the site; every JSON file
/// and every JSON-LD block of the site is valid JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = removeScratchAtExit
    let files = FolderInput.files(fuzzBytes(data, size))
    scratch.fill(with: files)
    let result: LoadResult
    do {
        result = try KitchenLoader.load(scratch.url)
    } catch {
        invariant(false, "the folder itself could not be loaded: \(error)")
        return 0
    }
    var byPath: [String: [UInt8]] = [:]
    for file in files { byPath[file.path] = file.bytes }
    checkDiagnostics(result.report.diagnostics, files: byPath)
    guard !result.report.hasErrors else { return 0 }

    let builder = SiteBuilder(kitchen: result.kitchen, dataFolder: scratch.url, theme: theme, unlisted: unlisted)
    let output: [OutputFile]
    do {
        output = try builder.render()
    } catch {
        invariant(false, "a folder without errors does not render: \(error)")
        return 0
    }
    var seen = Set<String>()
    for file in output {
        invariant(seen.insert(file.path).inserted, "two output files at \(file.path)")
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
        invariant(
            !file.path.hasPrefix("/") && !parts.contains("..") && !parts.contains(""),
            "output path \(file.path.debugDescription) leaves the site")
        guard case .bytes(let bytes) = file.contents else { continue }
        if file.path.hasSuffix(".json") {
            checkJSON(bytes, "\(file.path)")
        } else if file.path.hasSuffix(".html") {
            for block in jsonLDBlocks(bytes) { checkJSON(Array(block), "the JSON-LD of \(file.path)") }
        }
    }
    return 0
}

private let scratch = ScratchFolder(name: "larder-fuzz-check")
private let theme: Theme = {
    do { return try Theme.load(overrides: nil) } catch { fatalError("the built-in theme does not load: \(error)") }
}()
private let removeScratchAtExit: Void = { atexit { scratch.remove() } }()
private let unlisted = UnlistedLinks(secret: Array("fuzzing-secret-not-for-sites".utf8))

private func checkJSON(_ bytes: [UInt8], _ what: String) {
    do {
        _ = try JSONReader.parse(bytes)
    } catch {
        invariant(false, "\(what) is not valid JSON: \(error)")
    }
}

/// The contents of every `<script type="application/ld+json">` element.
private func jsonLDBlocks(_ html: [UInt8]) -> [ArraySlice<UInt8>] {
    let open = Array(#"<script type="application/ld+json">"#.utf8)
    let close = Array("</script>".utf8)
    var blocks: [ArraySlice<UInt8>] = []
    var index = html.startIndex
    while let start = firstRange(of: open, in: html, from: index) {
        guard let end = firstRange(of: close, in: html, from: start.upperBound) else {
            invariant(false, "a JSON-LD script is never closed")
            break
        }
        blocks.append(html[start.upperBound..<end.lowerBound])
        index = end.upperBound
    }
    return blocks
}

private func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    for i in start...(bytes.count - needle.count) where bytes[i] == needle[0] {
        if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
    }
    return nil
}
