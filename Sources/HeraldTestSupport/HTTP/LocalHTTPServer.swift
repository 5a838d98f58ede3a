import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A real HTTP/1.1 server on 127.0.0.1, on an ephemeral port, that answers only what a test
/// or benchmark asked for: canned responses per path, families of generated responses
/// (`/feeds/17.xml`), latency, slow and truncated bodies. It counts the requests per path and
/// keeps the last request of each path, so tests can assert which validators a client sent.
///
/// With `origins` above 1 it listens on several ports of 127.0.0.1 that share one routing
/// table: to a client each port is a separate origin (its own connection pool and per-host
/// limit), the way a real subscription list spreads over many sites.
///
/// ```swift
/// let server = try await LocalHTTPServer.start()
/// server.route("/feed.xml", .feed(xml, etag: "\"v1\""))
/// // fetch server.url("/feed.xml") ...
/// try await server.shutdown()
/// ```
public final class LocalHTTPServer: Sendable {
    /// `http://127.0.0.1:PORT` of the first origin, without a trailing slash.
    public var baseURL: String { baseURLs[0] }
    /// The port of the first origin.
    public var port: Int { ports[0] }
    /// Every origin's `http://127.0.0.1:PORT`, in order.
    public let baseURLs: [String]
    /// Every origin's port, in order.
    public let ports: [Int]

    private let channels: [any Channel]
    private let state: ServerState

    private init(channels: [any Channel], ports: [Int], state: ServerState, scheme: String) {
        self.channels = channels
        self.ports = ports
        self.state = state
        self.baseURLs = ports.map { "\(scheme)://127.0.0.1:\($0)" }
    }

    /// Starts a server on 127.0.0.1 on ports the system picks.
    /// - Parameters:
    ///   - latency: Time the server waits before answering each request.
    ///   - origins: How many ports (origins) to listen on, sharing one routing table.
    ///   - group: The event loops to serve on; NIO's shared group by default.
    ///   - tls: Serve HTTPS with this certificate (``LocalCertificate``); the base URLs are then
    ///     `https://127.0.0.1:PORT`.
    /// - Throws: The bind error when a port could not be bound.
    public static func start(latency: Duration = .zero, origins: Int = 1,
                             group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                             tls: LocalCertificate? = nil) async throws
        -> LocalHTTPServer {
        let state = ServerState(latency: latency)
        let context = try tls.map { try NIOSSLContext(configuration: $0.serverConfiguration()) }
        var channels: [any Channel] = []
        var ports: [Int] = []
        do {
            for _ in 0..<max(1, origins) {
                let channel = try await bind(state: state, group: group, tls: context)
                channels.append(channel)
                guard let port = channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
                ports.append(port)
            }
        } catch {
            for channel in channels { try? await channel.close() }
            throw error
        }
        return LocalHTTPServer(channels: channels, ports: ports, state: state, scheme: tls == nil ? "http" : "https")
    }

    private static func bind(state: ServerState, group: any EventLoopGroup, tls: NIOSSLContext?) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(CannedResponseHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
    }

    /// Stops listening and closes every open connection.
    public func shutdown() async throws {
        for channel in channels {
            try await channel.close()
        }
        for connection in state.openChannels {
            try? await connection.close()
        }
    }

    /// The absolute URL of `path` on the first origin (`path` starts with `/`).
    public func url(_ path: String) -> String { baseURL + path }

    /// The absolute URL of `path` on origin `origin` (counted from 0, wrapping around).
    public func url(_ path: String, origin: Int) -> String { baseURLs[origin % baseURLs.count] + path }

    /// Answers requests for exactly `path` (query ignored) with `response`, replacing any earlier route.
    public func route(_ path: String, _ response: CannedResponse) {
        state.setRoute(path, response)
    }

    /// Answers every path that starts with `prefix` (and has no exact route) with what
    /// `respond` builds from the request; the longest matching prefix wins.
    public func route(prefix: String, _ respond: @escaping @Sendable (RecordedRequest) -> CannedResponse) {
        state.setFamily(prefix: prefix, respond)
    }

    /// Sets the latency added before every answer from now on.
    public func setLatency(_ latency: Duration) {
        state.setLatency(latency)
    }

    /// How many requests arrived for `path` (query ignored).
    public func requestCount(for path: String) -> Int { state.requestCount(for: path) }

    /// The last request that arrived for `path`, if any.
    public func lastRequest(for path: String) -> RecordedRequest? { state.lastRequest(for: path) }

    /// How many requests arrived in all.
    public var totalRequestCount: Int { state.totalRequests }

    /// How many connections were accepted in all.
    public var acceptedConnectionCount: Int { state.acceptedConnections }

    /// The most connections that were open at the same time.
    public var peakConcurrentConnections: Int { state.peakConnections }

    /// The most requests of `path` waiting for their answer at once (from the request to the
    /// start of its answer, which a delay or the latency stretches).
    public func peakConcurrentRequests(for path: String) -> Int { state.peakConcurrentRequests(for: path) }

    /// ``peakConcurrentRequests(for:)`` of the path that had the most.
    public var peakConcurrentRequestsOfOnePath: Int { state.peakConcurrentRequestsOfOnePath }
}
