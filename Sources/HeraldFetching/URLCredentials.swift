import Foundation

/// The name and password a feed's URL may carry (`https://name:password@host/feed`, as newsboat
/// and curl read it): sent as HTTP Basic to that URL's origin, never in the request line.
enum URLCredentials {
    /// The `Authorization` value of the URL's user information (percent-decoded), or `nil`.
    static func of(_ url: URL) -> String? {
        guard let user = url.user(percentEncoded: false), !user.isEmpty else { return nil }
        let password = url.password(percentEncoded: false) ?? ""
        return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// The URL without its user information.
    static func removed(from url: URL) -> URL {
        guard url.user(percentEncoded: true) != nil || url.password(percentEncoded: true) != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.percentEncodedUser = nil
        components.percentEncodedPassword = nil
        return components.url ?? url
    }

    /// `target` with the user information of `source`.
    static func adding(userInfoOf source: URL, to target: URL) -> URL? {
        guard var components = URLComponents(url: target, resolvingAgainstBaseURL: true) else { return nil }
        components.percentEncodedUser = source.user(percentEncoded: true)
        components.percentEncodedPassword = source.password(percentEncoded: true)
        return components.url
    }

    /// Scheme, host and port (the default one spelled out): where credentials may go.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
