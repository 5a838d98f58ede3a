import Foundation
import HTTPTypes
import Hummingbird

/// A Google Reader request's parameters: the query's and, on a POST, the form body's, repeated
/// names kept in order (clients repeat `i`, `a`, `r` and `s`).
struct GoogleReaderRequest {
    let method: HTTPRequest.Method
    /// The path after `/reader/api/0/` (or the `accounts/ClientLogin` path), percent-decoded.
    let path: String
    let headers: HTTPFields
    let body: Data
    private let parameters: [(name: String, value: String)]

    /// Reads a request's parameters; `nil` when its body is larger than ``SyncAPI/maxBodyBytes``.
    static func read(_ request: Request, path: String) async -> GoogleReaderRequest? {
        var parameters: [(name: String, value: String)] = []
        if let query = request.uri.query { parameters = FormFields.urlEncoded(query) }
        var body = Data()
        if request.method == .post {
            guard let read = await SyncAPI.body(of: request) else { return nil }
            body = read
            let type = request.headers[.contentType]?.lowercased() ?? ""
            if !type.contains("xml"), !type.contains("json") {
                parameters += FormFields.pairs(body, contentType: request.headers[.contentType])
            }
        }
        return GoogleReaderRequest(method: request.method, path: path, headers: request.headers, body: body,
                                   parameters: parameters)
    }

    /// The last value of a parameter.
    func value(_ name: String) -> String? { parameters.last { $0.name == name }?.value }

    /// Every value of a parameter, in order.
    func values(_ name: String) -> [String] { parameters.filter { $0.name == name }.map(\.value) }

    /// True when the parameter was given (with or without a value).
    func has(_ name: String) -> Bool { parameters.contains { $0.name == name } }

    /// A number parameter within `range` (clamped), or `fallback`.
    func number(_ name: String, fallback: Int, range: ClosedRange<Int>) -> Int {
        guard let value = value(name).flatMap({ Int($0) }) else { return fallback }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}
