import AsyncHTTPClient
import Foundation
import HeraldDomain
import NIOCore
import NIOHTTP1
import NIOSSL
import HeraldPorts

/// Fetches feeds over HTTP/1.1 and HTTP/2 (negotiated over TLS) with AsyncHTTPClient, and from
/// `file://` URLs. It sends the stored validators, follows redirects itself so each hop is
/// recorded, enforces the limits of its ``FetcherConfiguration`` and maps every failure to one
/// ``FetchError``. One instance shares one connection pool: build it once, call ``shutdown()``
/// once at the end (AsyncHTTPClient requires it).
public final class HTTPFeedFetcher: FeedFetching, Sendable {
    private let client: HTTPClient
    private let configuration: FetcherConfiguration
    private let exchange: HTTPExchange
    private let gate: HostGate
    private let files: FileFeedReader
    private let clock: any WallClock
    private let screen: AddressScreen
    private let pinnedClients: PinnedClients

    /// Creates a fetcher with its own connection pool on NIO's shared event loops.
    /// - Parameters:
    ///   - configuration: Limits, timeouts and the `User-Agent`.
    ///   - clock: Turns `Retry-After` delays into dates.
    public convenience init(configuration: FetcherConfiguration = .default, clock: any WallClock = SystemWallClock()) {
        self.init(configuration: configuration, clock: clock, screen: .system)
    }

    /// Creates a fetcher whose requests that refuse private addresses resolve and judge hosts with `screen`.
    /// - Parameter tls: The TLS settings (tests trust their own certificate); the system's by default.
    init(configuration: FetcherConfiguration, clock: any WallClock, screen: AddressScreen, tls: TLSConfiguration? = nil) {
        self.screen = screen
        var pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, configuration.maxConnectionsPerHost))
        // A refused or unresolvable host fails at once (and is retried at the next refresh)
        // instead of being retried until the connect timeout.
        pool.retryConnectionEstablishment = false
        var settings = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: HTTPExchange.timeAmount(configuration.connectTimeout),
                           read: HTTPExchange.timeAmount(configuration.readTimeout)),
            connectionPool: pool,
            decompression: .enabled(limit: .ratio(max(1, configuration.decompressionRatioLimit))))
        settings.httpVersion = .automatic
        settings.tlsConfiguration = tls
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        pinnedClients = PinnedClients(settings: settings)
        self.client = client
        self.configuration = configuration
        self.exchange = HTTPExchange(client: client, configuration: configuration)
        self.gate = HostGate(limit: configuration.maxConnectionsPerHost)
        self.files = FileFeedReader(maxBodyBytes: configuration.maxBodyBytes)
        self.clock = clock
    }

    /// Closes every pooled connection. Call it once, after the last fetch.
    public func shutdown() async {
        await pinnedClients.shutdown()
        try? await client.shutdown()
    }

    /// Fetches one feed; see ``FeedFetching/fetch(_:)``.
    /// - Throws: ``FetchError`` for every failure, including cancellation and the total timeout.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased() else {
            throw .invalidURL(request.url)
        }
        if Task.isCancelled { throw .cancelled }
        switch scheme {
        case "file":
            return try files.read(url, request: request)
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { throw .invalidURL(request.url) }
            return try await follow(request, from: url)
        default:
            throw .invalidURL(request.url)
        }
    }

    /// Sends the request, following redirects up to the limit.
    private func follow(_ request: FetchRequest, from start: URL) async throws(FetchError) -> FetchResponse {
        var current = start
        var visited: Set<String> = [start.absoluteString]
        var hops: [RedirectHop] = []
        var deadline: ContinuousClock.Instant?
        // Credentials written in the URL (`https://name:password@host/feed`, as newsboat and curl
        // take them) travel as HTTP Basic, never in the request line, and only to the origin they
        // were written for: a redirect elsewhere does not carry them.
        let startOrigin = URLCredentials.origin(of: start)
        let startCredentials = URLCredentials.of(start)
        while true {
            let address = current.absoluteString
            let plain = URLCredentials.removed(from: current)
            let credentials = URLCredentials.of(current)
                ?? (URLCredentials.origin(of: current) == startOrigin ? startCredentials : nil)
            var connection: (url: String, host: String)?
            var lease: PinnedClientLease?
            if request.refusesPrivateAddresses, let host = current.host {
                switch await screen.check(host) {
                case .refused: throw .privateAddress(host: host)
                case .pinned(let literal) where current.scheme?.lowercased() == "http":
                    connection = AddressScreen.pinned(plain, to: literal)
                case .pinned(let literal):
                    // https: connect to the checked address, with TLS naming the host.
                    lease = await pinnedClients.lease(host: host, address: literal)
                case .unresolved:
                    // Not left to the client's own look-up: a second answer could be private.
                    throw .dnsFailure(host: host)
                }
            }
            let reply: HTTPExchange.Reply
            do {
                reply = try await exchangeOnce(plain.absoluteString, connectingTo: connection, via: lease?.client, url: current,
                                               authorization: credentials, request: request, deadline: &deadline)
            } catch {
                if let lease { await pinnedClients.release(lease) }
                throw error
            }
            if let lease { await pinnedClients.release(lease) }
            switch reply {
            case let .redirect(status, location):
                // A hop on the first URL's origin keeps its credentials (a feed moved within its site).
                var next = try Self.redirectTarget(location, from: current)
                if URLCredentials.of(next) == nil, startCredentials != nil, URLCredentials.origin(of: next) == startOrigin {
                    next = URLCredentials.adding(userInfoOf: start, to: next) ?? next
                }
                let target = next.absoluteString
                hops.append(RedirectHop(from: address, to: target, status: status))
                if visited.contains(target) { throw .redirectLoop(url: target) }
                if hops.count > configuration.maxRedirects { throw .tooManyRedirects(limit: configuration.maxRedirects) }
                visited.insert(target)
                current = next
            case .notModified(let headers):
                // "Not modified" since what? Without a validator sent, a 304 is a broken server, and
                // taking it as "nothing new" would let the feed stop updating without a word.
                guard request.etag != nil || request.lastModified != nil else { throw .httpStatus(304) }
                // The final URL names the document for its relative links: without the credentials,
                // which would otherwise end up in every article's link.
                return Self.response(.notModified, finalURL: plain.absoluteString, hops: hops, headers: headers,
                                     sentValidators: request)
            case let .content(data, headers):
                let contentType = headers.first(name: "Content-Type")
                let outcome = FetchResponse.Outcome.content(
                    data, contentType: ResponseHeaders.mediaType(contentType), charset: ResponseHeaders.charset(contentType))
                return Self.response(outcome, finalURL: plain.absoluteString, hops: hops, headers: headers, sentValidators: nil)
            case let .status(status, headers):
                throw statusError(status, retryAfter: headers.first(name: "Retry-After"))
            }
        }
    }

    /// One exchange inside the host's slot, released whatever happens. The total timeout
    /// starts when the first exchange is admitted, so time queued behind other feeds of the
    /// same host does not count against a feed.
    /// - Parameter connection: The checked address to connect to and the `Host` header naming the
    ///   original host, for a plain `http` request that refuses private addresses.
    /// - Parameter pinnedClient: The client that reaches an `https` host at its checked address.
    /// - Parameter authorization: The `Authorization` header's value, for a URL that carried credentials.
    private func exchangeOnce(_ address: String, connectingTo connection: (url: String, host: String)? = nil,
                              via pinnedClient: HTTPClient? = nil, url: URL, authorization: String? = nil,
                              request: FetchRequest,
                              deadline: inout ContinuousClock.Instant?) async throws(FetchError) -> HTTPExchange.Reply {
        let hostKey = "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
        try await gate.enter(hostKey)
        let limit = deadline ?? ContinuousClock.now.advanced(by: configuration.totalTimeout)
        deadline = limit
        let exchange = pinnedClient.map { HTTPExchange(client: $0, configuration: configuration) } ?? self.exchange
        do {
            let reply = try await withDeadline(limit) { () async throws(FetchError) -> HTTPExchange.Reply in
                try await exchange.perform(connection?.url ?? address, host: url.host ?? "", hostHeader: connection?.host,
                                           authorization: authorization, request: request, deadline: limit)
            }
            await gate.leave(hostKey)
            return reply
        } catch {
            await gate.leave(hostKey)
            throw error
        }
    }

    /// A response with the validators and caching hints of `headers`; for a 304 the validators
    /// sent stand in for those the server did not repeat.
    private static func response(_ outcome: FetchResponse.Outcome, finalURL: String, hops: [RedirectHop],
                                 headers: HTTPHeaders, sentValidators: FetchRequest?) -> FetchResponse {
        FetchResponse(
            finalURL: finalURL, redirects: hops, outcome: outcome,
            etag: headers.first(name: "ETag") ?? sentValidators?.etag,
            lastModified: headers.first(name: "Last-Modified") ?? sentValidators?.lastModified,
            maxAge: ResponseHeaders.maxAge(cacheControl: headers.first(name: "Cache-Control")),
            expires: ResponseHeaders.expires(headers.first(name: "Expires")))
    }

    private func statusError(_ status: Int, retryAfter: String?) -> FetchError {
        switch status {
        case 404: .notFound
        case 410: .gone
        case 429, 503: .rateLimited(status: status, retryAfter: ResponseHeaders.retryAfter(retryAfter, now: clock.now()))
        default: .httpStatus(status)
        }
    }

    /// The absolute `http`/`https` URL a `Location` header points to, resolved against `base`.
    private static func redirectTarget(_ location: String, from base: URL) throws(FetchError) -> URL {
        let cleaned = location.trimmed().replacingOccurrences(of: " ", with: "%20")
        guard let target = URL(string: cleaned, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = target.host, !host.isEmpty
        else { throw .invalidURL(location) }
        return target
    }
}
