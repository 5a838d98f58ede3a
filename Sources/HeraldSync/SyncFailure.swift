import HTTPTypes

/// A request a sync API refuses: the status, and a message in that protocol's error shape
/// (Miniflux's `error_message`, Google Reader's plain text).
struct SyncFailure: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}
