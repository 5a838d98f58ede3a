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
    ///
    /// The page is consumed: passed as its caller's last use, it is let go of once read, before
    /// the article is written out.
    public static func extractArticle(from page: consuming Data, pageURL: String? = nil, charset: String? = nil) -> ExtractedArticle {
        ArticlePages.extract(consume page, pageURL: pageURL, charset: charset)
    }

    /// Extracts the readable article of a page at hand with the per-site rules of the config file
    /// (`extract-keep`, `extract-drop`) as well as the built-in ones; needs no database.
    /// The page is consumed, as by ``extractArticle(from:pageURL:charset:)``.
    /// - Throws: ``HeraldError/configuration(_:)`` when the config file is wrong.
    public static func extractArticle(from page: consuming Data, pageURL: String?, charset: String?,
                                      environment: [String: String]) throws(HeraldError) -> ExtractedArticle {
        let rules = try configuration(databasePath: nil, user: nil, environment: environment).extractionRules
        return ArticlePages.extract(consume page, pageURL: pageURL, charset: charset, rules: rules)
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

    /// An article's full text: the one kept, else the page behind its link fetched, extracted and
    /// kept now (offline and in search from then on).
    /// - Parameter refetch: Fetch the page again even when a full text is kept; the new one replaces it.
    /// - Throws: ``HeraldError/fullText(_:)`` when the article has no link, or its page fails or holds no text.
    public func fullText(of id: ArticleID, refetch: Bool = false) async throws(HeraldError) -> ArticleFullText {
        do { return try await fullTexts.fullText(of: id, refetch: refetch) } catch { throw .fullText(error) }
    }

    /// The full text kept for an article, if any; nothing is fetched.
    public func keptFullText(of id: ArticleID) async throws(HeraldError) -> ArticleFullText? {
        do { return try await fullTexts.keptFullText(of: id) } catch { throw .store(error) }
    }

    /// Fetches again the pages of a feed's articles that have a full text kept and keeps the new
    /// extractions (after a change of per-site rules); a page that fails keeps its earlier text.
    /// - Returns: How many were extracted again, and how many failed.
    public func refetchFullTexts(ofFeed id: FeedID) async throws(HeraldError) -> (refetched: Int, failed: Int) {
        do { return try await fullTexts.refetchFullTexts(ofFeed: id) } catch { throw .store(error) }
    }

    private var fullTexts: FullTextInteractor { modules.fullTexts() }

    /// The documented JSON form of an extracted article (Docs/json-schema.md).
    public static func json(for article: ExtractedArticle) -> Data { ArticlePages.json(article) }
}
