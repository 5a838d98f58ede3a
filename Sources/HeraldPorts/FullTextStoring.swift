#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// The full texts of articles: the extracted pages behind their links, kept beside the feeds'
/// own texts and searched with them.
public protocol FullTextStoring: Sendable {
    /// The articles of a feed whose page is still to fetch, newest first: with a link, no full
    /// text yet, fewer than `maxAttempts` failed fetches, and first stored no earlier than `since`
    /// (new articles, not the feed's archive).
    func articlesAwaitingFullText(in feed: FeedID, since: Date, maxAttempts: Int, limit: Int)
        async throws(StoreError) -> [FullTextCandidate]
    /// Keeps an article's full text (replacing an earlier one) and makes it searchable.
    func saveFullText(_ fullText: ArticleFullText, for article: ArticleID) async throws(StoreError)
    /// Records a failed fetch or an empty extraction of an article's page, so that it is tried
    /// again only a few times.
    func recordFullTextFailure(_ reason: String, for article: ArticleID, at date: Date) async throws(StoreError)
    /// The full texts kept for these articles (articles without one are absent).
    func fullTexts(of articles: [ArticleID]) async throws(StoreError) -> [ArticleID: ArticleFullText]
}
