import HeraldDomain

/// A question the user must confirm before a module acts, with the action as data: the front
/// end hands the confirmed value back and the composition sends the matching intent
/// (`.confirmRemoveFeed(id)` → `feedRemovalConfirmed(id)`).
public enum Confirmation: Sendable, Hashable {
    /// Remove a feed and its articles.
    case confirmRemoveFeed(FeedID, title: String)
    /// Mark every article a filter covers read.
    case confirmMarkAllRead(ArticleFilter, listTitle: String)
}

/// A confirmation worded for display: a title, a message and the two answers.
public struct Alert: Sendable, Hashable {
    /// The question.
    public var title: String
    /// What will happen.
    public var message: String
    /// The confirming answer's label.
    public var confirmLabel: String
    /// The cancelling answer's label.
    public var cancelLabel: String
    /// Whether confirming destroys data (front ends colour it).
    public var isDestructive: Bool
    /// What confirming does.
    public var confirmation: Confirmation

    /// Words a confirmation.
    public init(_ confirmation: Confirmation) {
        self.confirmation = confirmation
        cancelLabel = "Cancel"
        switch confirmation {
        case let .confirmRemoveFeed(_, title):
            self.title = "Remove \u{201C}\(title)\u{201D}?"
            message = "The feed and all its articles, starred ones included, will be deleted."
            confirmLabel = "Remove"
            isDestructive = true
        case let .confirmMarkAllRead(_, listTitle):
            self.title = "Mark all of \u{201C}\(listTitle)\u{201D} read?"
            message = "Every article in this list will be marked read."
            confirmLabel = "Mark all read"
            isDestructive = false
        }
    }
}
