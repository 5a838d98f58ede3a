extension CannedResponse {
    /// A media file served as a server with range support serves it: `200` with the whole body and
    /// its `ETag`, or `206` with `Content-Range` for a `Range: bytes=N-` whose `If-Range` (when
    /// sent) matches the `ETag`, or `416` past the end.
    public static func ranged(_ body: [UInt8], for request: RecordedRequest, etag: String,
                              contentType: String = "audio/mpeg") -> CannedResponse {
        var headers = [(name: "Content-Type", value: contentType), (name: "ETag", value: etag),
                       (name: "Accept-Ranges", value: "bytes")]
        guard let range = request.header("Range"), range.hasPrefix("bytes="), range.hasSuffix("-"),
              let start = Int(range.dropFirst(6).dropLast()),
              request.header("If-Range").map({ $0 == etag }) ?? true else {
            return CannedResponse(status: 200, headers: headers, body: body)
        }
        guard start < body.count else {
            headers.append((name: "Content-Range", value: "bytes */\(body.count)"))
            return CannedResponse(status: 416, headers: headers)
        }
        headers.append((name: "Content-Range", value: "bytes \(start)-\(body.count - 1)/\(body.count)"))
        return CannedResponse(status: 206, headers: headers, body: Array(body[start...]))
    }
}
