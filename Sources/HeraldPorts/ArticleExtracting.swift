import Foundation
import HeraldDomain

/// Finds the readable article in a web page (the page behind a summary-only feed's link).
public protocol ArticleExtracting: Sendable {
    /// Extracts the article of a page; never fails (a page without text gives an empty `html`).
    /// - Parameters:
    ///   - page: The page's bytes as served.
    ///   - pageURL: The page's address, for relative links and images (and `<base>`).
    ///   - charset: The charset the server declared, which wins over the page's own.
    ///   - feedURL: The feed that links to the page, whose extraction rules apply too.
    ///
    /// The page is consumed: an extractor may let go of it once it has read it, before the
    /// article is written out (a caller that passes its last use saves a page's worth of memory).
    func extractArticle(from page: consuming Data, pageURL: String?, charset: String?, linkedFrom feedURL: String?) -> ExtractedArticle
}

extension ArticleExtracting {
    /// Extracts the article of a page no feed links to (a page a person named).
    public func extractArticle(from page: consuming Data, pageURL: String?, charset: String?) -> ExtractedArticle {
        extractArticle(from: consume page, pageURL: pageURL, charset: charset, linkedFrom: nil)
    }
}
