/// The host a feed URL is fetched from, for the per-host limit: the lowercased host name without
/// user info, with its port when it is not the scheme's default (two ports are two servers, as the
/// fetcher's own per-origin gate sees them); every `file://` URL shares the one key `localhost-file`.
/// The refresh's per-host limit and a shared store's refresh queue (``FeedQueueing``) both use it.
public enum HostKey {
    /// The key shared by every local file.
    public static let localFile = "localhost-file"

    /// The host key of `url` (the whole URL, lowercased, when it has no recognisable host).
    public static func of(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url.lowercased() }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        if scheme == "file" { return localFile }
        let rest = url[schemeEnd.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let defaultPort = scheme == "https" ? "443" : scheme == "http" ? "80" : nil
        let host: Substring
        let port: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
            port = authority[authority.index(after: close)...].drop { $0 == ":" }
        } else {
            host = authority.prefix { $0 != ":" }
            port = authority.drop { $0 != ":" }.dropFirst()
        }
        guard !host.isEmpty else { return url.lowercased() }
        if port.isEmpty || String(port) == defaultPort { return host.lowercased() }
        return host.lowercased() + ":" + port
    }
}
