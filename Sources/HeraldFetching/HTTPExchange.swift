import AsyncHTTPClient
import Foundation
import HeraldDomain
import NIOCore
import NIOHTTP1

/// One request and its response, body read (or drained) before the host slot is given back.
struct HTTPExchange: Sendable {
    /// What came back.
    enum Reply: Sendable {
        /// 2xx with its body, already decompressed.
        case content(Data, headers: HTTPHeaders)
        /// 304.
        case notModified(HTTPHeaders)
        /// A redirect to the (unresolved) `Location`.
        case redirect(status: Int, location: String)
        /// Any other status.
        case status(Int, headers: HTTPHeaders)
    }

    /// A 3xx body or an error page is read and dropped (so the connection can be reused) up to
    /// this size; beyond it the connection is closed instead.
    private static let drainLimit = 64 * 1024

    let client: HTTPClient
    let configuration: FetcherConfiguration

    /// Sends one GET for `url` with the validators of `request`.
    /// - Parameter hostHeader: The `Host` to send when `url` names an address instead of the host.
    /// - Parameter authorization: The `Authorization` value to send (HTTP Basic from the feed's URL).
    func perform(_ url: String, host: String, hostHeader: String? = nil, authorization: String? = nil,
                 request: FetchRequest, deadline: ContinuousClock.Instant) async throws(FetchError) -> Reply {
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = .GET
        if let hostHeader { outgoing.headers.add(name: "Host", value: hostHeader) }
        if let authorization { outgoing.headers.add(name: "Authorization", value: authorization) }
        outgoing.headers.add(name: "User-Agent", value: configuration.userAgent)
        outgoing.headers.add(name: "Accept", value: FetcherConfiguration.acceptHeader)
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        if let etag = request.etag, !etag.isEmpty { outgoing.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = request.lastModified, !lastModified.isEmpty {
            outgoing.headers.add(name: "If-Modified-Since", value: lastModified)
        }
        do {
            let remaining = ContinuousClock.now.duration(to: deadline)
            let response = try await client.execute(outgoing, timeout: Self.timeAmount(max(remaining, .zero)))
            let status = Int(response.status.code)
            switch status {
            case 200..<300:
                return .content(try await readBody(response), headers: response.headers)
            case 304:
                try await drain(response.body)
                return .notModified(response.headers)
            case 301, 302, 303, 307, 308:
                guard let location = response.headers.first(name: "Location"), !location.isEmpty else {
                    try await drain(response.body)
                    return .status(status, headers: response.headers)
                }
                try await drain(response.body)
                return .redirect(status: status, location: location)
            default:
                try await drain(response.body)
                return .status(status, headers: response.headers)
            }
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw TransportErrors.fetchError(for: error, url: url, host: host, bodyLimit: configuration.maxBodyBytes)
        }
    }

    /// Reads the whole body, failing with ``FetchError/tooLarge(limit:)`` past the limit.
    private func readBody(_ response: HTTPClientResponse) async throws -> Data {
        let limit = configuration.maxBodyBytes
        let isEncoded = response.headers.first(name: "Content-Encoding").map { $0.lowercased() != "identity" } ?? false
        let declared = response.headers.first(name: "Content-Length").flatMap(Int.init)
        if let declared, declared > limit, !isEncoded { throw FetchError.tooLarge(limit: limit) }
        var data = Data()
        if let declared, !isEncoded { data.reserveCapacity(declared) }
        for try await chunk in response.body {
            guard data.count + chunk.readableBytes <= limit else { throw FetchError.tooLarge(limit: limit) }
            chunk.withUnsafeReadableBytes { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Reads and drops a small body so the connection stays reusable; stops (closing the
    /// connection) past ``drainLimit``.
    private func drain(_ body: HTTPClientResponse.Body) async throws {
        var seen = 0
        for try await chunk in body {
            seen += chunk.readableBytes
            if seen > Self.drainLimit { return }
        }
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
