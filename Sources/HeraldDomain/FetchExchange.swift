#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request to fetch a feed, with the validators of the last success.
public struct FetchRequest: Sendable, Hashable {
    /// The URL (`http`, `https` or `file`).
    public var url: String
    /// Sent as `If-None-Match`.
    public var etag: String?
    /// Sent as `If-Modified-Since`.
    public var lastModified: String?
    /// Refuse a URL (or a redirect) whose host is on a loopback, private, link-local or otherwise
    /// non-public address: for pages a feed links to, which must not make Herald read the
    /// machine's or the network's own services (``FetchError/privateAddress(host:)``).
    public var refusesPrivateAddresses: Bool

    /// Creates a request.
    public init(url: String, etag: String? = nil, lastModified: String? = nil, refusesPrivateAddresses: Bool = false) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.refusesPrivateAddresses = refusesPrivateAddresses
    }
}

/// One redirect followed while fetching.
public struct RedirectHop: Sendable, Hashable, Codable {
    /// The URL that answered with a redirect.
    public var from: String
    /// Where it pointed.
    public var to: String
    /// The status: 301, 302, 303, 307 or 308.
    public var status: Int

    /// Creates a hop.
    public init(from: String, to: String, status: Int) {
        self.from = from
        self.to = to
        self.status = status
    }

    /// True for 301 and 308.
    public var isPermanent: Bool { status == 301 || status == 308 }
}

/// What a successful fetch returned.
public struct FetchResponse: Sendable, Hashable {
    /// What the server answered.
    public enum Outcome: Sendable, Hashable {
        /// 304: the feed has not changed since the validators.
        case notModified
        /// A body (already decompressed), with the `Content-Type` charset if any.
        case content(Data, contentType: String?, charset: String?)
    }

    /// The URL finally answered, after redirects.
    public var finalURL: String
    /// The redirects followed, in order.
    public var redirects: [RedirectHop]
    /// The outcome.
    public var outcome: Outcome
    /// The new `ETag`.
    public var etag: String?
    /// The new `Last-Modified`.
    public var lastModified: String?
    /// `Cache-Control: max-age`, in seconds.
    public var maxAge: Double?
    /// `Expires`.
    public var expires: Date?

    /// Creates a response.
    public init(finalURL: String, redirects: [RedirectHop] = [], outcome: Outcome, etag: String? = nil,
                lastModified: String? = nil, maxAge: Double? = nil, expires: Date? = nil) {
        self.finalURL = finalURL
        self.redirects = redirects
        self.outcome = outcome
        self.etag = etag
        self.lastModified = lastModified
        self.maxAge = maxAge
        self.expires = expires
    }

    /// The new URL when every redirect followed was permanent, else `nil`.
    public var permanentRedirectTarget: String? {
        guard !redirects.isEmpty, redirects.allSatisfy(\.isPermanent) else { return nil }
        return redirects.last?.to
    }
}

/// Why a fetch failed. Every case says what the user can do.
public enum FetchError: Error, Sendable, Hashable {
    /// The URL cannot be fetched (malformed or unsupported scheme).
    case invalidURL(String)
    /// 404.
    case notFound
    /// 410.
    case gone
    /// 429 or 503; `retryAfter` from the header when given.
    case rateLimited(status: Int, retryAfter: Date?)
    /// Any other error status.
    case httpStatus(Int)
    /// The host name did not resolve.
    case dnsFailure(host: String)
    /// The connection failed or was reset.
    case connectionFailed(reason: String)
    /// TLS failed.
    case tlsFailure(reason: String)
    /// Connect, read or total timeout.
    case timedOut
    /// The body is larger than the limit, or decompresses beyond the ratio limit.
    case tooLarge(limit: Int)
    /// A redirect pointed back to a URL already visited.
    case redirectLoop(url: String)
    /// More redirects than the limit.
    case tooManyRedirects(limit: Int)
    /// A `file://` feed could not be read.
    case fileUnreadable(path: String, reason: String)
    /// A script source's command (``ScriptSource``) could not run, failed or ran too long.
    case scriptFailed(command: String, reason: String)
    /// The host is on a non-public address and the request refuses those.
    case privateAddress(host: String)
    /// The fetch was cancelled.
    case cancelled

    /// What went wrong, without advice: for messages where the advice differs (subscribing
    /// retries nothing, so "retrying later" would be wrong there).
    public var reason: String {
        switch self {
        case .invalidURL(let url): "\(url) is not an http, https or file URL"
        case .notFound: "the server says it does not exist (404)"
        case .gone: "the publisher removed it (410)"
        case .rateLimited(let status, _): "the server asked to slow down (\(status))"
        case .httpStatus(let status): "the server answered with an error (\(status))"
        case .dnsFailure(let host): "the host \(host) could not be found"
        case .connectionFailed(let reason): "could not connect (\(reason))"
        case .tlsFailure(let reason): "the secure connection failed (\(reason))"
        case .timedOut: "the server took too long to answer"
        case .tooLarge(let limit): "it is larger than the \(limit / 1_048_576) MB limit"
        case .redirectLoop(let url): "the server redirects in a loop (via \(url))"
        case .tooManyRedirects(let limit): "the server redirected more than \(limit) times"
        case let .fileUnreadable(path, reason): "cannot read \(path): \(reason)"
        case let .scriptFailed(command, reason): "the command \(command) \(reason)"
        case .privateAddress(let host): "\(host) is on a private network address, which a feed's links may not reach"
        case .cancelled: "it was cancelled"
        }
    }

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .invalidURL(let url): "The URL \(url) cannot be fetched; check it for typos."
        case .notFound: "The server says the feed does not exist (404); check the URL or remove the feed."
        case .gone: "The publisher removed the feed (410); polling stopped, remove it or change its URL."
        case let .rateLimited(status, retryAfter):
            if let retryAfter {
                "The server asked Herald to slow down (\(status)); retrying after \(retryAfter)."
            } else {
                "The server asked Herald to slow down (\(status)); retrying later."
            }
        case .httpStatus(let status): "The server answered with an error (\(status)); retrying later."
        case .dnsFailure(let host): "The host \(host) could not be found; check the URL or your network."
        case .connectionFailed(let reason): "Could not connect (\(reason)); check your network, retrying later."
        case .tlsFailure(let reason): "The secure connection failed (\(reason)); the site's certificate may be invalid."
        case .timedOut: "The server took too long to answer; retrying later."
        case .tooLarge(let limit): "The feed is larger than the \(limit / 1_048_576) MB limit; it was not read."
        case .redirectLoop(let url): "The server redirects in a loop (via \(url)); tell the publisher."
        case .tooManyRedirects(let limit): "The server redirected more than \(limit) times; tell the publisher."
        case let .fileUnreadable(path, reason): "Cannot read \(path): \(reason)."
        case let .scriptFailed(command, reason): "The command \(command) \(reason); fix the script or its feed line."
        case .privateAddress(let host):
            "\(host) is on a private network address; a feed's links may not reach it (full-text-private-addresses = allow permits it)."
        case .cancelled: "The fetch was cancelled."
        }
    }
}
