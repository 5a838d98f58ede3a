#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The article of the page behind an article's link, extracted and kept for offline reading and
/// search beside the feed's own text (which it never replaces).
public struct ArticleFullText: Sendable, Hashable, Codable {
    /// The page's address after redirects.
    public var url: String
    /// The page's own title of the article.
    public var title: String
    /// The author line, when the page names one.
    public var byline: String?
    /// The article as sanitised HTML (Herald's allow-list), URLs made absolute.
    public var html: String
    /// The article as plain text, one paragraph a line.
    public var text: String
    /// When the page was fetched.
    public var fetchedAt: Date

    /// Creates a full text.
    public init(url: String, title: String, byline: String? = nil, html: String, text: String, fetchedAt: Date) {
        self.url = url
        self.title = title
        self.byline = byline
        self.html = html
        self.text = text
        self.fetchedAt = fetchedAt
    }

    /// The full text of an extracted page, or `nil` when the extractor found no text.
    public init?(_ extracted: ExtractedArticle, url: String, fetchedAt: Date) {
        guard !extracted.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        self.init(url: url, title: extracted.title, byline: extracted.byline, html: extracted.html,
                  text: extracted.text, fetchedAt: fetchedAt)
    }
}

/// An article whose page a refresh still has to fetch for its full text.
public struct FullTextCandidate: Sendable, Hashable {
    /// The article.
    public var articleID: ArticleID
    /// The article's link: the page to fetch.
    public var url: String

    /// Creates a candidate.
    public init(articleID: ArticleID, url: String) {
        self.articleID = articleID
        self.url = url
    }
}
