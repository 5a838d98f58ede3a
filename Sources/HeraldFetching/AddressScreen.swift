import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a request that refuses private addresses reaches its host: the name is resolved once,
/// every address must be public, and the request then connects to the address that was checked,
/// so a name that answers a public address to the check and a private one to the connection (DNS
/// rebinding) reaches nothing private: a plain `http` request with the URL's host replaced by the
/// address (the name kept in `Host`), an `https` one through a client pinned to it while TLS
/// names the host (``PinnedClients``). A name that does not resolve fails the request; it is
/// never left to a second look-up.
struct AddressScreen: Sendable {
    /// The addresses of a host name (IPv4 as 4 bytes, IPv6 as 16).
    var resolve: @Sendable (String) async -> [[UInt8]]
    /// Whether an address is not public.
    var isPrivate: @Sendable ([UInt8]) -> Bool

    /// The system's resolver and the public ranges of ``PublicAddresses``.
    static let system = AddressScreen(resolve: { await PublicAddresses.resolve($0) }, isPrivate: PublicAddresses.isPrivate)

    /// What the check found.
    enum Verdict: Equatable {
        /// An address is not public: refuse the request.
        case refused
        /// Every address is public: connect to this one (a literal for a URL: `1.2.3.4`, `[::1]`).
        case pinned(String)
        /// The name does not resolve: the fetch fails as it would.
        case unresolved
    }

    /// Resolves `host` (a name or a literal, IPv6 in brackets) once and judges its addresses.
    func check(_ host: String) async -> Verdict {
        let addresses = await resolve(Self.bare(host))
        guard let first = addresses.first else { return .unresolved }
        if addresses.contains(where: isPrivate) { return .refused }
        return .pinned(Self.literal(first))
    }

    /// A host or IPv6 literal without its URL brackets (`[::1]` is `::1`).
    static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The address as a URL host: dotted IPv4, bracketed IPv6.
    static func literal(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var raw = in6_addr()
        withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: bytes.prefix(16)) }
        guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return "[::]" }
        let length = text.firstIndex(of: 0) ?? text.count
        return "[" + String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]"
    }

    /// The address to connect to for `url` with its host replaced by `literal`, and the `Host`
    /// header that names the original host (with its port when the URL gives one).
    static func pinned(_ url: URL, to literal: String) -> (url: String, host: String)? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = url.host,
              let scheme = components.scheme else { return nil }
        let port = url.port.map { ":\($0)" } ?? ""
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        let name = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return (scheme + "://" + literal + port + path + query, name + port)
    }
}
