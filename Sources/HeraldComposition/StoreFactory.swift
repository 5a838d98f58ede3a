import HeraldDomain
import HeraldPorts
import HeraldPostgres
import HeraldStore

/// Where a store lives, read once from what the user gave (`--db`, `HERALD_DB`, the config file's
/// `database`, `herald migrate`'s two sides): a `postgres://` URL, else a SQLite file's path.
enum StoreLocation: Sendable, Hashable {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(url: String)

    /// The location `text` names.
    init(_ text: String) {
        self = PostgresLocation.isPostgresURL(text) ? .postgres(url: text) : .sqlite(path: text)
    }

    /// What messages show: the path, or the URL without its password.
    var displayName: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): PostgresLocation.redacting(url)
        }
    }

    /// Whether other people use the database (PostgreSQL): no command one of them stores runs in
    /// another's refresh.
    var isShared: Bool {
        if case .postgres = self { true } else { false }
    }
}

/// One opened store's ports, and how to close it: what every composition path (the engine, a
/// migration's two sides) gets from ``StoreFactory``.
struct OpenedStore: Sendable {
    let feeds: any FeedStoring
    let articles: any ArticleStoring
    let search: any ArticleSearching
    let observer: any StoreObserving
    let queue: (any FeedQueueing)?
    let ledger: any FetchLedgering
    let users: (any UserManaging)?
    let accounts: any AccountStoring
    let fullTexts: any FullTextStoring
    let icons: any FeedIconStoring
    let tags: any TagStoring
    let archive: any StoreArchiving
    /// The path, or the URL without its password.
    let location: String
    /// Other people use the database (PostgreSQL).
    let isShared: Bool
    let close: @Sendable () async -> Void
}

/// The one place that turns a ``StoreLocation`` into an open store.
enum StoreFactory {
    /// Opens the store at `location`.
    /// - Parameters:
    ///   - user: Whose news a PostgreSQL store shows (`nil`: the login name, added on first use); a
    ///     SQLite store holds one person's and refuses a name.
    ///   - maximumConnections: The PostgreSQL connection pool's size.
    /// - Throws: ``HeraldError/store(_:)`` when it cannot be opened, or a user is named for SQLite.
    static func open(_ location: StoreLocation, user: String?, maximumConnections: Int = 4) async throws(HeraldError)
        -> OpenedStore {
        switch location {
        case .sqlite(let path):
            if user != nil { throw .store(.singlePerson) }
            return try openSQLite(path: path)
        case .postgres(let url):
            let store: PostgresStore
            do {
                store = try await PostgresStore.open(url: url, user: user ?? LoginName.current, createUser: user == nil,
                                                     maximumConnections: maximumConnections)
            } catch {
                throw .store(error)
            }
            return OpenedStore(feeds: store, articles: store, search: store, observer: store, queue: store,
                               ledger: store, users: store, accounts: store, fullTexts: store, icons: store, tags: store, archive: store,
                               location: store.location, isShared: true, close: { await store.close() })
        }
    }

    /// Opens a SQLite store without waiting (``Herald/open(databasePath:environment:)`` is synchronous).
    static func openSQLite(path: String) throws(HeraldError) -> OpenedStore {
        let store: SQLiteStore
        do {
            store = try SQLiteStore(path: path)
        } catch {
            throw .store(error)
        }
        return OpenedStore(feeds: store, articles: store, search: store, observer: store, queue: nil,
                           ledger: store, users: nil, accounts: store, fullTexts: store, icons: store, tags: store, archive: store,
                           location: path, isShared: false, close: {})
    }
}
