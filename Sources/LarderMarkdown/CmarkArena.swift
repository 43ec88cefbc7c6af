import CCmarkGFM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bump allocator for cmark while it parses: cmark makes about 200 small
/// allocations per recipe (nodes, inline strings, buffers) and frees each
/// one again; with the default allocator those malloc/free pairs cost more
/// than the parse's own work once many files are read on several threads.
/// Here an allocation moves a pointer in a chunk, `free` does nothing (or
/// gives back the last allocation), and everything goes at once when the
/// outermost `withArena` returns, after cmark freed the document and the
/// parser.
///
/// cmark's allocator callbacks take no context, so each thread has its own
/// arena, found through a pthread key; a parse runs on one thread from
/// `cmark_parser_new_with_mem` to `cmark_parser_free`, so nothing is shared.
enum CmarkArena {
    /// Runs `body` with an allocator for `cmark_parser_new_with_mem`. Nothing
    /// that allocator returned may be used after `body` returns (nested calls
    /// on the same thread share the arena, which empties when the outermost
    /// one returns).
    static func withArena<Result>(_ body: (UnsafeMutablePointer<cmark_mem>) -> Result) -> Result {
        let state = State.current
        state.pointee.depth += 1
        defer {
            state.pointee.depth -= 1
            if state.pointee.depth == 0 { state.pointee.reset() }
        }
        var memory = cmark_mem(calloc: arenaCalloc, realloc: arenaRealloc, free: arenaFree)
        return withUnsafeMutablePointer(to: &memory) { body($0) }
    }

    /// Bytes before each allocation: its rounded size and whether it has a
    /// malloc block of its own. 16 keeps every allocation 16-aligned, as
    /// malloc's are.
    static let headerSize = 16
    /// Chunks stay below glibc's mmap threshold (128 KiB).
    static let chunkSize = 64 * 1024
    /// Larger allocations get their own malloc block, freed at reset.
    static let largeLimit = 8 * 1024
    /// Chunks kept across parses; more are freed at reset.
    static let keptChunks = 4

    /// One thread's arena, in malloc'd memory so the callbacks reach it
    /// without reference counting.
    struct State {
        /// A chunk starts with the next chunk's address; allocations follow.
        var firstChunk: UnsafeMutableRawPointer
        var chunk: UnsafeMutableRawPointer
        var next: UnsafeMutableRawPointer
        var end: UnsafeMutableRawPointer
        /// Large blocks, each starting with the previous one's address.
        var large: UnsafeMutableRawPointer?
        var depth = 0

        static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { raw in
                guard let raw else { return }
                let state = raw.assumingMemoryBound(to: State.self)
                state.pointee.reset()
                free(state.pointee.firstChunk)
                state.deallocate()
            }
            precondition(status == 0, "pthread_key_create failed")
            return key
        }()

        static var current: UnsafeMutablePointer<State> {
            if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: State.self) }
            let first = newChunk()
            let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
            state.initialize(to: State(
                firstChunk: first, chunk: first, next: first + CmarkArena.headerSize, end: first + CmarkArena.chunkSize, large: nil))
            pthread_setspecific(key, state)
            return state
        }

        static func newChunk() -> UnsafeMutableRawPointer {
            guard let chunk = malloc(CmarkArena.chunkSize) else { preconditionFailure("out of memory") }
            chunk.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            return chunk
        }

        mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer {
            let rounded = (Swift.max(size, 1) + 15) & ~15
            if rounded > CmarkArena.largeLimit { return allocateLarge(rounded) }
            if next + CmarkArena.headerSize + rounded > end {
                let following = chunk.load(as: UnsafeMutableRawPointer?.self) ?? {
                    let fresh = State.newChunk()
                    chunk.storeBytes(of: fresh, as: UnsafeMutableRawPointer?.self)
                    return fresh
                }()
                chunk = following
                next = following + CmarkArena.headerSize
                end = following + CmarkArena.chunkSize
            }
            let block = next + CmarkArena.headerSize
            next.storeBytes(of: rounded, as: Int.self)
            next.storeBytes(of: 0, toByteOffset: 8, as: Int.self)
            next = block + rounded
            return block
        }

        mutating func allocateLarge(_ rounded: Int) -> UnsafeMutableRawPointer {
            guard let raw = malloc(CmarkArena.headerSize * 2 + rounded) else { preconditionFailure("out of memory") }
            raw.storeBytes(of: large, as: UnsafeMutableRawPointer?.self)
            large = raw
            let header = raw + CmarkArena.headerSize
            header.storeBytes(of: rounded, as: Int.self)
            header.storeBytes(of: 1, toByteOffset: 8, as: Int.self)
            return header + CmarkArena.headerSize
        }

        mutating func reallocate(_ block: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer {
            guard let block else { return allocate(size) }
            let header = block - CmarkArena.headerSize
            let old = header.load(as: Int.self)
            if size <= old { return block }
            let rounded = (size + 15) & ~15
            // The last small allocation grows in place when its chunk has room.
            if header.load(fromByteOffset: 8, as: Int.self) == 0, block + old == next,
               rounded <= CmarkArena.largeLimit, block + rounded <= end {
                header.storeBytes(of: rounded, as: Int.self)
                next = block + rounded
                return block
            }
            let moved = allocate(size)
            moved.copyMemory(from: block, byteCount: old)
            return moved
        }

        mutating func discard(_ block: UnsafeMutableRawPointer?) {
            guard let block else { return }
            let header = block - CmarkArena.headerSize
            // Only the last small allocation can be given back before reset.
            if header.load(fromByteOffset: 8, as: Int.self) == 0, block + header.load(as: Int.self) == next {
                next = header
            }
        }

        mutating func reset() {
            while let block = large {
                large = block.load(as: UnsafeMutableRawPointer?.self)
                free(block)
            }
            // Keep the first few chunks for the next parse on this thread.
            var kept = firstChunk
            for _ in 1..<CmarkArena.keptChunks {
                guard let following = kept.load(as: UnsafeMutableRawPointer?.self) else { break }
                kept = following
            }
            var extra = kept.load(as: UnsafeMutableRawPointer?.self)
            kept.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            while let chunk = extra {
                extra = chunk.load(as: UnsafeMutableRawPointer?.self)
                free(chunk)
            }
            chunk = firstChunk
            next = firstChunk + CmarkArena.headerSize
            end = firstChunk + CmarkArena.chunkSize
        }
    }
}

private func arenaCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
    precondition(!overflow, "cmark allocation size overflows")
    let block = CmarkArena.State.current.pointee.allocate(bytes)
    block.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    return block
}

private func arenaRealloc(_ block: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    CmarkArena.State.current.pointee.reallocate(block, size)
}

private func arenaFree(_ block: UnsafeMutableRawPointer?) {
    CmarkArena.State.current.pointee.discard(block)
}
