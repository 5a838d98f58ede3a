import Herald
import Hummingbird
import ServiceLifecycle

/// `/events`: the Container's state as server-sent events, so every open page shows refresh
/// progress, errors and notices as they happen. Each event carries the Container bar as HTML
/// (built and escaped by the same code as the page), in a one-field JSON object.
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

    /// One `container` event.
    static func event(for state: ContainerState, csrfToken: String) -> String {
        let context = PageContext(container: state, csrfToken: csrfToken, currentPath: "/", trail: [])
        let html = HTMLWriter.fragment([Layout.containerBar(context)])
        return "event: container\ndata: {\"html\":\"" + jsonEscaped(html) + "\"}\n\n"
    }

    /// A JSON string body: quotes, backslashes and every control character escaped, and `<` too so
    /// the text can never close anything it is embedded in.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<": out += "\\u003c"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
