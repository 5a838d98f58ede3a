import HeraldTestSupport

/// Runs `body` with a fresh ``LocalHTTPServer`` on 127.0.0.1 and shuts it down afterwards, also when
/// `body` throws.
func withServer<Result>(latency: Duration = .zero,
                        _ body: (LocalHTTPServer) async throws -> Result) async throws -> Result {
    let server = try await LocalHTTPServer.start(latency: latency)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}
