import CCmarkGFM
import LarderCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parser's lifetime around one use of a cmark document. Everything that
/// cmark allocates is freed in a `defer` here or in the caller's closure.
enum Cmark {
    /// GFM extensions for parsing: what Larder's files use.
    static let parseExtensions = ["table", "strikethrough", "autolink", "tasklist"]
    /// For rendering, `tagfilter` too: GitHub's filter of dangerous tags, a
    /// second line behind safe mode (which already drops all raw HTML).
    static let renderExtensions = parseExtensions + ["tagfilter"]

    /// cmark-gfm's extension registry is process-global and registering
    /// mutates it, so it happens once; Swift runs a `static let` initialiser
    /// exactly once even when several threads ask for it first.
    private static let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark-gfm 0.29 keeps the characters that start an extension's inline
    /// syntax (`~` for strikethrough, `w` and `:` for autolinks, `|` for
    /// tables) in process-global tables: each parse sets them when its
    /// inline pass starts and clears them when it ends
    /// (`cmark_manage_extensions_special_characters`; github/cmark-gfm#176).
    /// Two inline passes at once on two threads lose each other's: one that
    /// ends clears `~` while the other is still reading `~~struck~~`, which
    /// then stays text, so the same file could give two different pages.
    /// The inline pass (`cmark_parser_finish`) therefore runs one at a time;
    /// the block pass (`cmark_parser_feed`) and everything after, in parallel.
    /// A pthread mutex: what it guards is C state, and the parser pointer
    /// does not cross into a Swift `Mutex`'s closure.
    nonisolated(unsafe) private static let inlinePass: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// Parses `bytes` with `options` and `extensions` and gives `body` the
    /// document root and the parser's extension list (for the HTML renderer).
    /// Neither pointer may escape `body`. With `inArena`, cmark allocates from
    /// this thread's `CmarkArena` instead of malloc: for callers that only
    /// read the tree, since cmark's renderers allocate their output with the
    /// document's allocator.
    static func withDocument<Result>(
        _ bytes: [UInt8], options: Int32, extensions: [String], inArena: Bool = false,
        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result {
        guard inArena else {
            return withDocument(bytes, options: options, extensions: extensions, memory: cmark_get_default_mem_allocator(), body)
        }
        return CmarkArena.withArena { memory in
            withDocument(bytes, options: options, extensions: extensions, memory: memory, body)
        }
    }

    private static func withDocument<Result>(
        _ bytes: [UInt8], options: Int32, extensions: [String], memory: UnsafeMutablePointer<cmark_mem>,
        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result {
        _ = extensionsRegistered
        // cmark's default allocator aborts on failure, so these only return
        // nil if that changes: nothing a caller could recover from.
        guard let parser = cmark_parser_new_with_mem(options, memory) else {
            preconditionFailure("cmark_parser_new returned NULL")
        }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress, chars.count > 0 {
                    cmark_parser_feed(parser, base, chars.count)
                }
            }
        }
        pthread_mutex_lock(inlinePass)
        let finished = cmark_parser_finish(parser)
        pthread_mutex_unlock(inlinePass)
        guard let root = finished else {
            preconditionFailure("cmark_parser_finish returned NULL")
        }
        defer { cmark_node_free(root) }
        return body(root, cmark_parser_get_syntax_extensions(parser))
    }

    /// Renders `root` to HTML. `CMARK_OPT_UNSAFE` is never passed: without it
    /// cmark-gfm 0.29 replaces raw HTML with `<!-- raw HTML omitted -->` and
    /// empties `javascript:`, `vbscript:`, `file:` and `data:` URLs (except
    /// `data:image/png|gif|jpeg|webp`).
    static func renderHTML(_ root: OpaquePointer, extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        guard let html = cmark_render_html(root, CMARK_OPT_DEFAULT, extensions) else { return "" }
        // The renderer allocates with the document's allocator, the default one.
        defer { cmark_get_default_mem_allocator().pointee.free(html) }
        return ForbiddenCharacters.replaced(in: String(cString: html))
    }

    /// Whether `node`'s type is the extension type `name` ("tasklist",
    /// "table"…), compared in place: no String per node.
    static func typeName(of node: OpaquePointer, is name: StaticString) -> Bool {
        guard let type = cmark_node_get_type_string(node) else { return false }
        return name.withUTF8Buffer { expected in
            // A shorter type name stops at its NUL, which no name byte equals.
            for (index, byte) in expected.enumerated() where UInt8(bitPattern: type[index]) != byte { return false }
            return type[expected.count] == 0
        }
    }

    /// A string of cmark's, with what no page may hold replaced by U+FFFD:
    /// the data files were checked for such characters, but cmark makes them
    /// from character references such as `&#1;`.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { ForbiddenCharacters.replaced(in: String(cString: $0)) } ?? ""
    }
}
