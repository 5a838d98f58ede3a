#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Moves a newsboat user in: subscriptions with their tags and titles, every cached article with
/// its read state and flags (under the identity Herald's parser gives it, so the next refresh
/// updates it instead of adding it again), `query:` feeds as saved searches where newsboat's
/// filter language has a translation. Running it again adds nothing twice; it never marks an
/// article unread nor unstars one.
public struct NewsboatImportInteractor: Sendable {
    private let reader: any NewsboatHomeReading
    private let feeds: any FeedStoring
    private let articles: any ArticleStoring
    private let searches: any ArticleSearching
    private let clock: any WallClock
    private let scriptSources: ScriptSourcePolicy

    /// Creates the use case from its ports.
    /// - Parameter scriptSources: Whether `exec:` and `filter:` lines become feeds (the person at
    ///   the machine, on their own SQLite database) or are listed as not taken.
    public init(reader: any NewsboatHomeReading, feeds: any FeedStoring, articles: any ArticleStoring,
                searches: any ArticleSearching, clock: any WallClock, scriptSources: ScriptSourcePolicy = .refused) {
        self.reader = reader
        self.feeds = feeds
        self.articles = articles
        self.searches = searches
        self.clock = clock
        self.scriptSources = scriptSources
    }

    /// Imports a newsboat folder.
    /// - Parameters:
    ///   - folder: newsboat's folder; nil looks in the usual places.
    ///   - starFlag: The newsboat flag letter that means starred.
    public func importHome(from folder: String?, starFlag: Character = "s") async throws(NewsboatImportError)
        -> NewsboatImportReport {
        let home = try reader.readHome(in: folder, starFlag: starFlag)
        var report = NewsboatImportReport()
        let now = clock.now()
        do {
            var subscribed: [String: Feed] = [:]
            for entry in home.subscriptions {
                let isScript = ScriptSource.isScript(entry.feedURL)
                if scriptSources.refusal(of: entry.feedURL) != nil {
                    report.scriptSourcesNotTaken.append(entry.feedURL)
                    continue
                }
                if isScript { report.scriptSourcesAdded.append(entry.feedURL) }
                let added = try await feeds.addFeed(NewFeed(importing: entry), at: now)
                if added.created { report.feedsAdded += 1 } else { report.feedsAlreadySubscribed += 1 }
                subscribed[entry.feedURL] = added.feed
            }
            for cached in home.feeds {
                guard let feed = subscribed[cached.feedURL] else {
                    if !cached.items.isEmpty { report.cachedFeedsNotSubscribed.append(cached.feedURL) }
                    continue
                }
                try await importArticles(of: cached, into: feed, at: now, report: &report)
            }
            try await feeds.finishSaving()
            try await importQueries(home.queries, starFlag: starFlag, report: &report)
        } catch {
            throw .store(error)
        }
        takeConfig(home.config, starFlag: starFlag, into: &report)
        report.remoteURLsSource = home.config.remoteURLsSource
        return report
    }

    /// newsboat's action names that Herald calls otherwise.
    private static let renamedActions = ["open-search": "search"]

    /// Key bindings in Herald's names; the config lines Herald has no equivalent for, listed.
    private func takeConfig(_ config: NewsboatConfig, starFlag: Character, into report: inout NewsboatImportReport) {
        report.keyBindings = config.keyBindings.map { words in
            guard words.count >= 2, let renamed = Self.renamedActions[words[1]] else { return words }
            var translated = words
            translated[1] = renamed
            return translated
        }
        for ignore in config.ignoreArticles {
            switch Self.rule(ignoring: ignore.words, starFlag: starFlag) {
            case .success(let rule): report.rules.append(rule)
            case .failure(let refusal): report.configLinesNotTaken.append(ignore.line + " (" + refusal.reason + ")")
            }
        }
        if let notify = config.notifyProgram {
            report.configLinesNotTaken.append(notify + " (Herald's on-new-articles runs a command after a refresh; Docs/newsboat.md)")
        }
    }

    /// An `ignore-article FEED EXPRESSION` line's words as a block rule: the feed (`*` for every
    /// feed) as its target, the expression translated like a `query:` feed's. An expression that
    /// needs unread or starred state, or names no words, is refused: a rule matches words.
    static func rule(ignoring words: [String], starFlag: Character) -> Result<ArticleRule, NewsboatQueryTranslation.Refusal> {
        guard words.count == 2, !words[0].isEmpty else {
            return .failure(.init("expected ignore-article FEED \"EXPRESSION\""))
        }
        let search: NewsboatQueryTranslation.Search
        switch NewsboatQueryTranslation.translate(words[1], starFlag: starFlag) {
        case .success(let translated): search = translated
        case .failure(let refusal): return .failure(refusal)
        }
        guard !search.filter.unreadOnly, !search.filter.starredOnly else {
            return .failure(.init("a rule cannot ask for unread or flagged articles"))
        }
        guard !search.query.isEmpty else { return .failure(.init("a rule needs words to match")) }
        var target: ArticleRule.Target = words[0] == "*" ? .everyFeed : .feed(words[0])
        if case .tag(let tag) = search.filter.scope {
            guard words[0] == "*" else { return .failure(.init("a rule has a feed or a tag, not both")) }
            target = .tag(tag)
        }
        return .success(ArticleRule(action: .block, target: target, query: search.query, origin: "newsboat"))
    }

    private func importArticles(of cached: NewsboatFeed, into feed: Feed, at now: Date,
                                report: inout NewsboatImportReport) async throws(StoreError) {
        guard !cached.items.isEmpty else { return }
        var links: [Link] = []
        if let site = cached.siteURL { links.append(Link(href: site, rel: "alternate")) }
        let parsed = ParsedFeed(format: .rss, version: "newsboat cache", title: TextConstruct(type: .text, value: cached.title),
                                plainTitle: cached.title, links: links, items: cached.items)
        // The feed's fetch state is kept as it is: Herald fetches the feed itself when it is due.
        _ = try await feeds.saveFetchedFeed(parsed, fetchState: feed.fetchState, for: feed.id, at: now)
        report.articles += cached.items.count
        var read: [ArticleID] = []
        var starred: [ArticleID] = []
        var hidden: [ArticleID] = []
        let ids = try await articles.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(feed.id))))
        for chunk in stride(from: 0, to: ids.count, by: 500) {
            for article in try await articles.articles(withIDs: Array(ids[chunk..<min(ids.count, chunk + 500)])) {
                guard let state = cached.states[article.identity] else { continue }
                if state.isRead && !article.state.isRead { read.append(article.id) }
                if state.isStarred && !article.state.isStarred { starred.append(article.id) }
                if state.isDeleted && !article.state.isHidden { hidden.append(article.id) }
            }
        }
        if !read.isEmpty { try await articles.setRead(true, for: read) }
        if !starred.isEmpty { try await articles.setStarred(true, for: starred) }
        if !hidden.isEmpty { try await articles.setHidden(true, for: hidden) }
        report.markedRead += read.count
        report.starred += starred.count
        report.hidden += hidden.count
    }

    private func importQueries(_ queries: [NewsboatQuery], starFlag: Character,
                               report: inout NewsboatImportReport) async throws(StoreError) {
        guard !queries.isEmpty else { return }
        let existing = Set(try await searches.savedSearches().map(\.name))
        for query in queries {
            switch NewsboatQueryTranslation.translate(query.expression, starFlag: starFlag) {
            case .success(let search):
                if !existing.contains(query.name) {
                    _ = try await searches.saveSearch(name: query.name, query: search.query, filter: search.filter)
                }
                report.savedSearches.append("\(query.name): \(search.query)")
            case .failure(let refusal):
                report.queriesNotTaken.append("\(query.name) (\(query.expression)): \(refusal.reason)")
            }
        }
    }
}
