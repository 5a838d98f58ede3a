import Herald
import Hummingbird
import Logging
import ServiceLifecycle

/// The web front end running inside this process on a free loopback port (tests, benchmarks, another
/// program embedding Herald): started in the background, stopped gracefully (open event streams end,
/// requests in flight finish).
public final class RunningWebServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.task = task
    }

    /// Starts serving `herald` on 127.0.0.1 at a port the system picks.
    /// - Throws: ``WebServerError`` (not for loopback), or why the server did not start.
    public static func start(herald: Herald, token: String? = nil, pageSize: Int = 50) async throws -> RunningWebServer {
        let ready = AsyncStream.makeStream(of: Int.self)
        let application = try WebServer.application(herald: herald, host: "127.0.0.1", port: 0, token: token,
                                                    pageSize: pageSize) { port in
            ready.continuation.yield(port)
            ready.continuation.finish()
        }
        var logger = Logger(label: "herald.web")
        logger.logLevel = .warning
        let group = ServiceGroup(services: [application], logger: logger)
        let task = Task {
            defer { ready.continuation.finish() }
            try await group.run()
        }
        var ports = ready.stream.makeAsyncIterator()
        guard let port = await ports.next() else {
            try await task.value
            throw WebServerError.didNotStart
        }
        return RunningWebServer(port: port, group: group, task: task)
    }

    /// Stops gracefully and waits until the server has stopped.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
