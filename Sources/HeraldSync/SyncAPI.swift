import Foundation
import Herald
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

    private let miniflux: MinifluxAPI
    private let fever: FeverAPI
    private let googleReader: GoogleReaderAPI

    /// Creates the APIs over an engine.
    public init(herald: Herald) {
        miniflux = MinifluxAPI(herald: herald)
        fever = FeverAPI(herald: herald)
        googleReader = GoogleReaderAPI(herald: herald)
    }

    /// The response to a sync client's request, or `nil` when the path belongs to no sync API.
    /// - Parameter clientAddress: The client's IP address (failed sign-ins are limited per address).
    public func respond(to request: Request, clientAddress: String) async -> Response? {
        let path = Self.normalized(request.uri.path)
        if path == "/v1" || path.hasPrefix("/v1/") {
            return await miniflux.respond(to: request, path: path, clientAddress: clientAddress)
        }
        // Google Reader: FreshRSS's form (`/api/greader.php/…`) and Miniflux's (at the root).
        var reader = path
        if reader.hasPrefix("/api/greader.php/") { reader = String(reader.dropFirst("/api/greader.php".count)) }
        if reader == "/accounts/ClientLogin" || reader.hasPrefix("/reader/api/0/") {
            return await googleReader.respond(to: request, path: reader, clientAddress: clientAddress)
        }
        if path == "/api/fever.php" || path == "/fever" || path == "/fever/" {
            return await fever.respond(to: request, clientAddress: clientAddress)
        }
        return nil
    }

    /// The path with repeated slashes collapsed: newsboat joins `miniflux-url` and the path as
    /// strings, so `https://host/` asks for `//v1/feeds`.
    static func normalized(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var out = ""
        for character in path where !(character == "/" && out.hasSuffix("/")) { out.append(character) }
        return out
    }

    /// A request's body, at most ``maxBodyBytes``; `nil` when it is larger.
    static func body(of request: Request) async -> Data? {
        let body = request.body
        guard let buffer = try? await body.collect(upTo: maxBodyBytes) else { return nil }
        return Data(buffer.readableBytesView)
    }
}
