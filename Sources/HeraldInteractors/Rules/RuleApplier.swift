#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Applies the config's rules (``ArticleRule``) to stored articles: after a refresh to what it
/// stored, or to every stored article on demand. Each rule is a query run by the store's own search
/// (the same language and matching as `herald search`), restricted to its target's shown articles.
///
/// Order: `block` and `keep` first (a hidden article is marked read too, so no unread count shows
/// it), then `star`, `read` and `tag` on the articles still shown. Applying twice changes nothing
/// more: hidden articles are out of every later query, and the other actions are idempotent.
public struct RuleApplier: Sendable {
    /// The rules in force, read at each use.
    public let book: RuleBook
    private let feeds: any FeedStoring
    private let articles: any ArticleStoring
    private let library: LibraryInteractor

    /// Creates the applier over the store's ports, with the rules of `book` (read at each use).
    public init(book: RuleBook, feeds: any FeedStoring, articles: any ArticleStoring, clock: any WallClock) {
        self.book = book
        self.feeds = feeds
        self.articles = articles
        self.library = LibraryInteractor(feeds: feeds, articles: articles, clock: clock)
    }

    /// Creates the applier over the store's ports, with fixed rules.
    public init(rules: [ArticleRule], feeds: any FeedStoring, articles: any ArticleStoring, clock: any WallClock) {
        self.init(book: RuleBook(rules), feeds: feeds, articles: articles, clock: clock)
    }

    /// An applier of `rules` alone over the same store (a rule just written, applied to every
    /// stored article).
    public func applying(only rules: [ArticleRule]) -> RuleApplier {
        RuleApplier(book: RuleBook(rules), feeds: feeds, articles: articles, library: library)
    }

    private init(book: RuleBook, feeds: any FeedStoring, articles: any ArticleStoring, library: LibraryInteractor) {
        self.book = book
        self.feeds = feeds
        self.articles = articles
        self.library = library
    }

    /// Whether there is any rule to apply.
    public var hasRules: Bool {
        get async { await !book.rules.isEmpty }
    }

    /// Applies every rule to the articles first stored at or after `since` (`nil`: every stored article).
    public func apply(firstSeenSince since: Date?) async throws(StoreError) -> RuleTally {
        var tally = RuleTally()
        let rules = await book.rules
        guard !rules.isEmpty else { return tally }
        let known = try await feeds.feeds()
        // Block, then keep (per target: what no keep rule of the target matches).
        var hide: Set<ArticleID> = []
        for rule in rules where rule.action == .block {
            for filter in Self.filters(for: rule.target, among: known) {
                hide.formUnion(try await ids(filter, query: rule.query, since: since))
            }
        }
        var keepTargets: [ArticleRule.Target] = []
        for rule in rules where rule.action == .keep && !keepTargets.contains(rule.target) {
            keepTargets.append(rule.target)
        }
        for target in keepTargets {
            for filter in Self.filters(for: target, among: known) {
                var kept: Set<ArticleID> = []
                for rule in rules where rule.action == .keep && rule.target == target {
                    kept.formUnion(try await ids(filter, query: rule.query, since: since))
                }
                hide.formUnion(Set(try await ids(filter, query: nil, since: since)).subtracting(kept))
            }
        }
        if !hide.isEmpty {
            let sorted = hide.sorted { $0.rawValue < $1.rawValue }
            _ = try await library.apply(.read(true, ids: sorted))
            _ = try await library.apply(.hidden(true, ids: sorted))
            tally.hidden = sorted.count
        }
        for rule in rules {
            let change: (([ArticleID]) -> ReadingStateChange)?
            switch rule.action {
            case .block, .keep: change = nil
            case .star: change = { .starred(true, ids: $0) }
            case .markRead: change = { .read(true, ids: $0) }
            case .tag(let name): change = { .tagged(name, ids: $0) }
            }
            guard let change else { continue }
            var caught: [ArticleID] = []
            for filter in Self.filters(for: rule.target, among: known) {
                caught += try await ids(Self.narrowed(filter, for: rule.action), query: rule.query, since: since)
            }
            // Only what the rule changes counts (and is written): not what is already starred or tagged.
            switch rule.action {
            case .star:
                caught = try await articles.articles(withIDs: caught).filter { !$0.state.isStarred }.map(\.id)
            case .tag(let name):
                caught = try await articles.articles(withIDs: caught).filter { !$0.state.tags.contains(name) }.map(\.id)
            case .block, .keep, .markRead: break
            }
            guard !caught.isEmpty else { continue }
            _ = try await library.apply(change(caught))
            switch rule.action {
            case .star: tally.starred += caught.count
            case .markRead: tally.markedRead += caught.count
            case .tag: tally.tagged += caught.count
            case .block, .keep: break
            }
        }
        return tally
    }

    /// What each rule catches among the stored articles now, with its `limit` newest matches.
    public func catches(limit: Int) async throws(StoreError) -> [RuleCatch] {
        let known = try await feeds.feeds()
        var result: [RuleCatch] = []
        for rule in await book.rules {
            result.append(try await self.catch(rule, among: known, limit: limit))
        }
        return result
    }

    /// What a query would catch in a target among the stored articles (`herald rules test`).
    public func test(query: String, target: ArticleRule.Target, limit: Int) async throws(StoreError) -> RuleCatch {
        try await self.catch(ArticleRule(action: .block, target: target, query: query), among: try await feeds.feeds(),
                             limit: limit)
    }

    private func `catch`(_ rule: ArticleRule, among known: [Feed], limit: Int) async throws(StoreError) -> RuleCatch {
        let filters = Self.filters(for: rule.target, among: known)
        var matched: [ArticleID] = []
        var inTarget = 0
        for filter in filters {
            matched += try await ids(filter, query: rule.query, since: nil)
            inTarget += try await ids(filter, query: nil, since: nil).count
        }
        // Newest first: ids grow as articles are stored (a batch read keeps the order asked).
        let newestIDs = Array(matched.sorted { $0.rawValue > $1.rawValue }.prefix(max(0, limit)))
        let newest = try await articles.articles(withIDs: newestIDs).map { article in
            ArticleSummary(id: article.id, feedID: article.feedID,
                           feedTitle: known.first { $0.id == article.feedID }?.displayTitle ?? "",
                           title: article.title, url: article.url, author: article.authors.first?.displayName,
                           date: article.sortDate, isRead: article.state.isRead, isStarred: article.state.isStarred)
        }
        var targetIsUnknown = false
        if case .feed = rule.target { targetIsUnknown = filters.isEmpty }
        return RuleCatch(rule: rule, matched: matched.count, inTarget: inTarget, newest: newest,
                         targetIsUnknown: targetIsUnknown)
    }

    private func ids(_ filter: ArticleFilter, query: String?, since: Date?) async throws(StoreError) -> [ArticleID] {
        try await articles.articleIDs(ArticleIDRequest(filter: filter, query: query, firstSeenSince: since))
    }

    /// The filter an action needs: only what it would change (unread for `read`, unstarred is not
    /// a filter, so `star` takes every match).
    private static func narrowed(_ filter: ArticleFilter, for action: ArticleRule.Action) -> ArticleFilter {
        var filter = filter
        if action == .markRead { filter.unreadOnly = true }
        return filter
    }

    /// The filters a target covers: every shown feed, a tag's feeds, or the feeds its name matches by
    /// URL or by title (without case); none when no feed has that name.
    static func filters(for target: ArticleRule.Target, among known: [Feed]) -> [ArticleFilter] {
        switch target {
        case .everyFeed:
            // One query for all (a feed hidden from the lists is left out, as from "all articles").
            return [ArticleFilter(scope: .all)]
        case .tag(let tag):
            return [ArticleFilter(scope: .tag(tag))]
        case .feed(let name):
            let lowered = name.lowercased()
            return known.filter { $0.url == name || $0.displayTitle.lowercased() == lowered || $0.title?.lowercased() == lowered }
                .map { ArticleFilter(scope: .feed($0.id)) }
        }
    }
}
