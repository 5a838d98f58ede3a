/// What ``LocalHTTPServer`` answers on a route: a status, headers, a body and how the body is
/// delivered (whole, trickled or cut short). Build one with the factories and refine it with
/// the modifiers, for example `CannedResponse.feed(xml, etag: "\"v1\"").encoded(.gzip)`.
public struct CannedResponse: Sendable {
    /// How the body reaches the client.
    public enum Delivery: Sendable, Hashable {
        /// All at once, with a correct `Content-Length`, keeping the connection alive.
        case whole
        /// `chunkSize` bytes at a time, one chunk every `interval`.
        case trickled(chunkSize: Int, interval: Duration)
        /// `Content-Length` announces the whole body but only the first `sentBytes` are
        /// sent before the server closes the connection.
        case truncated(sentBytes: Int)
    }

    /// A `Content-Encoding` the server can apply to a body.
    public enum ContentCoding: String, Sendable, Hashable {
        /// gzip (RFC 1952).
        case gzip
        /// zlib-wrapped DEFLATE (RFC 1950), what HTTP calls `deflate`.
        case deflate
    }

    /// The status code.
    public var status: Int
    /// The response headers, in order (`Content-Length` is added by the server).
    public var headers: [(name: String, value: String)]
    /// The body bytes as sent on the wire (already encoded when ``encoded(_:)`` was used).
    public var body: [UInt8]
    /// How the body is delivered.
    public var delivery: Delivery
    /// Extra latency for this route, on top of the server-wide latency.
    public var delay: Duration

    /// Creates a response from its parts.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                delivery: Delivery = .whole, delay: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
        self.delay = delay
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension CannedResponse {
    /// A 200 feed response. With `etag` or `lastModified`, the server answers 304 to requests
    /// whose `If-None-Match` / `If-Modified-Since` match, as a well-behaved publisher does.
    public static func feed(_ text: String, contentType: String = "application/rss+xml; charset=utf-8",
                            etag: String? = nil, lastModified: String? = nil,
                            extraHeaders: [(name: String, value: String)] = []) -> CannedResponse {
        feed(Array(text.utf8), contentType: contentType, etag: etag, lastModified: lastModified,
             extraHeaders: extraHeaders)
    }

    /// A 200 response with raw body bytes; validators behave as in the `String` variant.
    public static func feed(_ bytes: [UInt8], contentType: String = "application/rss+xml; charset=utf-8",
                            etag: String? = nil, lastModified: String? = nil,
                            extraHeaders: [(name: String, value: String)] = []) -> CannedResponse {
        var headers: [(name: String, value: String)] = [("Content-Type", contentType)]
        if let etag { headers.append(("ETag", etag)) }
        if let lastModified { headers.append(("Last-Modified", lastModified)) }
        return CannedResponse(status: 200, headers: headers + extraHeaders, body: bytes)
    }

    /// A redirect to `location` (absolute or relative, sent as given).
    public static func redirect(to location: String, status: Int = 301) -> CannedResponse {
        CannedResponse(status: status, headers: [("Location", location)])
    }

    /// An error status with a short HTML body, and `Retry-After` when given (seconds or an HTTP-date).
    public static func error(_ status: Int, retryAfter: String? = nil) -> CannedResponse {
        var headers: [(name: String, value: String)] = [("Content-Type", "text/html; charset=utf-8")]
        if let retryAfter { headers.append(("Retry-After", retryAfter)) }
        let page = "<!DOCTYPE html><html><head><title>\(status)</title></head><body><h1>Error \(status)</h1></body></html>"
        return CannedResponse(status: status, headers: headers, body: Array(page.utf8))
    }

    /// The same response with its body compressed and `Content-Encoding` set.
    public func encoded(_ coding: ContentCoding) -> CannedResponse {
        var copy = self
        copy.body = coding == .gzip ? DeflateEncoder.gzip(body) : DeflateEncoder.zlib(body)
        copy.headers.append(("Content-Encoding", coding.rawValue))
        return copy
    }

    /// The same response with its body sent `chunkSize` bytes every `interval`.
    public func trickled(chunkSize: Int, every interval: Duration) -> CannedResponse {
        var copy = self
        copy.delivery = .trickled(chunkSize: max(1, chunkSize), interval: interval)
        return copy
    }

    /// The same response cut after `sentBytes` body bytes, then the connection is closed.
    public func truncated(after sentBytes: Int) -> CannedResponse {
        var copy = self
        copy.delivery = .truncated(sentBytes: max(0, min(sentBytes, body.count)))
        return copy
    }

    /// The same response answered only after `delay`.
    public func delayed(by delay: Duration) -> CannedResponse {
        var copy = self
        copy.delay = delay
        return copy
    }
}
