import HTTPTypes

/// The server's secrets and the checks made on every request.
struct WebSecurity: Sendable {
    /// The token a browser must present when the server listens beyond loopback (nil: none asked).
    let accessToken: String?
    /// The token every POST form carries; random per server start, so another site cannot know it.
    let csrfToken: String

    /// The name of the cookie that carries the access token after `/login`.
    static let tokenCookie = "herald_token"

    init(accessToken: String?) {
        self.accessToken = accessToken
        self.csrfToken = Self.randomToken()
    }

    /// 32 random bytes as hex, from the system's generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    /// Compares two secrets in time that depends on their lengths only, never on where they differ.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        let count = max(left.count, right.count)
        for index in 0..<count {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }

    /// Whether a request may proceed: always when no token is configured, else with the token as
    /// the cookie or an `Authorization: Bearer` header.
    func isAuthorized(cookie: String?, authorization: String?) -> Bool {
        guard let accessToken else { return true }
        if let cookie, Self.constantTimeEquals(cookie, accessToken) { return true }
        if let authorization, authorization.hasPrefix("Bearer "),
           Self.constantTimeEquals(String(authorization.dropFirst(7)), accessToken) { return true }
        return false
    }

    /// Whether a state change carries this server's CSRF token.
    func isValidCSRF(_ token: String?) -> Bool {
        guard let token else { return false }
        return Self.constantTimeEquals(token, csrfToken)
    }

    /// The headers every response carries: a Content-Security-Policy without inline script or
    /// style, no MIME sniffing, no referrer, no framing.
    static func applyHeaders(to fields: inout HTTPFields) {
        fields[.contentSecurityPolicy] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' http: https:; "
            + "media-src http: https:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        fields[.xContentTypeOptions] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        fields[.cacheControl] = fields[.cacheControl] ?? "no-store"
    }
}
