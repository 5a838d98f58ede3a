import HeraldDomain

/// What runs after a refresh that stored new articles (the config's `on-new-articles`, newsboat's
/// `notify-program`).
public protocol RefreshHooking: Sendable {
    /// Runs the hook for a refresh's totals.
    /// - Returns: What went wrong, for the refresh log, or `nil`.
    func refreshStoredNewArticles(_ summary: RefreshSummary) async -> String?
}
