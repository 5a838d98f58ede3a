import HeraldDomain
import HeraldPorts
import PostgresNIO

extension PostgresStore: TagStoring {
    /// The user's tags created on their own.
    public func keptTags() async throws(StoreError) -> [String] {
        let user = userID
        return try await read { connection in
            try await connection.run("SELECT name FROM kept_tags WHERE user_id = \(user) ORDER BY name")
                .all { try $0.decode(String.self) }
        }
    }

    /// Keeps a tag for the user.
    public func keepTag(_ name: String) async throws(StoreError) {
        let user = userID
        try await write { connection in
            _ = try await connection.run("INSERT INTO kept_tags (user_id, name) VALUES (\(user), \(name)) ON CONFLICT DO NOTHING")
        }
    }

    /// Renames or forgets one of the user's kept tags.
    public func renameKeptTag(_ name: String, to newName: String?) async throws(StoreError) {
        let user = userID
        try await write { connection in
            let removed = try await connection.run("""
                DELETE FROM kept_tags WHERE user_id = \(user) AND name = \(name) RETURNING name
                """).all { try $0.decode(String.self) }
            if !removed.isEmpty, let newName {
                try await connection.run("""
                    INSERT INTO kept_tags (user_id, name) VALUES (\(user), \(newName)) ON CONFLICT DO NOTHING
                    """)
            }
        }
    }
}
