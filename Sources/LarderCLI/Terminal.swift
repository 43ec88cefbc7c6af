import ArgumentParser
import Foundation
import Larder
import LarderAllocator
import LarderSite

/// Where the commands' own text goes out. File names, ids and titles come
/// from the data, which is untrusted: a name holding an escape sequence must
/// not retitle, recolour or rewrite the terminal (control characters and
/// bidi overrides are shown as U+FFFD), and no message may carry the address
/// of an unlisted list (`TokenRedaction`). Diagnostics, which the formatter
/// colours, make their own parts printable and are written as they are.
enum Terminal {
    /// A message for people, to standard error: an error, a note, progress.
    static func message(_ text: String, redacting redaction: TokenRedaction = TokenRedaction()) {
        FileHandle.standardError.write(Data(DiagnosticFormatter.printable(redaction.apply(text)).utf8))
    }

    /// Text made by `DiagnosticFormatter`, to standard error as it is: the
    /// formatter made its parts printable and coloured it, and the pipeline
    /// hid the addresses of unlisted lists in the error that stopped it.
    static func diagnostics(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// With LARDER_TIMINGS=1: each stage's wall and CPU time, in order.
    static func timings(_ timings: StageTimings) {
        func ms(_ duration: Duration) -> String { String(format: "%.1f", seconds(duration) * 1000) }
        for entry in timings.entries {
            switch entry {
            case .stage(let stage): message("timing: \(stage.name): \(ms(stage.wall)) ms (cpu \(ms(stage.cpu)) ms)\n")
            case .note(let text): message("timing: \(text)\n")
            case .figure(let what, let duration): message("timing: \(what): \(ms(duration)) ms\n")
            }
        }
    }

    /// With LARDER_TIMINGS=1: the allocator the run was served by
    /// (`LarderAllocator`), and that it served this thread.
    static func allocator() {
        guard let version = larder_allocator_version() else {
            message("timing: allocator: jemalloc is not answering\n")
            return
        }
        let arenas = larder_allocator_arenas(), allocated = larder_allocator_thread_allocated()
        let hugePages = larder_allocator_huge_pages().map { String(cString: $0) } ?? "unknown"
        message("timing: allocator: jemalloc \(String(cString: version)), \(arenas) arenas, huge pages \(hugePages), \(allocated) bytes allocated on the main thread\n")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// What the user asked for, to standard output (a sheet, a share, the
    /// path of a new file): printable, never redacted (a sheet's link to an
    /// unlisted list is its point).
    static func document(_ text: String) {
        FileHandle.standardOutput.write(Data(DiagnosticFormatter.printable(text).utf8))
    }
}

/// Prints `larder: error: message` to stderr and gives the exit code to throw.
/// The message is one line: a line feed in a name is shown as U+FFFD too, so
/// that it cannot start a line that passes for Larder's own.
func failure(_ message: String, status: Int32, redacting redaction: TokenRedaction = TokenRedaction()) -> ExitCode {
    Terminal.message(DiagnosticFormatter.printableLine("larder: error: \(message)") + "\n", redacting: redaction)
    return ExitCode(status)
}
