import Foundation
import Herald
import HTTPTypes
import Hummingbird

/// The Google Reader API as FreshRSS (`/api/greader.php/…`) and Miniflux (`/accounts/ClientLogin`,
/// `/reader/api/0/…`) serve it, so an app's "FreshRSS", "Miniflux" or "Google Reader" account
/// type works with Herald's URL. ClientLogin trades a name and password for a session token
/// (`Authorization: GoogleLogin auth=TOKEN` from then on); the `T` token of POSTs is accepted in
/// every form clients send, or missing (the header is the credential, and no browser sends it).
enum GoogleReaderAPI {
    /// What session tokens made by ClientLogin are called in `herald user token NAME --list`.
    static let sessionLabel = "Google Reader sign-in"

    /// Answers a request whose path (FreshRSS's prefix removed) starts with `/accounts/ClientLogin`,
    /// `/reader/api/0/` or `/reader/atom/`.
    static func respond(to request: Request, path: String, clientAddress: String, engines: SyncEngines) async -> Response {
        let inner: String
        if path.hasPrefix("/reader/api/0/") {
            inner = String(path.dropFirst("/reader/api/0/".count))
        } else if path.hasPrefix("/reader/atom/") {
            // Google Reader's Atom streams: `atom/STREAM` among the API's paths.
            inner = String(path.dropFirst("/reader/".count))
        } else {
            inner = String(path.dropFirst())
        }
        guard let call = await GoogleReaderRequest.read(request, path: inner.removingPercentEncoding ?? inner) else {
            return SyncResponses.text("Request body too large", status: .contentTooLarge)
        }
        if call.path == "accounts/ClientLogin" { return await clientLogin(call, clientAddress: clientAddress, engines: engines) }
        guard let token = Self.sessionToken(in: call) else { return Self.unauthorized() }
        let herald: Herald
        do {
            herald = try await engines.signIn(.token(token), from: clientAddress)
        } catch {
            if case .account(.throttled(let seconds)) = error {
                var response = SyncResponses.text(error.message, status: .tooManyRequests)
                response.headers[.retryAfter] = String(seconds)
                return response
            }
            return Self.unauthorized()
        }
        do {
            return try await GoogleReaderRoutes(herald: herald, token: token).respond(to: call)
        } catch let failure as SyncFailure {
            return SyncResponses.text(failure.message, status: failure.status)
        } catch let error as HeraldError {
            switch error {
            case .store(.articleNotFound), .store(.feedNotFound): return SyncResponses.text(error.message, status: .notFound)
            case .subscribe: return SyncResponses.text(error.message, status: .badRequest)
            default: return SyncResponses.text(error.message, status: .internalServerError)
            }
        } catch {
            return SyncResponses.text("\(error)", status: .internalServerError)
        }
    }

    /// `accounts/ClientLogin` with `Email` and `Passwd` (form body or query): `SID=…\nLSID=…\nAuth=…`
    /// as text, or as JSON with `output=json`; 401 `Error=BadAuthentication` otherwise.
    private static func clientLogin(_ call: GoogleReaderRequest, clientAddress: String, engines: SyncEngines) async -> Response {
        guard let name = call.value("Email"), let password = call.value("Passwd") else {
            return SyncResponses.text("Error=BadAuthentication\n", status: .unauthorized)
        }
        do {
            let session = try await engines.signInForSession(name: name, password: password, from: clientAddress,
                                                             label: Self.sessionLabel)
            if call.value("output") == "json" {
                return SyncResponses.json(["SID": session.token, "LSID": "null", "Auth": session.token])
            }
            return SyncResponses.text("SID=\(session.token)\nLSID=null\nAuth=\(session.token)\n")
        } catch {
            if case .account(.throttled(let seconds)) = error {
                var response = SyncResponses.text("Error=BadAuthentication\n", status: .tooManyRequests)
                response.headers[.retryAfter] = String(seconds)
                return response
            }
            return SyncResponses.text("Error=BadAuthentication\n", status: .unauthorized)
        }
    }

    /// The token of `Authorization: GoogleLogin auth=TOKEN` (also `Bearer TOKEN`), or FreshRSS's
    /// `name/token` form.
    static func sessionToken(in call: GoogleReaderRequest) -> String? {
        guard let header = call.headers[.authorization] else { return nil }
        var token: Substring
        if let range = header.range(of: "auth=", options: .caseInsensitive) {
            token = header[range.upperBound...]
        } else if header.lowercased().hasPrefix("bearer ") {
            token = header.dropFirst("bearer ".count)
        } else {
            return nil
        }
        token = token.prefix { !$0.isWhitespace && $0 != "," }
        if let slash = token.lastIndex(of: "/") { token = token[token.index(after: slash)...] }
        return token.isEmpty ? nil : String(token)
    }

    static func unauthorized() -> Response {
        var response = SyncResponses.text("Unauthorized!", status: .unauthorized)
        response.headers[.wwwAuthenticate] = "GoogleLogin realm=\"Herald\""
        return response
    }
}
