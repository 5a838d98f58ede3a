import HeraldComposition

/// Copies everything one database holds for a person into another (`herald migrate`): SQLite to
/// PostgreSQL or back, verified by counts. Open it, ``run(progress:)`` it, then ``close()`` it.
///
/// ```swift
/// let migration = try await DatabaseMigration.open(from: "herald.db", to: "postgres://db/herald", user: "alice")
/// let report = try await migration.run { print($0.articlesCopied, "of", $0.articlesTotal) }
/// await migration.close()
/// ```
public struct DatabaseMigration: Sendable {
    private let stores: StoreMigration.OpenedStores

    /// Where it copies from, for messages (a file path, or a URL without its password).
    public var sourceName: String { stores.sourceName }
    /// Where it copies into, for messages.
    public var destinationName: String { stores.destinationName }

    /// Opens both databases.
    /// - Parameters:
    ///   - source: A SQLite file or a `postgres://` URL; only read.
    ///   - destination: A SQLite file or a `postgres://` URL; empty for the person, or holding what an
    ///     interrupted run of the same migration copied.
    ///   - user: Whose news, on a PostgreSQL side (the login name when `nil`).
    /// - Throws: ``HeraldError`` when a side cannot be opened, the source does not exist, or both
    ///   name the same database.
    public static func open(from source: String, to destination: String,
                            user: String?) async throws(HeraldError) -> DatabaseMigration {
        DatabaseMigration(stores: try await StoreMigration.open(from: source, to: destination, user: user))
    }

    /// Copies and verifies.
    /// - Parameter progress: Called at each stage and after each page of articles.
    /// - Throws: ``StoreMigrationError`` when the destination holds other feeds, the counts differ
    ///   after the copy, or either side fails.
    public func run(progress: @escaping @Sendable (StoreMigrationProgress) -> Void = { _ in })
        async throws(StoreMigrationError) -> StoreMigrationReport {
        try await stores.migration.run(progress: progress)
    }

    /// Closes both databases; call once, after ``run(progress:)``.
    public func close() async { await stores.close() }
}
