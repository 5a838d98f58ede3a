import Foundation
import HeraldDomain
import PostgresNIO
import HeraldPorts

/// The people who share the database: looked up (or added on first use) when a store opens.
enum PostgresUsers {
    /// The identifier of the user `name`, added first when `creating` and missing.
    /// - Throws: ``StoreError/unknownUser(_:)`` when the user does not exist and is not to be added.
    static func identifier(of name: String, creating: Bool, client: PostgresClient) async throws -> Int64 {
        try await client.withConnection { connection in
            if creating {
                try await connection.run("INSERT INTO users (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING")
            }
            guard let id = try await connection.run("SELECT id FROM users WHERE name = \(name)")
                .first({ try $0.decode(Int64.self) }) else {
                throw StoreError.unknownUser(name)
            }
            return id
        }
    }
}

extension PostgresStore: UserManaging {
    /// Adds a person with no subscriptions.
    /// - Throws: ``StoreError/userExists(_:)`` when the name is taken.
    public func addUser(_ name: String) async throws(StoreError) {
        let added = try await write { connection in
            try await connection.run("""
                INSERT INTO users (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING RETURNING id
                """).first({ try $0.decode(Int64.self) }) != nil
        }
        if !added { throw StoreError.userExists(name) }
    }

    /// Every person, by name, with how many feeds they subscribe to.
    public func users() async throws(StoreError) -> [StoreUser] {
        try await read { connection in
            try await connection.run("""
                SELECT u.name, (SELECT count(*) FROM subscriptions s WHERE s.user_id = u.id),
                       extract(epoch FROM u.created_at)::double precision
                FROM users u ORDER BY u.name COLLATE "C"
                """).all { row in
                let (name, count, added) = try row.decode((String, Int64, Double).self)
                return StoreUser(name: name, subscriptions: Int(count), added: Date(timeIntervalSince1970: added))
            }
        }
    }
}
