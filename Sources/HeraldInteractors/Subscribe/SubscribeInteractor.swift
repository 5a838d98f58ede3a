#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// The subscribe use case: subscribes to a feed URL or to the feed a web page leads to (its
/// advertised feeds, then common feed paths), and imports and exports subscription lists.
public final class SubscribeInteractor: FeedSubscribing {
    let feeds: any FeedStoring
    let fetcher: any FeedFetching
    let parser: any FeedParsing
    let discoverer: any FeedDiscovering
    let lists: any SubscriptionListConverting
    let clock: any WallClock
    let policy: RefreshPolicy
    let scriptSources: ScriptSourcePolicy
    let rules: RuleApplier?

    /// Creates the use case from Domain ports.
    /// - Parameters:
    ///   - feeds: The subscriptions.
    ///   - fetcher: Fetches the URL and the candidate feeds.
    ///   - parser: Tells a feed from anything else.
    ///   - discoverer: Finds the feeds a web page advertises.
    ///   - lists: Reads and writes OPML and newsboat `urls` files.
    ///   - clock: The current date.
    ///   - policy: Schedules the first refresh after subscribing.
    ///   - scriptSources: Whether feeds that run commands (`exec:`, `filter:`) may be added: only
    ///     for the person at the machine (the command line), never for a web page or a sync client.
    ///   - rules: The config's rules, applied to the articles of a new subscription's first fetch.
    public init(feeds: any FeedStoring, fetcher: any FeedFetching, parser: any FeedParsing,
                discoverer: any FeedDiscovering, lists: any SubscriptionListConverting, clock: any WallClock,
                policy: RefreshPolicy = .default, scriptSources: ScriptSourcePolicy = .refused,
                rules: RuleApplier? = nil) {
        self.rules = rules
        self.feeds = feeds
        self.fetcher = fetcher
        self.parser = parser
        self.discoverer = discoverer
        self.lists = lists
        self.clock = clock
        self.policy = policy
        self.scriptSources = scriptSources
    }

    /// Subscribes to `url`, or to the feed the page at `url` leads to, and stores its articles at once.
    /// - Parameters:
    ///   - url: A feed URL or a web page URL.
    ///   - title: The user's title for the feed, if any.
    ///   - tags: The user's tags.
    /// - Returns: The feed, and `created == false` when it was already subscribed (left unchanged).
    /// - Throws: ``SubscribeError/fetch(_:)`` when `url` cannot be fetched, ``SubscribeError/noFeedFound(url:)``
    ///   when neither it nor any candidate is a feed, ``SubscribeError/store(_:)`` when the store fails,
    ///   ``SubscribeError/scriptSourceRefused(url:)`` for a command where commands are refused,
    ///   ``SubscribeError/localFileRefused(url:)`` for a file where files are refused.
    public func subscribe(to url: String, title: String?, tags: [String]) async throws(SubscribeError) -> (feed: Feed, created: Bool) {
        let url = url.trimmedForSubscription
        let title = title.map(\.trimmedForSubscription).flatMap { $0.isEmpty ? nil : $0 }
        let isScript = ScriptSource.isScript(url)
        if let refusal = scriptSources.refusal(of: url) { throw refusal }
        if let existing = try await existingFeed(at: url) { return (existing, false) }
        let response = try await fetchAsked(url)
        switch read(response) {
        case let .feed(parsed, hash):
            let feedURL = response.permanentRedirectTarget ?? url
            return try await add(parsed, from: response, bodyHash: hash, at: feedURL, title: title, tags: tags)
        case .page where isScript:
            // A command's output has no address to find other feeds from.
            throw .noFeedFound(url: url)
        case .page(let html):
            let discovered = discoverer.discoverFeeds(inHTML: html, pageURL: response.finalURL)
            for candidate in FeedCandidates.urls(discovered: discovered, pageURL: response.finalURL)
                where scriptSources.refusal(of: candidate) == nil {
                if let existing = try await existingFeed(at: candidate) { return (existing, false) }
                // A page's link to another host may not lead to this machine or its network (the
                // rule of full-text pages): a public page must not make Herald probe them.
                let refuses = PageAddressRule.refusesPrivateAddresses(page: candidate, feedURL: response.finalURL, allowed: false)
                guard let answer = try? await fetcher.fetch(FetchRequest(url: candidate, refusesPrivateAddresses: refuses)),
                      case let .feed(parsed, hash) = read(answer) else { continue }
                let feedURL = answer.permanentRedirectTarget ?? candidate
                return try await add(parsed, from: answer, bodyHash: hash, at: feedURL, title: title, tags: tags)
            }
            throw .noFeedFound(url: url)
        case .subscriptionList:
            throw .subscriptionList(url: url)
        case .neither:
            throw .noFeedFound(url: url)
        }
    }

    /// The feeds at `url`, subscribing to none (what Miniflux's `POST /v1/discover` answers): `url`
    /// itself when it is a feed (its title, its format); else the feeds the page advertises, as it
    /// names them, unfetched; else the first of the common feed paths on the page's site that is a
    /// feed, tried one at a time as ``subscribe(to:title:tags:)`` does. Empty when none is found.
    /// - Throws: ``SubscribeError/fetch(_:)`` when `url` cannot be fetched,
    ///   ``SubscribeError/scriptSourceRefused(url:)`` for a command where commands are refused,
    ///   ``SubscribeError/localFileRefused(url:)`` for a file where files are refused.
    public func discoverFeeds(at url: String) async throws(SubscribeError) -> [DiscoveredFeed] {
        let url = url.trimmedForSubscription
        if let refusal = scriptSources.refusal(of: url) { throw refusal }
        let response = try await fetchAsked(url)
        switch read(response) {
        case .feed(let parsed, _):
            let feedURL = response.permanentRedirectTarget ?? response.finalURL
            return [DiscoveredFeed(url: feedURL, title: parsed.plainTitle, type: parsed.format.rawValue)]
        case .page(let html) where !ScriptSource.isScript(url):
            let advertised = discoverer.discoverFeeds(inHTML: html, pageURL: response.finalURL)
            var seen: Set<String> = []
            let named = advertised.filter { feed in
                FeedCandidates.mayFollow(feed.url, from: response.finalURL) && scriptSources.refusal(of: feed.url) == nil
                    && seen.insert(feed.url).inserted
            }
            guard named.isEmpty else { return named }
            for candidate in FeedCandidates.urls(discovered: [], pageURL: response.finalURL) {
                guard let answer = try? await fetcher.fetch(FetchRequest(url: candidate)),
                      case .feed(let parsed, _) = read(answer) else { continue }
                let feedURL = answer.permanentRedirectTarget ?? candidate
                return [DiscoveredFeed(url: feedURL, title: parsed.plainTitle, type: parsed.format.rawValue)]
            }
            return []
        case .page, .subscriptionList, .neither:
            return []
        }
    }

    /// Adds every subscription of an OPML or newsboat `urls` file, without fetching anything;
    /// titles, tags and hidden flags are kept, and subscriptions that exist are left unchanged.
    /// Script sources (`exec:`, `filter:`) are added only where they are accepted, else listed in
    /// the summary as refused.
    /// - Throws: ``SubscribeError/list(_:)`` for an unreadable file, ``SubscribeError/store(_:)``.
    public func importSubscriptions(from data: Data) async throws(SubscribeError) -> ImportSummary {
        let entries: [SubscriptionEntry]
        do {
            entries = try lists.readSubscriptions(from: data)
        } catch {
            throw .list(error)
        }
        var summary = ImportSummary(added: 0, alreadySubscribed: 0)
        let now = clock.now()
        for entry in entries {
            let subscription = NewFeed(importing: entry)
            guard !subscription.url.isEmpty else { continue }
            if scriptSources.refusal(of: subscription.url) != nil {
                summary.scriptSourcesRefused.append(subscription.url)
                continue
            }
            do {
                if try await feeds.addFeed(subscription, at: now).created {
                    summary.added += 1
                } else {
                    summary.alreadySubscribed += 1
                }
            } catch {
                throw .store(error)
            }
        }
        return summary
    }

    /// Every subscription as an OPML 2.0 document (tags as folders).
    /// - Throws: ``SubscribeError/store(_:)``.
    public func exportSubscriptions() async throws(SubscribeError) -> Data {
        do {
            let entries = try await feeds.feeds().map(SubscriptionEntry.init(exporting:))
            return lists.writeOPML(entries, title: "Herald subscriptions", dateCreated: clock.now())
        } catch {
            throw .store(error)
        }
    }
}
