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

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            try await Self.serve(herald, host: listen, port: port, token: token ?? herald.configuration.webToken,
                                 terminal: terminal)
        }
    }

    /// Serves until interrupted (Ctrl-C or SIGTERM stop the server gracefully).
    static func serve(_ herald: Herald, host: String, port: Int, token: String?, terminal: TerminalOutput) async throws {
        let application: any ApplicationProtocol
        do {
            let sync = SyncAPI(herald: herald)
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
            throw CLIFailure("The web server stopped: \(error). Is port \(port) already in use? Try --port 0.")
        }
    }
}
