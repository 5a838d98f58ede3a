import HeraldDomain

/// A change to the reading state of articles, as a front end asks for it (a CLI's `mark`, a sync
/// client's `edit-tag`, a web form): by ids, or every article a filter covers.
public enum ReadingStateChange: Sendable, Hashable {
    /// Marks these articles read (`true`) or unread.
    case read(Bool, ids: [ArticleID])
    /// Stars (`true`) or unstars these articles.
    case starred(Bool, ids: [ArticleID])
    /// Marks every article the filter covers read.
    case allRead(ArticleFilter)
    /// Adds a tag (a label) to these articles.
    case tagged(String, ids: [ArticleID])
    /// Removes a tag from these articles.
    case untagged(String, ids: [ArticleID])
}
