import ArgumentParser
import Foundation
import Herald
import HeraldTerminal

/// `herald import FILE`: subscribe to every feed of an OPML or newsboat `urls` file;
/// `herald import --from newsboat [DIR]`: move a newsboat user in, read state and all.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import subscriptions from OPML or a newsboat urls file, or a whole newsboat folder (twice changes nothing).",
        discussion: """
            --from newsboat reads newsboat's folder (DIR, else ~/.newsboat, else ~/.config/newsboat with the \
            cache in ~/.local/share/newsboat): the subscriptions of urls with their tags and titles, every article \
            of cache.db with its read state and flags (--star-flag, s by default, becomes starred), query: feeds \
            as saved searches where newsboat's filter language translates, exec: and filter: sources as feeds \
            that run your commands (on a SQLite database), and a report of what was not taken.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Import another reader's folder instead of a file: newsboat.", valueName: "reader"))
    var from: String?
    @Option(help: ArgumentHelp("With --from newsboat: the flag letter that means starred.", valueName: "letter"))
    var starFlag: String = "s"
    @Argument(help: "The OPML or urls file, or - for standard input; with --from newsboat, newsboat's folder.")
    var file: String?

    func validate() throws {
        if let from, from != "newsboat" {
            throw ValidationError("--from takes newsboat (OPML and urls files are imported without --from).")
        }
        if from == nil && file == nil { throw ValidationError("Give the file to import, or --from newsboat.") }
        if starFlag.count != 1 { throw ValidationError("--star-flag takes one letter.") }
    }

    func run() async throws {
        if from != nil {
            try await importNewsboat()
            return
        }
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let path = file, let contents = FileManager.default.contents(atPath: path) else {
                throw CLIFailure("Cannot read \(file ?? ""); check the path.")
            }
            data = contents
        }
        try await CLISession.run(global, scriptSources: .accepted, makesDatabase: true) { herald, terminal in
            let screen = herald.feedsScreen(display: FeedsCapture())
            await screen.subscriptionsImported(data)
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }

    private func importNewsboat() async throws {
        try await CLISession.run(global, scriptSources: .accepted, makesDatabase: true) { herald, terminal in
            let report = try await herald.importNewsboat(from: file, starFlag: starFlag.first ?? "s")
            NewsboatImportText.lines(report).forEach { terminal.line(TerminalSafety.sanitize($0)) }
            try keepKeyBindings(report.keyBindings, herald: herald, terminal: terminal)
            let rules = try herald.addRules(report.rules, origin: "From newsboat's ignore-article lines (herald import --from newsboat)")
            if !rules.isEmpty {
                terminal.line(TerminalSafety.sanitize("Rules added to \(herald.configuration.configFilePath ?? "the config file") (`herald rules` shows what they catch):"))
                rules.forEach { terminal.line(TerminalSafety.sanitize("  " + $0)) }
            }
            // newsboat hid these articles: the rules hide them here too, imported articles included.
            if !report.rules.isEmpty { terminal.line(RuleText.applied(try await herald.applyRules(report.rules))) }
        }
    }
}

extension ImportCommand {
    /// newsboat's key bindings that the reader has (its keys, actions and contexts), added to
    /// Herald's config file; the others listed with the reason.
    private func keepKeyBindings(_ bindings: [[String]], herald: Herald, terminal: TerminalOutput) throws {
        guard !bindings.isEmpty else { return }
        var accepted: [[String]] = []
        var refused: [String] = []
        for words in bindings {
            let line = (["bind-key"] + words).joined(separator: " ")
            if words.contains(where: { $0.contains("#") }) {
                refused.append(line + " (Herald's config file reads # as the start of a comment)")
                continue
            }
            do {
                _ = try KeyMap.standard(with: [(words, "newsboat")])
                accepted.append(words)
            } catch {
                let reason = error.message.dropFirst("newsboat: ".count).split(separator: ";").first.map(String.init) ?? error.message
                refused.append(line + " (" + reason + ")")
            }
        }
        let added = try herald.addKeyBindings(accepted, origin: "From newsboat's config (herald import --from newsboat)")
        if !added.isEmpty {
            terminal.line(TerminalSafety.sanitize("Key bindings added to \(herald.configuration.configFilePath ?? "the config file"):"))
            added.forEach { terminal.line(TerminalSafety.sanitize("  " + $0)) }
        }
        if !refused.isEmpty {
            terminal.line("Key bindings not taken:")
            refused.forEach { terminal.line(TerminalSafety.sanitize("  " + $0)) }
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
