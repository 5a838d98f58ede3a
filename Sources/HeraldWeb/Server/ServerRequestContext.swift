import Hummingbird

/// The request context of `herald serve`: Hummingbird's core context, plus the client's address
/// (the sync APIs rate-limit failed sign-ins per address).
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's storage for this request.
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address, or "unknown" (a unix socket, a test's in-process client).
    public let clientAddress: String

    /// Creates the context of a connection's request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
