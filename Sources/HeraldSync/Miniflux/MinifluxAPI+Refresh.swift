import Foundation
import Herald
import Hummingbird

extension MinifluxAPI {
    /// Miniflux's refresh requests, answered as Miniflux answers them:
    /// - `PUT /v1/feeds/refresh`: the feeds whose next check is due are refreshed in the
    ///   background; 204 at once.
    /// - `PUT /v1/categories/ID/refresh`: the same for the category's feeds.
    /// - `PUT /v1/feeds/ID/refresh`: that feed is refreshed now; 204 when it is done, 500 with the
    ///   reason when the feed failed. A feed asked for within the politeness window
    ///   (`refresh-guard-window`, 30 s) is not asked again: 204 at once.
    ///
    /// The refreshes are the engine's own, with its politeness: feeds not due (and feeds that are
    /// gone) are left alone by the first two, another refresh holding a feed keeps it, each host's
    /// request rate is capped, and a feed whose server asked to wait is not asked. A client that
    /// presses refresh over and over costs a site at most one request a window.
    /// - Returns: The answer, or nil when the request is not a refresh.
    func refresh(_ route: MinifluxRoute) async throws -> Response? {
        if route.is(.put, "feeds", "refresh") {
            refreshInBackground(.due)
            return Self.noContent()
        }
        if let id = route.match(.put, "categories", "*", "refresh").first {
            let category = try await category(id)
            let now = Date()
            let feeds = try await herald.feeds().filter { feed in
                Self.holds(category, feed) && !feed.fetchState.isGone && (feed.fetchState.nextDueAt.map { $0 <= now } ?? true)
            }
            if !feeds.isEmpty { refreshInBackground(.feeds(feeds.map(\.id))) }
            return Self.noContent()
        }
        if let id = route.match(.put, "feeds", "*", "refresh").first {
            let feed = try await feed(id)
            if let last = feed.fetchState.lastAttemptAt,
               Date().timeIntervalSince(last) < herald.configuration.refreshGuardWindow {
                return Self.noContent()
            }
            var failure: FeedFailure?
            for await event in herald.refresh(.feeds([feed.id])) {
                if case .failed(_, let failed) = event { failure = failed }
            }
            if let failure { throw SyncFailure(.internalServerError, failure.message) }
            return Self.noContent()
        }
        return nil
    }

    /// Starts a refresh that outlives the request; the engine stops it when it shuts down.
    private func refreshInBackground(_ selection: RefreshSelection) {
        let events = herald.refresh(selection)
        Task { for await _ in events {} }
    }
}
