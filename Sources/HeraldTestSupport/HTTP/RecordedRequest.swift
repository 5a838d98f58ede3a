/// A request as ``LocalHTTPServer`` received it, kept so tests can assert what a client sent.
public struct RecordedRequest: Sendable {
    /// The method, such as `GET`.
    public let method: String
    /// The path, without the query.
    public let path: String
    /// The request target as sent (path and query).
    public let uri: String
    /// The headers, in order.
    public let headers: [(name: String, value: String)]

    /// Creates a record.
    public init(method: String, uri: String, headers: [(name: String, value: String)]) {
        self.method = method
        self.uri = uri
        self.path = String(uri.prefix { $0 != "?" })
        self.headers = headers
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
