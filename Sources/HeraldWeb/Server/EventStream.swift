import Herald
import Hummingbird
import ServiceLifecycle

/// `/events`: the Container's state as server-sent events, so every open page shows refresh
/// progress, errors and notices as they happen. Each event carries the Container bar as HTML
/// (built and escaped by the same code as the page).
enum EventStream {
    /// How long one stream stays open; the browser reconnects on its own (`retry`), which lets the
    /// server shut down without waiting on idle streams.
    static let lifetime: Duration = .seconds(60)

    static func response(container: Container, csrfToken: String) -> Response {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(8))
        continuation.yield(ByteBuffer(string: "retry: 2000\n\n"))
        // The feeder inherits the request's graceful-shutdown context: Ctrl-C on the server ends the
        // stream at once instead of waiting out its lifetime.
        let feeder = Task {
            await withGracefulShutdownHandler {
                for await state in await container.changes() {
                    continuation.yield(ByteBuffer(string: event(for: state, csrfToken: csrfToken)))
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            continuation.finish()
        }
        let timer = Task {
            try? await Task.sleep(for: lifetime)
            continuation.finish()
        }
        continuation.onTermination = { _ in
            feeder.cancel()
            timer.cancel()
        }
        return Response(status: .ok,
                        headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
                        body: ResponseBody(asyncSequence: stream))
    }

    /// One `container` event: the bar's HTML as the event's data, one `data:` line per line of it
    /// (the writer keeps line breaks only inside text; carriage returns never reach it).
    static func event(for state: ContainerState, csrfToken: String) -> String {
        let context = PageContext(container: state, csrfToken: csrfToken, currentPath: "/", trail: [])
        let html = HTMLWriter.fragment([Layout.containerBar(context)])
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false).map { "data: " + $0 }
        return "event: container\n" + lines.joined(separator: "\n") + "\n\n"
    }
}
