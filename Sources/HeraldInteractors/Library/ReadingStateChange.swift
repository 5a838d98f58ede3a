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
    /// Hides these articles (`true`, what a rule's block does) or shows them again.
    case hidden(Bool, ids: [ArticleID])
}

extension ReadingStateChange {
    /// The article ids the change names (none for a filter).
    var ids: [ArticleID] {
        switch self {
        case let .read(_, ids), let .starred(_, ids), let .tagged(_, ids), let .untagged(_, ids), let .hidden(_, ids): ids
        case .allRead: []
        }
    }

    /// The same change for `kept` ids only.
    func keeping(_ kept: [ArticleID]) -> ReadingStateChange {
        switch self {
        case .read(let value, _): .read(value, ids: kept)
        case .starred(let value, _): .starred(value, ids: kept)
        case .tagged(let tag, _): .tagged(tag, ids: kept)
        case .untagged(let tag, _): .untagged(tag, ids: kept)
        case .hidden(let value, _): .hidden(value, ids: kept)
        case .allRead: self
        }
    }
}
