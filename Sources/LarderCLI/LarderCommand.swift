import ArgumentParser
import Foundation
import Larder

@main
struct LarderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "larder",
        abstract: "Shopping lists, recipes and favorites from a folder of plain files.",
        discussion: """
            Larder reads a data folder (larder.json, lists/, recipes/, favorites.json, images/) \
            and validates it, or builds it into a static site. Run 'larder help <command>' \
            for the details of a command.
            """,
        version: LarderVersion.current,
        subcommands: [CheckCommand.self, BuildCommand.self, ShareCommand.self, PrintCommand.self, HistoryCommand.self,
                      InitCommand.self, NewCommand.self, ImportCommand.self, ServeCommand.self,
                      ReadPageCommand.self]
    )

    /// Exit codes: 0 ok, 1 problems in the data, 2 wrong usage or a folder
    /// that cannot be read. ArgumentParser's own usage code (64) becomes 2.
    static func main() {
        // Past a file size limit (ulimit -f) a write should fail with EFBIG
        // and a message, not kill the process half way through a build.
        signal(SIGXFSZ, SIG_IGN)
        padHeap()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ExitCode {
            // The command printed its message already.
            exit(withError: error)
        } catch {
            let code = exitCode(for: error)
            // Help and version go to standard output, as ArgumentParser prints them.
            guard code != .success else { exit(withError: error) }
            // Usage errors quote the arguments: printable, like every message.
            Terminal.message(fullMessage(for: error) + "\n")
            Foundation.exit(code == .validationFailure ? ExitStatus.usage : code.rawValue)
        }
    }
}

/// A build allocates some hundred megabytes in small pieces: glibc is told
/// to grow its heaps 16 MB at a time (and keep as much when it trims) rather
/// than by a system call per step. Untouched, the padding costs no memory;
/// what a heap keeps after a trim does, in each thread's heap: 64 MB made a
/// full build of 10,000 recipes peak at 242–255 MB, 16 MB at 219–228 MB,
/// for 1–2 % on a one-recipe rebuild (no padding at all: +14 %).
/// `mallopt` is looked up by name: Glibc's Swift module leaves <malloc.h>
/// out. See docs/performance-log.md, "Issue 15's targets, a fourth look".
private func padHeap() {
    #if os(Linux)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let topPad: Int32 = -2  // M_TOP_PAD
    _ = unsafeBitCast(symbol, to: Mallopt.self)(topPad, 16 << 20)
    #endif
}

enum ExitStatus {
    static let ok: Int32 = 0
    static let dataErrors: Int32 = 1
    static let usage: Int32 = 2
}

