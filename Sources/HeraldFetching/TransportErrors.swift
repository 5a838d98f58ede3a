import AsyncHTTPClient
import HeraldDomain
import NIOCore
import NIOHTTP1

/// Maps what AsyncHTTPClient and SwiftNIO throw to exactly one ``FetchError``.
///
/// Some errors come from modules HeraldFetching does not depend on directly (NIOPosix for
/// connection and DNS failures, NIOSSL for TLS, NIOHTTPCompression for the decompression
/// limit); those are recognised by their module-qualified type name and their documented
/// descriptions, and the tests exercise each path against a real server.
enum TransportErrors {
    /// The ``FetchError`` for `error`, raised while fetching `url` from `host`.
    static func fetchError(for error: any Error, url: String, host: String, bodyLimit: Int) -> FetchError {
        if let error = error as? FetchError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError { return fetchError(for: error, url: url) }
        if error is SocketAddressError.UnknownHost { return .dnsFailure(host: host) }
        if let error = error as? IOError { return .connectionFailed(reason: reason(error.description)) }
        if error is HTTPParserError { return .connectionFailed(reason: "the server sent a malformed response") }
        if error is ChannelError { return .connectionFailed(reason: reason(String(describing: error))) }

        let typeName = String(reflecting: type(of: error))
        let description = String(describing: error)
        switch typeName {
        case "NIOPosix.NIOConnectionError":
            return description.hasPrefix("DNS error") ? .dnsFailure(host: host)
                : .connectionFailed(reason: reason(description))
        case _ where typeName.hasPrefix("NIOSSL."):
            return .tlsFailure(reason: description)
        case "NIOHTTPCompression.NIOHTTPDecompression.DecompressionError":
            return description == "limit" ? .tooLarge(limit: bodyLimit)
                : .connectionFailed(reason: "the compressed body is corrupt")
        case "NIOHTTPCompression.NIOHTTPDecompression.ExtraDecompressionError":
            return .connectionFailed(reason: "the compressed body is corrupt")
        default:
            break
        }
        return .connectionFailed(reason: reason(description))
    }

    private static func fetchError(for error: HTTPClientError, url: String) -> FetchError {
        switch error {
        case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
             .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            .timedOut
        case .cancelled:
            .cancelled
        case .remoteConnectionClosed, .bodyLengthMismatch:
            .connectionFailed(reason: "the server closed the connection before the whole response arrived")
        case .invalidURL, .emptyHost, .emptyScheme:
            .invalidURL(url)
        default:
            .connectionFailed(reason: String(describing: error))
        }
    }

    /// A short, readable reason: "connection refused" rather than a syscall trace.
    private static func reason(_ description: String) -> String {
        let lowered = description.lowercased()
        let known = [
            ("refused", "connection refused"), ("reset by peer", "connection reset by the server"),
            ("unreachable", "network unreachable"), ("timed out", "the connection timed out"),
            ("broken pipe", "the connection broke"),
        ]
        return known.first { lowered.contains($0.0) }?.1 ?? description
    }
}
