import ArgumentParser
import Foundation
import Herald
import HeraldWeb
import HeraldSync
import Hummingbird

/// `herald serve`: the web reader on the user's database (or the demo's, with `herald demo --serve`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the web reader (127.0.0.1:8080 unless told otherwise).")

    @OptionGroup var global: GlobalOptions
    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080
    @Option(help: ArgumentHelp("The address to listen on; beyond loopback a token is required.", valueName: "address"))
    var listen = "127.0.0.1"
    @Option(help: ArgumentHelp("The access token browsers must give (default: `web-token` of the config file).",
                               valueName: "token"))
    var token: String?
    @Flag(help: "On PostgreSQL: serve the sync clients of everyone who shares the database, each signed in to their own news (the web reader stays the --user's).")
    var everyone = false

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port takes 0 to 65535 (0 picks a free one), not \(port).")
        }
    }

    func run() async throws {
        let database = global.db
        // Its pages and sync clients are people elsewhere: no commands, and no files of this machine.
        try await CLISession.run(global, scriptSources: .remote, makesDatabase: true) { herald, terminal in
            var engines = SyncEngines(serving: herald)
            if everyone {
                guard herald.currentUser != nil else {
                    throw CLIFailure("--everyone serves the people of a shared PostgreSQL database; a SQLite database holds one person's news.")
                }
                engines = SyncEngines(everyoneOn: herald) { name async throws(HeraldError) -> Herald in
                    try await Herald.open(databasePath: database, user: name, scriptSources: .remote)
                }
            }
            do {
                try await Self.serve(herald, engines: engines, host: listen, port: port,
                                     token: token ?? herald.configuration.webToken, terminal: terminal)
            } catch {
                await engines.shutdown()
                throw error
            }
            await engines.shutdown()
        }
    }

    /// Serves until interrupted (Ctrl-C or SIGTERM stop the server gracefully).
    /// - Parameter engines: Whose news the sync APIs serve (by default the engine's person's only).
    static func serve(_ herald: Herald, engines: SyncEngines? = nil, host: String, port: Int, token: String?,
                      terminal: TerminalOutput) async throws {
        let application: any ApplicationProtocol
        do {
            let sync = SyncAPI(engines: engines ?? SyncEngines(serving: herald))
            application = try WebServer.application(
                herald: herald, host: host, port: port, token: token,
                onReady: { bound in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    terminal.line("Herald is serving \(herald.databasePath ?? "an in-memory database") at http://\(shown):\(bound)/")
                    terminal.line("Press Ctrl-C to stop.")
                },
                api: { request, context in await sync.respond(to: request, clientAddress: context.clientAddress) })
        } catch {
            throw CLIFailure(error.message)
        }
        do {
            try await application.runService()
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") {
                throw CLIFailure("Port \(port) is already in use; try another with --port, or --port 0 for a free one.")
            }
            throw CLIFailure("The web server stopped: \(text)")
        }
    }
}
