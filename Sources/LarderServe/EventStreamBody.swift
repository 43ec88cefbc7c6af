import FlyingFox
import FlyingSocks

/// The body of a `text/event-stream` response: one page's events as they
/// come, each sent as a chunk. The response ends when the stream finishes
/// (shutdown); when the page goes away, a write fails, FlyingFox drops the
/// body, and `onDrop` runs, so the page stops being a listener.
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let events: AsyncStream<ServerSentEvent>
    let onDrop: @Sendable () -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), token: DropToken(onDrop))
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var base: AsyncStream<ServerSentEvent>.Iterator
        let token: DropToken
        // Tells EventSource to reconnect after a second when the server goes away.
        var pending: ArraySlice<UInt8> = Array("retry: 1000\n\n".utf8)[...]

        mutating func next() async -> UInt8? {
            await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            if pending.isEmpty {
                guard let event = await base.next() else { return nil }
                pending = event.bytes[...]
            }
            let taken = pending.prefix(Swift.max(1, count))
            pending = pending.dropFirst(taken.count)
            return taken
        }
    }

    /// Runs a closure when the last copy of the iterator is gone: the one
    /// thing a struct cannot do, hence a class.
    final class DropToken: Sendable {
        let onDrop: @Sendable () -> Void

        init(_ onDrop: @escaping @Sendable () -> Void) { self.onDrop = onDrop }

        deinit { onDrop() }
    }
}
