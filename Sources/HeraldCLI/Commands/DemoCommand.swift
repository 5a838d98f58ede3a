import ArgumentParser
import Foundation
import Herald

/// `herald demo`: the whole engine on bundled feeds, with no network: a separate demo database is
/// subscribed to the files in Fixtures/demo (or the copies built into the binary) as file:// URLs, refreshed with progress, and its newest
/// articles are listed through the same screens as `herald list`.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Try Herald on the bundled demo feeds (no network, separate database).")

    @Option(help: ArgumentHelp("The demo database (default: ~/.local/share/herald/demo.db).", valueName: "path"))
    var db: String?
    @Option(help: ArgumentHelp("The folder of demo feeds (default: Fixtures/demo of the working directory, else the copies built into herald).", valueName: "path"))
    var feeds: String?
    @Option(help: "How many of the newest articles to list.")
    var limit = 15
    @Flag(help: "Serve the demo in the web reader instead (see `herald serve`).")
    var serve = false
    @Option(help: "The port `--serve` listens on, on 127.0.0.1 (0 picks a free one).")
    var port = 8080

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let dataDirectory = Herald.dataDirectory(environment: environment)
        let databasePath = db ?? dataDirectory + "/demo.db"
        let folder = try DemoFeeds.folder(explicit: feeds ?? environment["HERALD_DEMO_FEEDS"],
                                          dataDirectory: dataDirectory)
        let files = try DemoFeeds.files(in: folder)
        try await CLISession.run(database: databasePath) { herald, terminal in
            terminal.line("Demo database: \(databasePath)")
            terminal.line("Subscribing to \(CountText.count(files.count, "bundled feed")) in \(folder)")
            let screen = herald.feedsScreen(display: FeedsCapture())
            await screen.subscriptionsImported(Data(DemoFeeds.urlList(files).utf8))
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
            try await RefreshCommand.refresh(.all, herald: herald, terminal: terminal)
            if serve {
                await CLISession.flushContainer(herald, terminal)
                return
            }
            if ReaderLauncher.canRun() {
                // On a terminal the demo goes on in the reader, on the feeds screen.
                try await ReaderLauncher.run(herald)
                return
            }
            await CLISession.flushContainer(herald, terminal)
            terminal.line("")
            let capture = ArticleListCapture()
            let list = herald.articleListScreen(ArticleFilter(), pageSize: limit, display: capture)
            await list.viewAppeared()
            ArticleListText.lines(await capture.viewModel, width: terminal.width).forEach(terminal.line)
            terminal.line("")
            terminal.line("Read one: herald show ID --db \(databasePath)")
            terminal.line("Also try: feeds, list --unread, search WORD (with the same --db)")
        }
        if serve {
            // The pages served are requests from a browser: an engine that refuses commands and
            // local files (the bundled feeds, files themselves, were imported above by the person).
            try await CLISession.run(database: databasePath, scriptSources: .remote) { herald, terminal in
                try await ServeCommand.serve(herald, host: "127.0.0.1", port: port, token: nil, terminal: terminal)
            }
        }
    }
}

/// Finds the bundled demo feeds.
enum DemoFeeds {
    /// The demo folder: an explicit one, else Fixtures/demo of the working directory, else the
    /// copies embedded in the binary, written out to `<dataDirectory>/demo-feeds` (so an installed
    /// binary has its demo wherever the checkout went).
    static func folder(explicit: String?, dataDirectory: String) throws -> String {
        let candidates: [String?] = [explicit, FileManager.default.currentDirectoryPath + "/Fixtures/demo"]
        for case let candidate? in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return URL(fileURLWithPath: candidate).standardizedFileURL.path
            }
        }
        if let explicit {
            throw CLIFailure("The demo feeds folder \(explicit) does not exist.")
        }
        return try writeEmbedded(to: dataDirectory + "/demo-feeds")
    }

    /// Writes the embedded demo feeds to `folder` (replacing what differs) and returns it.
    static func writeEmbedded(to folder: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in EmbeddedDemoFeeds.files {
                guard let data = Data(base64Encoded: file.base64, options: .ignoreUnknownCharacters) else {
                    throw CLIFailure("The embedded demo feed \(file.name) is damaged; pass --feeds FOLDER.")
                }
                let path = folder + "/" + file.name
                if FileManager.default.contents(atPath: path) != data {
                    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                }
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("Cannot write the demo feeds to \(folder): \(error.localizedDescription)")
        }
        return folder
    }

    /// The feed files of the folder, by name.
    static func files(in folder: String) throws -> [String] {
        let feedExtensions: Set<String> = ["rss", "atom", "xml", "rdf", "json"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let files = names.filter { feedExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted().map { folder + "/" + $0 }
        guard !files.isEmpty else { throw CLIFailure("No feed files (.rss, .atom, .xml, .rdf, .json) in \(folder).") }
        return files
    }

    /// A newsboat-style url list of the files as file:// URLs, tagged "demo".
    static func urlList(_ files: [String]) -> String {
        files.map { URL(fileURLWithPath: $0).absoluteString + " demo" }.joined(separator: "\n") + "\n"
    }
}
