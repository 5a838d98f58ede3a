import ArgumentParser
import Foundation
import Herald

/// `herald import FILE`: subscribe to every feed of an OPML or newsboat `urls` file.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import subscriptions from OPML or a newsboat urls file (twice changes nothing).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The OPML or urls file, or - for standard input.")
    var file: String

    func run() async throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw CLIFailure("Cannot read \(file); check the path.")
            }
            data = contents
        }
        try await CLISession.run(global) { herald, terminal in
            let screen = herald.feedsScreen(display: FeedsCapture())
            await screen.subscriptionsImported(data)
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}

/// `herald export [FILE]`: every subscription as OPML 2.0.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export subscriptions as OPML 2.0 (to a file or standard output).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Where to write; standard output when omitted.")
    var file: String?

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let screen = herald.feedsScreen(display: FeedsCapture())
            await screen.subscriptionsExportRequested()
            guard let document = await screen.exportedOPML else {
                await CLISession.flushContainer(herald, terminal)
                throw ExitCode.failure
            }
            if let file {
                do {
                    try document.write(to: URL(fileURLWithPath: file), options: .atomic)
                } catch {
                    throw HeraldError.file(path: file, reason: error.localizedDescription)
                }
                await CLISession.flushContainer(herald, terminal)
            } else {
                terminal.write(String(decoding: document, as: UTF8.self))
            }
        }
    }
}
