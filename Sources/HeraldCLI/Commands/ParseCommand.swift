import ArgumentParser
import Foundation
import Herald

/// `herald parse FILE|-`: parse a feed document and print what Herald understands of it.
struct ParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse", abstract: "Parse a feed file (or - for standard input) and print it as text or JSON.",
        discussion: "The JSON document is described in Docs/json-schema.md.")

    @OptionGroup var output: OutputOptions
    @Argument(help: "The feed file, or - for standard input.")
    var file: String
    @Option(help: ArgumentHelp("The URL the document came from, for resolving relative links.", valueName: "url"))
    var url: String?
    @Option(help: ArgumentHelp("The charset a server declared for it (as HTTP Content-Type would).", valueName: "name"))
    var charset: String?

    func run() async throws {
        let terminal = TerminalOutput.current()
        let result: Result<ParsedFeed, HeraldError>
        do {
            if file == "-" {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                result = .success(try Herald.parseFeed(data, documentURL: url, charset: charset))
            } else {
                // Mapped and let go page by page as the parser reads it, front to back.
                let documentURL = url ?? URL(fileURLWithPath: file).absoluteString
                guard let feed = try Herald.parseFeed(contentsOfFile: file, documentURL: documentURL, charset: charset) else {
                    terminal.errorLine("herald: Cannot read \(file); check the path.")
                    throw ExitCode.failure
                }
                result = .success(feed)
            }
        } catch let error as HeraldError {
            result = .failure(error)
        }
        switch result {
        case .success(let feed) where output.json:
            // Streamed item by item into standard output: a large feed is never held twice.
            do {
                try Herald.writeJSON(for: feed, toFileDescriptor: STDOUT_FILENO)
            } catch {
                terminal.errorLine("herald: " + error.message)
                throw ExitCode.failure
            }
            // Everything is written (standard output is not buffered here); ending the process
            // now spares releasing every string of a large feed one by one on the way out.
            Foundation.exit(EXIT_SUCCESS)
        case .success(let feed):
            terminal.write(Herald.report(for: feed))
        case .failure(let error):
            terminal.errorLine("herald: " + error.message)
            throw ExitCode.failure
        }
    }
}
