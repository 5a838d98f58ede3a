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
    private let articles: any ArticleStoring
    private let fullTexts: any FullTextStoring
    private let extraction: ArticleExtractionInteractor
    private let clock: any WallClock

    /// Creates the use case from its ports.
    public init(articles: any ArticleStoring, fullTexts: any FullTextStoring, fetcher: any FeedFetching,
                extractor: any ArticleExtracting, clock: any WallClock) {
        self.articles = articles
        self.fullTexts = fullTexts
        self.extraction = ArticleExtractionInteractor(fetcher: fetcher, extractor: extractor)
        self.clock = clock
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
        let extracted: ExtractedArticle
        let pageURL: String
        do {
            (extracted, pageURL) = try await extraction.extractArticleWithAddress(at: url)
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
