import Herald
import Hummingbird
import Logging

/// Why the web server would not start.
public enum WebServerError: Error, Sendable, Equatable {
    /// Listening beyond loopback without an access token would open the user's Herald to the network.
    case tokenRequired(address: String)
    /// The server stopped before it listened (the port could not be bound).
    case didNotStart

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .tokenRequired(let address):
            "Listening on \(address) opens Herald to other machines; give an access token with --token "
                + "(or `web-token` in the config file), or listen on 127.0.0.1."
        case .didNotStart:
            "The web server stopped before it could listen; is the port in use? Try --port 0."
        }
    }
}

/// `herald serve`: Hummingbird serving ``WebApp`` on one address.
public enum WebServer {
    /// Whether an address is loopback only (no token needed).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The Hummingbird application for an engine (what `serve` runs and the tests drive).
    /// - Throws: ``WebServerError/tokenRequired(address:)`` for a non-loopback address without a token.
    /// - Parameter pageSize: Rows per article-list page.
    /// - Parameter api: Answers the requests it recognises (the sync APIs, `HeraldSync`), before the web reader.
    public static func application(herald: Herald, host: String = "127.0.0.1", port: Int = 8080, token: String? = nil,
                                   pageSize: Int = 50,
                                   onReady: @escaping @Sendable (Int) async -> Void = { _ in },
                                   api: (@Sendable (Request, ServerRequestContext) async -> Response?)? = nil)
        throws(WebServerError) -> some ApplicationProtocol {
        guard isLoopback(host) || !(token ?? "").isEmpty else { throw .tokenRequired(address: host) }
        let web = WebApp(herald: herald, accessToken: token.flatMap { $0.isEmpty ? nil : $0 }, pageSize: pageSize)
        let responder = CallbackResponder<ServerRequestContext> { request, context in
            // The sync APIs answer their own paths with their own credentials; the web reader's
            // session and token never authorise them, and theirs never open the web reader.
            if let api, let response = await api(request, context) { return response }
            return await web.respond(to: request, context: context)
        }
        var logger = Logger(label: "herald.web")
        logger.logLevel = .warning
        return Application(responder: responder,
                           configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "Herald"),
                           onServerRunning: { channel in await onReady(channel.localAddress?.port ?? port) },
                           logger: logger)
    }
}
