/// The host a feed URL is fetched from, for the per-host limit: the lowercased host name without
/// user info or port; every `file://` URL shares the one key `localhost-file`.
struct HostKey {
    /// The key shared by every local file.
    static let localFile = "localhost-file"

    /// The host key of `url` (the whole URL, lowercased, when it has no recognisable host).
    static func of(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url.lowercased() }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        if scheme == "file" { return localFile }
        let rest = url[schemeEnd.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close]).lowercased()
        }
        let host = authority.prefix { $0 != ":" }
        return host.isEmpty ? url.lowercased() : host.lowercased()
    }
}
