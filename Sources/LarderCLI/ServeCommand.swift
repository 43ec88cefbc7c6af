import ArgumentParser
import Dispatch
import Foundation
import Larder
import LarderServe
import LarderSite
import Synchronization

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site: build it into memory, serve it, rebuild and reload pages on every change.",
        discussion: """
            The site is built as by 'larder build', held in memory and served on \
            127.0.0.1 (this computer only) by default. The data folder is watched \
            (larder.json, favorites.json, lists/, recipes/, images/, templates/): on a \
            change the site is rebuilt and open pages reload. When a change breaks the \
            folder, the problems are printed here and shown over the page, and the last \
            good site stays served. Nothing is written to disk.

            Exit status: 0 stopped with Ctrl-C, 2 wrong usage, a folder that cannot be \
            read or holds no data (no larder.json, lists/, recipes/ or .cook files), or a \
            port that is taken.
            """
    )

    @OptionGroup var folder: DataFolderArguments
    var directory: String { folder.path }

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 8080

    @Option(help: "The address to listen on. Anything but loopback shares the site, unlisted lists included, with the network. Requests must name this address (or, for loopback, localhost) as their Host.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the site in the browser (with xdg-open, when there is one).")
    var open = false

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    func run() throws {
        let folder = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw failure("\(directory): no such folder; give the data folder (the one with lists/ and recipes/)", status: ExitStatus.usage)
        }
        // As check and build do: an empty site from the wrong folder would
        // look like a working preview of nothing.
        try EmptyDataFolder.refuse(directory)
        let options = ServeOptions(
            folder: folder, displayName: directory, host: host, port: port,
            environment: ProcessInfo.processInfo.environment, color: color.enabled(for: STDERR_FILENO)
        )
        let server: PreviewServer
        do {
            server = try PreviewServer(options: options)
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }

        // Ctrl-C and SIGTERM stop the server; the process then exits 0.
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Task { await server.stop() } }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }

        let name = directory == "." ? folder.standardizedFileURL.lastPathComponent : directory
        let failed = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let openBrowser = open
        let hostName = host
        Task {
            do {
                try await server.run(onEvent: Self.reporter(pathPrefix: options.displayName))
            } catch {
                failed.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        Task {
            guard let port = try? await server.waitUntilListening(timeout: 365 * 24 * 3600) else { return }
            let shownHost = hostName.contains(":") ? "[\(hostName)]" : hostName
            let url = "http://\(shownHost):\(port)/"
            Terminal.document("Serving \(name) at \(url) (Ctrl-C to stop)\n")
            if openBrowser { Self.openInBrowser(url) }
        }
        done.wait()
        if let message = failed.withLock({ $0 }) {
            throw failure(message, status: ExitStatus.usage)
        }
    }

    /// Prints what each build came to, to standard error.
    static func reporter(pathPrefix: String) -> @Sendable (ServeEvent) -> Void {
        { report($0, pathPrefix: pathPrefix) }
    }

    private static func report(_ event: ServeEvent, pathPrefix: String) {
        let formatter = DiagnosticFormatter(format: .text, pathPrefix: pathPrefix)
        func changeList(_ paths: [String]) -> String {
            // Names of changed files, straight from the folder.
            let shown = paths.map { DiagnosticFormatter.printableLine(formatter.displayPath($0)) }
            return shown.count <= 3 ? shown.joined(separator: ", ") : "\(shown.prefix(2).joined(separator: ", ")) and \(shown.count - 2) more"
        }
        var out = ""
        switch event {
        case .built(let summary):
            out += summary.warnings ?? ""
            let time = seconds(summary.duration)
            if summary.changes.isEmpty {
                out += "built \(summary.pageCount) files in \(time) s\n"
            } else {
                let pages = summary.changedPages == 1 ? "1 file" : "\(summary.changedPages) files"
                let timings = summary.timings
                let files = timings.documentsRead + timings.documentsCached
                out += "\(changeList(summary.changes)): rebuilt in \(time) s (read \(timings.documentsRead) of \(files) files, "
                    + "checked in \(seconds(timings.load)) s, rendered in \(seconds(timings.render)) s), \(pages) of the site changed\n"
            }
        case .failed(let failure, let summary):
            out += failure.text
            if !summary.changes.isEmpty { out += "\(changeList(summary.changes)): " }
            out += "the site was not rebuilt; the last good build is still served\n"
        }
        // Coloured by the formatter, which made its parts printable; a
        // failed render's error may name an unlisted list's page.
        FileHandle.standardError.write(Data(TokenRedaction().apply(out).utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f", value)
    }

    /// Opens `url` with xdg-open (or macOS's open) when the system has it.
    private static func openInBrowser(_ url: String) {
        #if os(macOS)
        let tool = "open"
        #else
        let tool = "xdg-open"
        #endif
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let executable = paths.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile) else {
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
