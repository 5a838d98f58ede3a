import Foundation
import Herald
import HTTPTypes
import Hummingbird

/// The sync APIs of `herald serve`: the protocols the apps people read on speak to a server. Each
/// answers its own paths with its own credentials and error shape, through the `Herald` facade
/// only (accounts, entries, reading state); a path it does not know is left to the web reader.
///
/// Served: Miniflux's REST API at `/v1/…`, the Google Reader API at `/api/greader.php/…` and at
/// `/accounts/ClientLogin` and `/reader/api/0/…`, and the Fever API at `/api/fever.php` and `/fever/`
/// (Docs/sync.md lists what of each).
public struct SyncAPI: Sendable {
    /// The largest request body read (a batch of ids, an OPML file).
    public static let maxBodyBytes = 1 << 20

    private let engines: SyncEngines

    /// Creates the APIs over one engine, which accepts its own person's credentials only.
    public init(herald: Herald) {
        engines = SyncEngines(serving: herald)
    }

    /// Creates the APIs over the engines of everyone a server serves (``SyncEngines``).
    public init(engines: SyncEngines) {
        self.engines = engines
    }

    /// The response to a sync client's request, or `nil` when the path belongs to no sync API.
    /// - Parameter clientAddress: The client's IP address (failed sign-ins are limited per address).
    public func respond(to request: Request, clientAddress peer: String) async -> Response? {
        let path = Self.normalized(request.uri.path)
        let clientAddress = Self.clientAddress(peer: peer, forwardedFor: request.headers[Self.forwardedFor])
        if path == "/v1" || path.hasPrefix("/v1/") {
            // Miniflux's API is open to pages of other origins (its web front ends), as Miniflux's is:
            // a preflight is answered before any sign-in, and every answer allows any origin. No
            // cookie signs in here, so another origin's page still needs the person's token.
            if request.method == .options { return Self.preflight() }
            var response = await MinifluxAPI.respond(to: request, path: path, clientAddress: clientAddress, engines: engines)
            response.headers[.accessControlAllowOrigin] = "*"
            return response
        }
        // Google Reader: FreshRSS's form (`/api/greader.php/…`) and Miniflux's (at the root).
        var reader = path
        if reader.hasPrefix("/api/greader.php/") { reader = String(reader.dropFirst("/api/greader.php".count)) }
        if reader == "/accounts/ClientLogin" || reader.hasPrefix("/reader/api/0/") || reader.hasPrefix("/reader/atom/") {
            return await GoogleReaderAPI.respond(to: request, path: reader, clientAddress: clientAddress, engines: engines)
        }
        if path == "/api/fever.php" || path == "/fever" || path == "/fever/" {
            return await FeverAPI.respond(to: request, clientAddress: clientAddress, engines: engines)
        }
        return nil
    }

    /// The path with the slashes a joined base URL doubles collapsed: newsboat joins
    /// `miniflux-url` and the path as strings (`https://host/` asks for `//v1/feeds`), NetNewsWire
    /// appends to a URL typed with a trailing slash (`…/greader.php//accounts/ClientLogin`). Slashes
    /// further in are left alone (a feed URL in a stream id keeps its `https://`).
    static func normalized(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("//") { path = path.dropFirst() }
        if let range = path.range(of: "/greader.php//") {
            var rest = path[range.upperBound...]
            while rest.hasPrefix("/") { rest = rest.dropFirst() }
            return String(path[..<range.lowerBound]) + "/greader.php/" + rest
        }
        return String(path)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// `204` to a browser's preflight of a `/v1` request: any origin, the API's methods and the
    /// headers its clients send.
    static func preflight() -> Response {
        Response(status: .noContent, headers: [
            .accessControlAllowOrigin: "*",
            .accessControlAllowMethods: "GET, POST, PUT, DELETE, OPTIONS",
            .accessControlAllowHeaders: "X-Auth-Token, Authorization, Content-Type, Accept",
            .accessControlMaxAge: "3600",
        ])
    }

    /// The address failed sign-ins are counted for: the peer's, or, when the peer is a reverse
    /// proxy on this machine (loopback), the last address it put in `X-Forwarded-For` (the one it
    /// saw; earlier ones are the client's own claims).
    static func clientAddress(peer: String, forwardedFor: String?) -> String {
        guard peer == "::1" || peer.hasPrefix("127.") || peer == "unknown",
              let last = forwardedFor?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
              !last.isEmpty else { return peer }
        return last
    }

    /// A request's body, at most ``maxBodyBytes``; `nil` when it is larger.
    static func body(of request: Request) async -> Data? {
        let body = request.body
        guard let buffer = try? await body.collect(upTo: maxBodyBytes) else { return nil }
        return Data(buffer.readableBytesView)
    }
}
