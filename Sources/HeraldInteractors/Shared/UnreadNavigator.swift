#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Which way "next unread" goes.
public enum UnreadDirection: Sendable, Hashable {
    /// Older articles, then the following feeds (`n`).
    case next
    /// Newer articles, then the preceding feeds (`p`).
    case previous
}

/// "Next unread" as newsboat goes: within the list's feed first, in the list's order, then round
/// to the feed's unread articles on the other side of the current one (newsboat's
/// `jump_to_next_unread_item` wraps within the feed); only when the feed has none left, the next
/// feed (in the feeds screen's order) that has unread articles. Lists that are not one feed (a
/// tag, everything, a saved search) move within themselves.
struct UnreadNavigator: Sendable {
    let feeds: any FeedStoring
    let articles: any ArticleStoring

    /// The unread article to show after `current` (nil: from the list's start), with the filter
    /// it is shown within (another feed's when the search crossed feeds).
    /// - Parameter feeds: The feeds it may cross to (those the feeds screen lists); nil for any.
    func find(_ direction: UnreadDirection, from current: ArticleID?, in filter: ArticleFilter,
              among feeds: Set<FeedID>? = nil) async throws(StoreError) -> (id: ArticleID, filter: ArticleFilter)? {
        if let inList = try await step(direction, from: current, in: filter) { return (inList, filter) }
        if let round = try await wrapped(direction, skipping: current, in: filter) { return (round, filter) }
        guard case .feed(let feedID) = filter.scope else { return nil }
        let ordered = try await self.feeds.feeds().map(\.id)
        let unread = try await articles.unreadCountsByFeed()
        if let start = ordered.firstIndex(of: feedID), ordered.count > 1 {
            for offset in 1..<ordered.count {
                let index = direction == .next ? (start + offset) % ordered.count
                                               : (start - offset + ordered.count) % ordered.count
                let other = ordered[index]
                guard (unread[other] ?? 0) > 0, feeds?.contains(other) ?? true else { continue }
                var otherFilter = filter
                otherFilter.scope = .feed(other)
                if let id = try await step(direction, from: nil, in: otherFilter) { return (id, otherFilter) }
            }
        }
        return nil
    }

    /// The nearest unread in `direction` from `current` within the filter, never wrapping.
    private func step(_ direction: UnreadDirection, from current: ArticleID?,
                      in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        switch direction {
        case .previous:
            return try await articles.previousUnread(before: current, in: filter)
        case .next:
            guard let candidate = try await articles.nextUnread(after: current, in: filter) else { return nil }
            guard let current else { return candidate }
            // The store wraps to the newest unread when nothing older is left; that is not "next".
            let (a, b) = (try await articles.article(candidate), try await articles.article(current))
            return (a.sortDate, a.id) < (b.sortDate, b.id) ? candidate : nil
        }
    }

    /// Back round: the first unread from the list's start in `direction` (the newest for next,
    /// the oldest for previous), unless that is the article on screen.
    private func wrapped(_ direction: UnreadDirection, skipping current: ArticleID?,
                         in filter: ArticleFilter) async throws(StoreError) -> ArticleID? {
        let found = try await step(direction, from: nil, in: filter)
        return found == current ? nil : found
    }
}
