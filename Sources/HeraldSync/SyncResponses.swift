import Foundation
import HTTPTypes
import Hummingbird

/// The responses every sync API sends: JSON (slashes unescaped, keys sorted so answers are
/// stable) and plain text.
enum SyncResponses {
    /// A JSON body.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A JSON body of a ``JSONValue``, written directly (the same text `JSONEncoder` would give).
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serialized)))
    }

    /// A plain-text body.
    static func text(_ text: String, status: HTTPResponse.Status = .ok,
                     contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: contentType],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
