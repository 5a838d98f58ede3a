import Foundation

/// How ``LocalHTTPServer`` honours `If-None-Match` and `If-Modified-Since` (RFC 9110 §13.1).
enum ConditionalRequest {
    /// True when `response` is a 200 whose validators match the request's.
    /// `If-Modified-Since` is compared as the exact string the server sent, as many servers do,
    /// and is ignored when `If-None-Match` is present.
    static func isNotModified(_ response: CannedResponse, for request: RecordedRequest) -> Bool {
        guard response.status == 200 else { return false }
        if let ifNoneMatch = request.header("If-None-Match") {
            guard let etag = response.header("ETag") else { return false }
            let candidates = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return candidates.contains { $0 == "*" || weak($0) == weak(etag) }
        }
        if let ifModifiedSince = request.header("If-Modified-Since"),
           let lastModified = response.header("Last-Modified") {
            return ifModifiedSince == lastModified
        }
        return false
    }

    private static func weak(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }
}

extension CannedResponse {
    /// The 304 answer for this response: no body, the validators and caching headers kept.
    func notModified() -> CannedResponse {
        let kept = ["etag", "last-modified", "cache-control", "expires", "date", "vary"]
        return CannedResponse(status: 304, headers: headers.filter { kept.contains($0.name.lowercased()) },
                              body: [], delivery: .whole, delay: delay)
    }
}
