/// Why the store could not do what was asked. Every case says what the user can do.
public enum StoreError: Error, Sendable, Hashable {
    /// The database was written by a newer Herald (its schema version is given).
    case newerSchema(found: Int, supported: Int)
    /// The database file cannot be opened or is not a Herald database.
    case cannotOpen(path: String, reason: String)
    /// The disk is full; nothing already stored was lost.
    case diskFull
    /// The database or its folder is read-only.
    case readOnly(path: String)
    /// Another process holds the database for longer than the busy timeout.
    case busy
    /// The database is damaged.
    case corrupt(reason: String)
    /// No such feed.
    case feedNotFound(FeedID)
    /// No such article.
    case articleNotFound(ArticleID)
    /// No such saved search.
    case savedSearchNotFound(SavedSearchID)
    /// A feed with this URL is already subscribed.
    case duplicateFeed(url: String, existing: FeedID)
    /// The search query is not valid (the reason is written for the user, never SQL).
    case invalidQuery(reason: String)
    /// The database has no user of that name.
    case unknownUser(String)
    /// A user of that name already exists.
    case userExists(String)
    /// The store keeps one person's news (SQLite) and was asked about users.
    case singlePerson
    /// An unexpected database failure.
    case database(reason: String)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case let .newerSchema(found, supported):
            "This database was written by a newer Herald (schema \(found), this one knows up to \(supported)); upgrade Herald or use another --db."
        case let .cannotOpen(path, reason): "Cannot open the database at \(path): \(reason)."
        case .diskFull: "The disk is full; free some space and try again. Nothing already stored was lost."
        case .readOnly(let path): "The database at \(path) is read-only; check its permissions or use another --db."
        case .busy: "The database is busy in another Herald process; try again in a moment."
        case .corrupt(let reason): "The database is damaged (\(reason)); run `herald doctor --repair` to rebuild it from what can be read, or restore a backup."
        case .feedNotFound(let id): "There is no feed \(id); `herald feeds` lists them."
        case .articleNotFound(let id): "There is no article \(id); `herald list` shows them."
        case .savedSearchNotFound(let id): "There is no saved search \(id)."
        case let .duplicateFeed(url, existing): "Already subscribed to \(url) as feed \(existing)."
        case .invalidQuery(let reason): "The search query is not valid: \(reason)."
        case .unknownUser(let name):
            "There is no user \(name) in this database; `herald user add \(name)` adds one and `herald user list` lists them."
        case .userExists(let name): "There is already a user \(name) in this database."
        case .singlePerson:
            "A SQLite database holds one person's news; several users need a PostgreSQL database (--db postgres://…)."
        case .database(let reason): "The database failed: \(reason)."
        }
    }
}
