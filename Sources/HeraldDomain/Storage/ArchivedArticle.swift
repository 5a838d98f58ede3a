#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One article as a store archives it (``StoreArchiving``): every stored column and the person's
/// state of it. The texts a store derives for its search index are not carried: a restoring store
/// derives them from the title, content and summary, as a save does.
public struct ArchivedArticle: Sendable, Hashable {
    /// The article with the person's state (read, starred, tags); its `id` and `feedID` are the
    /// archiving store's.
    public var article: Article
    /// The date lists sort it by, as stored (published, else updated, else first seen).
    public var sortDate: Date
    /// The stored hash of the item's content (see `ContentHash`), kept so that the next refresh of
    /// the feed in the destination sees an unchanged item as unchanged.
    public var contentHash: Int64
    /// The full text kept for it (the extracted page behind its link), if any.
    public var fullText: ArticleFullText?

    /// Creates an archived article.
    public init(article: Article, sortDate: Date, contentHash: Int64, fullText: ArticleFullText? = nil) {
        self.fullText = fullText
        self.article = article
        self.sortDate = sortDate
        self.contentHash = contentHash
    }
}
