import Foundation
import HeraldComposition
import HeraldInteractors

extension Herald {
    /// Extracts the readable article of a web page at hand (a saved file, a page fetched
    /// elsewhere); needs no engine.
    /// - Parameters:
    ///   - page: The page's bytes as served.
    ///   - pageURL: Its address, for relative links and images.
    ///   - charset: The charset its server declared (wins over the page's `<meta charset>`).
    public static func extractArticle(from page: Data, pageURL: String? = nil, charset: String? = nil) -> ExtractedArticle {
        ArticlePages.extract(page, pageURL: pageURL, charset: charset)
    }

    /// Fetches a page with the engine's fetcher (its timeouts, size limit and redirects) and
    /// extracts its article.
    /// - Throws: ``HeraldError/page(url:_:)`` when the page cannot be fetched.
    public func extractArticle(at url: String) async throws(HeraldError) -> ExtractedArticle {
        let extraction = ArticleExtractionInteractor(fetcher: services.fetcher, extractor: services.extractor)
        do {
            return try await extraction.extractArticle(at: url)
        } catch {
            throw .page(url: url, error)
        }
    }

    /// The documented JSON form of an extracted article (Docs/json-schema.md).
    public static func json(for article: ExtractedArticle) -> Data { ArticlePages.json(article) }
}
