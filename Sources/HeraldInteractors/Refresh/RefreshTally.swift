import HeraldDomain

/// The running totals of one refresh.
struct RefreshTally {
    private var summary: RefreshSummary

    /// Starts the totals of a refresh of `total` feeds.
    init(total: Int) {
        summary = RefreshSummary(total: total, stored: 0, notModified: 0, failed: 0, newArticles: 0, cancelled: false)
    }

    /// Counts one feed's result.
    mutating func add(_ result: FeedRefreshResult) {
        switch result {
        case .stored(let outcome):
            summary.stored += 1
            summary.newArticles += outcome.inserted
        case .notModified:
            summary.notModified += 1
        case .failed:
            summary.failed += 1
        case .cancelled:
            summary.cancelled = true
        case .skipped:
            summary.skipped += 1
        }
    }

    /// Sets the number of feeds the refresh covered, once known (a shared queue's refresh knows it at
    /// the end: other workers may have refreshed some of the feeds it counted at the start).
    mutating func settle(total: Int) {
        summary.total = total
    }

    /// The totals so far; `cancelled` when any feed was left undone.
    var result: RefreshSummary {
        var final = summary
        final.cancelled = summary.cancelled || summary.stored + summary.notModified + summary.failed + summary.skipped < summary.total
        return final
    }
}
