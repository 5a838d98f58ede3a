#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// What a fetched document turned out to be.
enum FetchedDocument {
    /// A feed, with the hash of its body.
    case feed(ParsedFeed, bodyHash: String)
    /// An HTML page, to look for feeds in.
    case page(Data)
    /// A list of subscriptions (OPML), for `import`, not `add`.
    case subscriptionList
    /// Neither (empty, unreadable, or no body).
    case neither
}

extension SubscribeInteractor {
    /// Fetches the URL a person asked for.
    /// - Throws: ``SubscribeError/fetch(_:)`` when it cannot be fetched.
    func fetchAsked(_ url: String) async throws(SubscribeError) -> FetchResponse {
        do {
            return try await fetcher.fetch(FetchRequest(url: url))
        } catch {
            throw .fetch(error)
        }
    }

    /// Parses a response's body to tell a feed from a page.
    func read(_ response: FetchResponse) -> FetchedDocument {
        guard case let .content(data, _, charset) = response.outcome else { return .neither }
        do {
            let parsed = try parser.parseFeed(data, documentURL: response.finalURL, transportCharset: charset)
            return .feed(parsed, bodyHash: BodyHash.fingerprint(of: data))
        } catch .notAFeed(FeedParseError.subscriptionList) {
            return .subscriptionList
        } catch .notAFeed {
            return .page(data)
        } catch {
            return .neither
        }
    }

    /// The feed subscribed at `url`, if any.
    func existingFeed(at url: String) async throws(SubscribeError) -> Feed? {
        do {
            return try await feeds.feed(url: url)
        } catch {
            throw .store(error)
        }
    }

    /// Subscribes to a parsed feed and stores the articles of this first fetch, so the user sees
    /// them at once. If storing them fails the subscription stays and the feed is due at once.
    func add(_ parsed: ParsedFeed, from response: FetchResponse, bodyHash: String, at url: String,
             title: String?, tags: [String]) async throws(SubscribeError) -> (feed: Feed, created: Bool) {
        let now = clock.now()
        let added: (feed: Feed, created: Bool)
        do {
            added = try await feeds.addFeed(NewFeed(url: url, customTitle: title, tags: tags), at: now)
        } catch {
            throw .store(error)
        }
        guard added.created else { return added }
        let feed = added.feed
        let state = policy.stateAfterSuccess(feed.fetchState, response: response, bodyHash: bodyHash,
                                             hint: parsed.updateHint, settings: feed.settings, now: now)
        do {
            _ = try await feeds.saveFetchedFeed(parsed, fetchState: state, for: feed.id, at: now)
            try? await feeds.finishSaving()
            // A rule failing leaves the articles shown; the next refresh does not re-apply to them.
            _ = try? await rules?.apply(firstSeenSince: now)
        } catch {
            var retry = feed.fetchState
            retry.lastAttemptAt = now
            retry.lastError = FeedFailure(classifying: error)
            retry.errorCount += 1
            retry.nextDueAt = nil
            try? await feeds.updateFetchState(retry, for: feed.id)
        }
        return ((try? await feeds.feed(feed.id)) ?? feed, true)
    }
}
