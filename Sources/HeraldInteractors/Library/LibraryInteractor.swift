#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// The library's use cases that show no screen: find a feed by what a person typed, read one
/// article, change reading state by ids or by filter, totals, retention. Front ends reach them
/// through the facade, never the store; screens have their own interactors.
public struct LibraryInteractor: Sendable {
    private let feedStore: any FeedStoring
    private let articles: any ArticleStoring
    private let clock: any WallClock
    private let searches: (any ArticleSearching)?

    /// Creates the use cases over the store's ports.
    /// - Parameter searches: The saved searches, for naming a saved search's list; `nil` names none.
    public init(feeds: any FeedStoring, articles: any ArticleStoring, clock: any WallClock,
                searches: (any ArticleSearching)? = nil) {
        self.feedStore = feeds
        self.articles = articles
        self.clock = clock
        self.searches = searches
    }

    /// What a list shows articles of (its feed, tag or saved search), for its title, without
    /// loading the list: a confirmation names the list it marks read.
    /// - Throws: ``StoreError/feedNotFound(_:)`` or ``StoreError/savedSearchNotFound(_:)`` for a
    ///   list whose feed or saved search is gone.
    public func source(of filter: ArticleFilter) async throws(StoreError) -> ArticleListSource {
        try await ArticleListSource.resolving(filter, feeds: feedStore, searches: searches)
    }

    /// Every subscribed feed, by display title.
    public func feeds() async throws(StoreError) -> [Feed] {
        try await feedStore.feeds()
    }

    /// The subscribed feeds among `ids`, in no set order.
    public func feeds(withIDs ids: Set<FeedID>) async throws(StoreError) -> [Feed] {
        try await feedStore.feeds(withIDs: ids)
    }

    /// The feed a person named: by id, by URL, by title (case-insensitive), else by the one title
    /// that contains the name.
    /// - Throws: ``FeedLookupError`` when nothing or several feeds match, or the store fails.
    public func feed(named name: String) async throws(FeedLookupError) -> Feed {
        let feeds: [Feed]
        do { feeds = try await feedStore.feeds() } catch { throw .store(error) }
        if let number = Int64(name), let feed = feeds.first(where: { $0.id.rawValue == number }) { return feed }
        if let feed = feeds.first(where: { $0.url == name }) { return feed }
        let lowered = name.lowercased()
        if let feed = feeds.first(where: { $0.displayTitle.lowercased() == lowered }) { return feed }
        let partial = feeds.filter { $0.displayTitle.lowercased().contains(lowered) }
        if partial.count == 1 { return partial[0] }
        if partial.isEmpty { throw .noMatch(name) }
        throw .ambiguous(name, candidates: partial.prefix(5).map { .init(id: $0.id, title: $0.displayTitle) })
    }

    /// One stored article with its body and state.
    public func article(_ id: ArticleID) async throws(StoreError) -> Article {
        try await articles.article(id)
    }

    /// Applies a reading-state change.
    /// - Returns: How many articles the change named (by ids), or how many it changed (by filter).
    /// - Parameter ignoringUnknownArticles: Skip ids that name no article instead of failing.
    @discardableResult
    public func apply(_ change: ReadingStateChange, ignoringUnknownArticles: Bool = false) async throws(StoreError) -> Int {
        do {
            return try await applyNow(change)
        } catch .articleNotFound where ignoringUnknownArticles {
            return try await applyNow(try await change.keeping(articles.articles(withIDs: change.ids).map(\.id)))
        }
    }

    private func applyNow(_ change: ReadingStateChange) async throws(StoreError) -> Int {
        switch change {
        case let .read(isRead, ids):
            try await articles.setRead(isRead, for: ids)
            return ids.count
        case let .starred(isStarred, ids):
            try await articles.setStarred(isStarred, for: ids)
            return ids.count
        case .allRead(let filter):
            return try await articles.markAllRead(in: filter)
        case let .hidden(isHidden, ids):
            try await articles.setHidden(isHidden, for: ids)
            return ids.count
        case let .tagged(tag, ids), let .untagged(tag, ids):
            let adding = if case .tagged = change { true } else { false }
            for id in ids {
                let current = try await articles.article(id).state.tags
                let tags = adding ? (current.contains(tag) ? current : current + [tag]) : current.filter { $0 != tag }
                if tags != current { try await articles.setTags(tags, forArticle: id) }
            }
            return ids.count
        }
    }

    /// Totals over the store.
    public func statistics() async throws(StoreError) -> StoreStatistics {
        try await articles.statistics()
    }

    /// Deletes articles beyond the retention (never starred ones), as of now.
    /// - Returns: How many were deleted.
    public func applyRetention(_ policy: RetentionPolicy) async throws(StoreError) -> Int {
        try await articles.applyRetention(global: policy, now: clock.now())
    }
}
