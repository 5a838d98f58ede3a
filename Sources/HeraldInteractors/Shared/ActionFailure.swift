/// An action that failed after the screen was shown (a mark, a rename, a refresh): the
/// screen keeps its content and the Container shows the message as an alert with retry.
public struct ActionFailure: Sendable {
    /// What went wrong and what the user can do (the port error's own message).
    public let message: String
    /// Runs the same action again; `nil` when retrying cannot help. It keeps its module alive
    /// until the Container drops the alert, so a retry works after the screen was left.
    public let retry: (@Sendable () async -> Void)?

    /// Creates a failure report.
    public init(message: String, retry: (@Sendable () async -> Void)?) {
        self.message = message
        self.retry = retry
    }
}
