import Foundation
import HeraldDomain

/// Finds the readable article in a web page (the page behind a summary-only feed's link).
public protocol ArticleExtracting: Sendable {
    /// Extracts the article of a page; never fails (a page without text gives an empty `html`).
    /// - Parameters:
    ///   - page: The page's bytes as served.
    ///   - pageURL: The page's address, for relative links and images (and `<base>`).
    ///   - charset: The charset the server declared, which wins over the page's own.
    func extractArticle(from page: Data, pageURL: String?, charset: String?) -> ExtractedArticle
}
