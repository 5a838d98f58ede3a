import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1, on an ephemeral port, that answers only what a test
/// or benchmark asked for: canned responses per path, families of generated responses
/// (`/feeds/17.xml`), latency, slow and truncated bodies. It counts the requests per path and
/// keeps the last request of each path, so tests can assert which validators a client sent.
///
/// ```swift
/// let server = try await LocalHTTPServer.start()
/// server.route("/feed.xml", .feed(xml, etag: "\"v1\""))
/// // fetch server.url("/feed.xml") ...
/// try await server.shutdown()
/// ```
public final class LocalHTTPServer: Sendable {
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public let baseURL: String
    /// The port the server listens on.
    public let port: Int

    private let channel: any Channel
    private let state: ServerState

    private init(channel: any Channel, port: Int, state: ServerState) {
        self.channel = channel
        self.port = port
        self.state = state
        self.baseURL = "http://127.0.0.1:\(port)"
    }

    /// Starts a server on 127.0.0.1 on a port the system picks.
    /// - Parameters:
    ///   - latency: Time the server waits before answering each request.
    ///   - group: The event loops to serve on; NIO's shared group by default.
    /// - Throws: The bind error when no port could be bound.
    public static func start(latency: Duration = .zero,
                             group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws
        -> LocalHTTPServer {
        let state = ServerState(latency: latency)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(CannedResponseHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try await channel.close()
            throw ChannelError.unknownLocalAddress
        }
        return LocalHTTPServer(channel: channel, port: port, state: state)
    }

    /// Stops listening and closes every open connection.
    public func shutdown() async throws {
        try await channel.close()
        for connection in state.openChannels {
            try? await connection.close()
        }
    }

    /// The absolute URL of `path` on this server (`path` starts with `/`).
    public func url(_ path: String) -> String { baseURL + path }

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
}
