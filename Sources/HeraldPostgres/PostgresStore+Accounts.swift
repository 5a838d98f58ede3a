import Foundation
import HeraldDomain
import HeraldPorts
import PostgresNIO

extension PostgresStore: AccountStoring {
    public func credentials(of name: String) async throws(StoreError) -> AccountCredentials? {
        try await read { connection in
            try await connection.run("""
                SELECT u.name, a.password_hash, a.fever_key, a.updated_at
                FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.name = \(name)
                """).first { row in
                let (name, hash, fever, updated) = try row.decode((String, String, String?, Double).self)
                return AccountCredentials(name: name, passwordHash: hash, feverKey: fever,
                                          updatedAt: Date(timeIntervalSince1970: updated))
            }
        }
    }

    public func onlyAccountName() async throws(StoreError) -> String? {
        try await read { connection in
            let names = try await connection.run("""
                SELECT u.name FROM accounts a JOIN users u ON u.id = a.user_id LIMIT 2
                """).all { try $0.decode(String.self) }
            return names.count == 1 ? names[0] : nil
        }
    }

    /// Sets a user's credentials. - Throws: ``StoreError/unknownUser(_:)`` for a name that is not a user.
    public func setCredentials(_ credentials: AccountCredentials) async throws(StoreError) {
        let stored = try await write { connection in
            try await connection.run("""
                INSERT INTO accounts (user_id, password_hash, fever_key, updated_at)
                SELECT id, \(credentials.passwordHash), \(credentials.feverKey), \(credentials.updatedAt.timeIntervalSince1970)
                FROM users WHERE name = \(credentials.name)
                ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash,
                    fever_key = excluded.fever_key, updated_at = excluded.updated_at
                RETURNING user_id
                """).first { try $0.decode(Int64.self) } != nil
        }
        if !stored { throw StoreError.unknownUser(credentials.name) }
    }

    public func account(forFeverKey key: String) async throws(StoreError) -> String? {
        try await read { connection in
            try await connection.run("""
                SELECT u.name FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.fever_key = \(key)
                """).first { try $0.decode(String.self) }
        }
    }

    public func addToken(_ token: APITokenRecord) async throws(StoreError) {
        let added = try await write { connection in
            try await connection.run("""
                INSERT INTO api_tokens (id, user_id, digest, label, created_at)
                SELECT \(token.id), a.user_id, \(token.digest), \(token.label), \(token.createdAt.timeIntervalSince1970)
                FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.name = \(token.account)
                RETURNING id
                """).first { try $0.decode(String.self) } != nil
        }
        if !added { throw StoreError.unknownUser(token.account) }
    }

    public func tokens(of name: String) async throws(StoreError) -> [APITokenRecord] {
        try await read { connection in
            try await connection.run("""
                SELECT t.id, u.name, t.digest, t.label, t.created_at
                FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE u.name = \(name)
                ORDER BY t.created_at, t.id
                """).all(Self.token(from:))
        }
    }

    public func token(withDigest digest: String) async throws(StoreError) -> APITokenRecord? {
        try await read { connection in
            try await connection.run("""
                SELECT t.id, u.name, t.digest, t.label, t.created_at
                FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.digest = \(digest)
                """).first(Self.token(from:))
        }
    }

    public func revokeToken(id: String, of name: String) async throws(StoreError) -> Bool {
        try await write { connection in
            try await connection.run("""
                DELETE FROM api_tokens t USING users u
                WHERE t.user_id = u.id AND u.name = \(name) AND t.id = \(id) RETURNING t.id
                """).first { try $0.decode(String.self) } != nil
        }
    }

    private static func token(from row: PostgresRow) throws -> APITokenRecord {
        let (id, account, digest, label, created) = try row.decode((String, String, String, String, Double).self)
        return APITokenRecord(id: id, account: account, digest: digest, label: label,
                              createdAt: Date(timeIntervalSince1970: created))
    }
}
