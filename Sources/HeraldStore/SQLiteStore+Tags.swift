import GRDB
import HeraldDomain
import HeraldPorts

extension SQLiteStore: TagStoring {
    /// The tags created on their own.
    public func keptTags() async throws(StoreError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT name FROM kept_tags ORDER BY name") }
    }

    /// Keeps a tag.
    public func keepTag(_ name: String) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO kept_tags (name) VALUES (?)", arguments: [name])
        }
    }

    /// Renames or forgets a kept tag.
    public func renameKeptTag(_ name: String, to newName: String?) async throws(StoreError) {
        try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM kept_tags WHERE name = ?)", arguments: [name]) == true
            else { return }
            try db.execute(sql: "DELETE FROM kept_tags WHERE name = ?", arguments: [name])
            if let newName {
                try db.execute(sql: "INSERT OR IGNORE INTO kept_tags (name) VALUES (?)", arguments: [newName])
            }
        }
    }
}
