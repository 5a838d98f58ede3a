import Foundation
import Herald
import HTTPTypes
import Hummingbird

/// Reads what a request signs in with: a token header, or HTTP Basic.
enum SyncCredentials {
    /// Miniflux's token header.
    static let authTokenField = HTTPField.Name("X-Auth-Token")!

    /// The attempt in a request's headers: `X-Auth-Token` first, then `Authorization: Basic`.
    static func attempt(in request: Request) -> SignInAttempt? {
        if let token = request.headers[authTokenField] {
            return .token(token.trimmingCharacters(in: .whitespaces))
        }
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8),
              let colon = text.firstIndex(of: ":") else { return nil }
        return .password(name: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
    }
}
