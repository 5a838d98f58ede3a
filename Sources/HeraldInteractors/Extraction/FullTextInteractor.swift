#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// One article's full text on demand (`herald show ID --full`, the reader's and the web's full-text
/// switch): the one kept, else the page behind the article's link fetched now, extracted and kept,
/// so it is there offline and in search from then on.
public struct FullTextInteractor: Sendable {
    let articles: any ArticleStoring
    let fullTexts: any FullTextStoring
    private let feeds: any FeedStoring
    private let extraction: ArticleExtractionInteractor
    private let clock: any WallClock
    private let allowsPrivateAddresses: Bool

    /// Creates the use case from its ports.
    /// - Parameter allowsPrivateAddresses: Whether an article's link may reach a non-public
    ///   address on another host than its feed's (`full-text-private-addresses = allow`).
    public init(articles: any ArticleStoring, fullTexts: any FullTextStoring, feeds: any FeedStoring,
                fetcher: any FeedFetching, extractor: any ArticleExtracting, clock: any WallClock,
                allowsPrivateAddresses: Bool = false) {
        self.articles = articles
        self.fullTexts = fullTexts
        self.feeds = feeds
        self.extraction = ArticleExtractionInteractor(fetcher: fetcher, extractor: extractor)
        self.clock = clock
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// The full text kept for an article, if any; nothing is fetched.
    public func keptFullText(of id: ArticleID) async throws(StoreError) -> ArticleFullText? {
        try await fullTexts.fullTexts(of: [id])[id]
    }

    /// The article's full text: the one kept, else fetched, extracted and kept now.
    /// - Parameter refetch: Fetch the page again even when a full text is kept (a page that changed,
    ///   a better extractor); the new one replaces it.
    public func fullText(of id: ArticleID, refetch: Bool = false) async throws(FullTextError) -> ArticleFullText {
        if !refetch {
            do {
                if let kept = try await keptFullText(of: id) { return kept }
            } catch {
                throw .store(error)
            }
        }
        let article: Article
        do {
            article = try await articles.article(id)
        } catch {
            throw .store(error)
        }
        guard let url = article.url, FullTextCollector.isWebPage(url) else { throw .noLink }
        let feedURL: String
        do {
            feedURL = try await feeds.feed(article.feedID).url
        } catch {
            throw .store(error)
        }
        let refuses = PageAddressRule.refusesPrivateAddresses(page: url, feedURL: feedURL, allowed: allowsPrivateAddresses)
        let extracted: ExtractedArticle
        let pageURL: String
        do {
            (extracted, pageURL) = try await extraction.extractArticleWithAddress(at: url, refusingPrivateAddresses: refuses,
                                                                                 linkedFrom: feedURL)
        } catch {
            throw .fetch(url: url, error)
        }
        guard let fullText = ArticleFullText(extracted, url: pageURL, fetchedAt: clock.now()) else {
            try? await fullTexts.recordFullTextFailure("no article text found on the page", for: id, at: clock.now())
            throw .noText(url: pageURL)
        }
        do {
            try await fullTexts.saveFullText(fullText, for: id)
        } catch {
            throw .store(error)
        }
        return fullText
    }
}

extension FullTextInteractor {
    /// Fetches again the page of every article of a feed that has a full text kept, one at a
    /// time, and keeps the new extraction (after a change of per-site rules or of the extractor).
    /// A page that fails keeps its earlier full text.
    /// - Returns: How many were extracted again, and how many failed.
    public func refetchFullTexts(ofFeed feed: FeedID) async throws(StoreError) -> (refetched: Int, failed: Int) {
        let ids = try await articles.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .feed(feed))))
        var kept: [ArticleID] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            kept += try await fullTexts.fullTexts(of: chunk).keys
        }
        var refetched = 0
        var failed = 0
        for id in kept.sorted(by: >) {
            if Task.isCancelled { break }
            do {
                _ = try await fullText(of: id, refetch: true)
                refetched += 1
            } catch {
                failed += 1
            }
        }
        return (refetched, failed)
    }
}

/// Why an article has no full text to show.
public enum FullTextError: Error, Sendable, Hashable {
    /// The article has no `http`/`https` link to fetch.
    case noLink
    /// The page could not be fetched.
    case fetch(url: String, FetchError)
    /// The page was fetched but holds no article text the extractor could find.
    case noText(url: String)
    /// The store failed.
    case store(StoreError)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .noLink: "This article has no web link to fetch its full text from."
        case let .fetch(url, error): "Cannot fetch the page \(url): \(error.reason); try again later."
        case .noText(let url): "The page at \(url) holds no article text Herald can find; the feed's text stays."
        case .store(let error): error.message
        }
    }
}
