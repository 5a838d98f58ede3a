#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Fetches the pages behind a full-text feed's new articles after the feed is stored, extracts
/// their articles and keeps them beside the feed's text (see `Docs/extraction.md`, "Full text at
/// refresh").
///
/// The pages are fetched with the feeds' politeness: one at a time per feed, each under the
/// refresh's per-host and global slots (taken in the feeds' order, host first, so the two never
/// wait on each other) and the process's per-host rate cap, through the same fetcher (its size and
/// time limits, redirects followed and the final address kept). Only `http` and `https` links are
/// followed: a feed cannot make Herald read a local file. A page that fails is recorded and tried
/// again on later refreshes at most ``RefreshPolicy/fullTextAttempts`` times; the article keeps its
/// feed text either way.
struct FullTextCollector: Sendable {
    let store: any FullTextStoring
    let extractor: any ArticleExtracting
    let clock: any WallClock
    let policy: RefreshPolicy
    /// Fetches the pages under the refresh's slots and rate cap.
    let pages: RefreshPageFetcher
    /// The full texts kept by the run, for its summary.
    let tally: FullTextTally

    /// Fetches and keeps the full texts a feed's articles still wait for, and reports them.
    func collect(for feed: Feed, as reference: FeedReference, events: RefreshEventSink) async {
        let since = clock.now().addingTimeInterval(-policy.fullTextWindow)
        guard let candidates = try? await store.articlesAwaitingFullText(
            in: feed.id, since: since, maxAttempts: policy.fullTextAttempts, limit: policy.fullTextPagesPerFeed),
            !candidates.isEmpty else { return }
        var kept = 0
        var failed = 0
        for candidate in candidates {
            if Task.isCancelled { break }
            guard Self.isWebPage(candidate.url) else {
                try? await store.recordFullTextFailure("not a web page", for: candidate.articleID, at: clock.now())
                failed += 1
                continue
            }
            guard let outcome = await fetchAndExtract(candidate, feedURL: feed.url) else { break }
            switch outcome {
            case .success(let fullText):
                // A page fetched is kept even when a cancel (Ctrl-C) came meanwhile: it is not
                // requested again at the next refresh.
                let store = self.store
                let saved = await CancellationShield.run { () -> Bool in
                    (try? await store.saveFullText(fullText, for: candidate.articleID)) != nil
                }
                if saved { kept += 1 } else { failed += 1 }
            case .failure(let reason):
                try? await store.recordFullTextFailure(reason.reason, for: candidate.articleID, at: clock.now())
                failed += 1
            }
        }
        if kept + failed > 0 {
            await tally.add(kept)
            events.yield(.fullTexts(reference, kept: kept, failed: failed))
        }
    }

    /// Fetches one page under the slots and extracts it (holding the work slot, not the host's).
    /// - Returns: The full text or why there is none; `nil` when the refresh was cancelled.
    private func fetchAndExtract(_ candidate: FullTextCandidate, feedURL: String) async -> Result<ArticleFullText, FullTextFailure>? {
        await pages.fetch(candidate.url, linkedFrom: feedURL) { extract($0, linkedFrom: feedURL) } ?? nil
    }

    /// The full text of a fetched page, or why there is none; `nil` when the fetch was cancelled.
    private func extract(_ fetched: Result<FetchResponse, FetchError>, linkedFrom feedURL: String) -> Result<ArticleFullText, FullTextFailure>? {
        switch fetched {
        case .failure(.cancelled):
            return nil
        case .failure(let error):
            return .failure(FullTextFailure(reason: error.reason))
        case .success(let response):
            guard case let .content(data, _, charset) = response.outcome else {
                return .failure(FullTextFailure(reason: "the server answered 304 to an unconditional request"))
            }
            let extracted = extractor.extractArticle(from: data, pageURL: response.finalURL, charset: charset, linkedFrom: feedURL)
            guard let fullText = ArticleFullText(extracted, url: response.finalURL, fetchedAt: clock.now()) else {
                return .failure(FullTextFailure(reason: "no article text found on the page"))
            }
            return .success(fullText)
        }
    }

    /// Whether a link is fetched for its page (`http`, `https`).
    static func isWebPage(_ url: String) -> Bool {
        let lowered = url.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

/// Why an article's page gave no full text.
struct FullTextFailure: Error, Sendable, Hashable {
    let reason: String
}

/// How many full texts a refresh run kept, across its feeds.
actor FullTextTally {
    private(set) var kept = 0

    func add(_ count: Int) { kept += count }
}
