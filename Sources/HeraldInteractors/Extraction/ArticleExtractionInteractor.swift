#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Extracts the readable article of a web page: fetched through the same fetcher as feeds (its
/// timeouts, size limit and redirects), or given as bytes.
public struct ArticleExtractionInteractor: Sendable {
    private let fetcher: any FeedFetching
    private let extractor: any ArticleExtracting

    /// Creates the use case from its ports.
    public init(fetcher: any FeedFetching, extractor: any ArticleExtracting) {
        self.fetcher = fetcher
        self.extractor = extractor
    }

    /// Fetches a page and extracts its article.
    /// - Throws: ``FetchError`` when the page cannot be fetched.
    public func extractArticle(at url: String) async throws(FetchError) -> ExtractedArticle {
        try await extractArticleWithAddress(at: url).article
    }

    /// Fetches a page and extracts its article.
    /// - Returns: The article and the page's address after redirects.
    /// - Throws: ``FetchError`` when the page cannot be fetched.
    /// - Parameter refusingPrivateAddresses: Refuse a page (or a redirect) on a non-public address
    ///   (``FetchRequest/refusesPrivateAddresses``): for links a feed gave, not addresses a person typed.
    /// - Parameter feedURL: The feed that links to the page, whose extraction rules apply too.
    public func extractArticleWithAddress(at url: String, refusingPrivateAddresses: Bool = false,
                                          linkedFrom feedURL: String? = nil) async throws(FetchError)
        -> (article: ExtractedArticle, url: String) {
        let response = try await fetcher.fetch(FetchRequest(url: url, refusesPrivateAddresses: refusingPrivateAddresses))
        switch response.outcome {
        case .content(let data, _, let charset):
            return (extractor.extractArticle(from: data, pageURL: response.finalURL, charset: charset, linkedFrom: feedURL),
                    response.finalURL)
        case .notModified:
            // No validators were sent, so a 304 is the server's mistake: nothing to read.
            return (extractor.extractArticle(from: Data(), pageURL: response.finalURL, charset: nil), response.finalURL)
        }
    }

    /// Extracts the article of a page already at hand.
    public func extractArticle(from page: Data, pageURL: String?, charset: String?) -> ExtractedArticle {
        extractor.extractArticle(from: page, pageURL: pageURL, charset: charset)
    }
}
