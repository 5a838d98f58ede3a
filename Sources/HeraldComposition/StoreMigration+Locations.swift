import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPostgres
import HeraldStore
import HeraldPorts

extension StoreMigration {
    /// The two stores of `herald migrate`, opened from what the user typed (a SQLite path or a
    /// `postgres://` URL each), and how to close them.
    public struct OpenedStores: Sendable {
        /// The migration between them.
        public let migration: StoreMigration
        /// Where it copies from and to, for messages (no passwords).
        public let sourceName: String
        /// See ``sourceName``.
        public let destinationName: String
        /// Closes both stores.
        public let close: @Sendable () async -> Void
    }

    /// Opens the store at `source` and the one at `destination`.
    /// - Parameters:
    ///   - user: The person whose news is copied on a PostgreSQL side (the login name when `nil`,
    ///     added on first use; a named user must exist there). A SQLite side holds one person.
    /// - Throws: ``HeraldError`` when a side cannot be opened, the source file does not exist, or
    ///   both name the same database.
    public static func open(from source: String, to destination: String,
                            user: String?) async throws(HeraldError) -> OpenedStores {
        guard source != destination else {
            throw .file(path: source, reason: "a database cannot be migrated into itself; name another --to")
        }
        if case .sqlite(let path) = StoreLocation(source), !FileManager.default.fileExists(atPath: path) {
            throw .file(path: source, reason: "there is no database there to migrate from")
        }
        let (from, closeSource) = try await store(at: source, user: user)
        let to: any StoreArchiving
        let closeDestination: @Sendable () async -> Void
        do {
            (to, closeDestination) = try await store(at: destination, user: user)
        } catch {
            await closeSource()
            throw error
        }
        return OpenedStores(migration: StoreMigration(source: from, destination: to), sourceName: name(source),
                            destinationName: name(destination), close: {
                                await closeSource()
                                await closeDestination()
                            })
    }

    private static func store(at location: String, user: String?) async throws(HeraldError)
        -> (any StoreArchiving, @Sendable () async -> Void) {
        // A SQLite side holds one person's news: the name is for the PostgreSQL side.
        let place = StoreLocation(location)
        let opened = try await StoreFactory.open(place, user: place.isShared ? user : nil)
        return (opened.archive, opened.close)
    }

    private static func name(_ location: String) -> String {
        StoreLocation(location).displayName
    }
}
