import NIOCore
import NIOHTTP1

/// Serves one connection of ``LocalHTTPServer``: records each request, waits the configured
/// latency, then writes the canned response the way its ``CannedResponse/Delivery`` says.
final class CannedResponseHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: ServerState
    private var head: HTTPRequestHead?

    init(state: ServerState) {
        self.state = state
    }

    func channelActive(context: ChannelHandlerContext) {
        state.connectionOpened(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.connectionClosed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
        case .body:
            break
        case .end:
            guard let requestHead = head else { return }
            head = nil
            let request = RecordedRequest(
                method: requestHead.method.rawValue, uri: requestHead.uri,
                headers: requestHead.headers.map { ($0.name, $0.value) })
            let (response, wait) = state.respond(to: request)
            let keepAlive = requestHead.isKeepAlive
            let version = requestHead.version
            let path = request.path
            if wait > .zero {
                context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(wait)) {
                    self.state.answered(path)
                    self.send(response, version: version, keepAlive: keepAlive, context: context)
                }
            } else {
                state.answered(path)
                send(response, version: version, keepAlive: keepAlive, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func send(_ response: CannedResponse, version: HTTPVersion, keepAlive: Bool,
                      context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        var headers = HTTPHeaders(response.headers)
        let hasBody = response.status != 304 && response.status != 204 && !(100..<200).contains(response.status)
        if hasBody { headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count)) }
        let closes: Bool
        if case .truncated = response.delivery { closes = true } else { closes = !keepAlive }
        if closes { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: response.status),
                                    headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        let body = hasBody ? response.body : []
        switch response.delivery {
        case .whole:
            if !body.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
            finish(closing: closes, context: context)
        case .truncated(let sentBytes):
            let part = body.prefix(sentBytes)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: part)))))
                .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        case let .trickled(chunkSize, interval):
            context.flush()
            trickle(body[...], chunkSize: chunkSize, interval: interval, closing: closes, context: context)
        }
    }

    private func trickle(_ rest: ArraySlice<UInt8>, chunkSize: Int, interval: Duration, closing: Bool,
                         context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard !rest.isEmpty else { return finish(closing: closing, context: context) }
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(interval)) {
            guard context.channel.isActive else { return }
            let chunk = rest.prefix(chunkSize)
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk)))), promise: nil)
            self.trickle(rest.dropFirst(chunk.count), chunkSize: chunkSize, interval: interval, closing: closing,
                         context: context)
        }
    }

    private func finish(closing: Bool, context: ChannelHandlerContext) {
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if closing {
            done.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
