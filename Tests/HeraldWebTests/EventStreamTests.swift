import Foundation
import Herald
import HTTPTypes
@testable import HeraldWeb
import Hummingbird
import Testing

/// Hands each buffer the server writes to the test as it is written.
private struct ForwardingWriter: ResponseBodyWriter {
    let continuation: AsyncStream<String>.Continuation
    mutating func write(_ buffer: ByteBuffer) async throws { continuation.yield(String(buffer: buffer)) }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws { continuation.finish() }
}

@Suite("Server-sent events: the Container's bar, live")
struct EventStreamTests {
    @Test("Given an open event stream, when the Container shows progress and a notice, then each reaches the page as an event with the bar's HTML")
    func containerChangesStream() async throws {
        let container = Container(clock: SystemWallClock())
        let response = EventStream.response(container: container, csrfToken: "token")
        #expect(response.headers[.contentType]?.hasPrefix("text/event-stream") == true)
        let (events, continuation) = AsyncStream.makeStream(of: String.self)
        let body = response.body
        let writing = Task { try await body.write(ForwardingWriter(continuation: continuation)) }
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == "retry: 2000\n\n")
        #expect(await iterator.next()?.hasPrefix("event: container\n") == true, "the state now, first")

        let source = container.makeSource()
        await container.showProgress(done: 3, total: 12, label: "Fetching <Swift> Blog", from: source)
        var progress = ""
        while let event = await iterator.next() {
            if event.contains("progress") && event.contains("Fetching") { progress = event; break }
        }
        #expect(progress.contains("Fetching &lt;Swift&gt; Blog"), "escaped as HTML")
        #expect(progress.contains("max=\"12\"") && progress.contains("value=\"3\""))
        #expect(progress.hasPrefix("event: container\ndata: <section id=\"activity\""))

        await container.hideLoading(from: source)
        await container.showNotice("12 new articles")
        var notice = ""
        while let event = await iterator.next() {
            if event.contains("12 new articles") { notice = event; break }
        }
        #expect(notice.contains("<div class=\"notice\">12 new articles</div>"))
        writing.cancel()
    }
}
