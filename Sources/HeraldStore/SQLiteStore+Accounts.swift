import Foundation
import GRDB
import HeraldDomain
import HeraldPorts

extension SQLiteStore: AccountStoring {
    public func credentials(of name: String) async throws(StoreError) -> AccountCredentials? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT name, password_hash, fever_key, updated_at FROM accounts WHERE name = ?",
                             arguments: [name]).map(Self.credentials(from:))
        }
    }

    public func onlyAccountName() async throws(StoreError) -> String? {
        try await read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM accounts LIMIT 2")
            return names.count == 1 ? names[0] : nil
        }
    }

    /// Sets the one account of this file: another name replaces the account, and its tokens go with it.
    public func setCredentials(_ credentials: AccountCredentials) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM accounts WHERE name <> ?", arguments: [credentials.name])
            try db.execute(sql: """
                INSERT INTO accounts (name, password_hash, fever_key, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET password_hash = excluded.password_hash,
                    fever_key = excluded.fever_key, updated_at = excluded.updated_at
                """, arguments: [credentials.name, credentials.passwordHash, credentials.feverKey,
                                 credentials.updatedAt.timeIntervalSince1970])
        }
    }

    public func account(forFeverKey key: String) async throws(StoreError) -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT name FROM accounts WHERE fever_key = ?", arguments: [key])
        }
    }

    public func addToken(_ token: APITokenRecord) async throws(StoreError) {
        try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE name = ?", arguments: [token.account]) != nil
            else { throw StoreError.unknownUser(token.account) }
            try db.execute(sql: "INSERT INTO api_tokens (id, account, digest, label, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [token.id, token.account, token.digest, token.label,
                                       token.createdAt.timeIntervalSince1970])
        }
    }

    public func tokens(of name: String) async throws(StoreError) -> [APITokenRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, account, digest, label, created_at FROM api_tokens WHERE account = ? ORDER BY created_at, id
                """, arguments: [name]).map(Self.token(from:))
        }
    }

    public func token(withDigest digest: String) async throws(StoreError) -> APITokenRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT id, account, digest, label, created_at FROM api_tokens WHERE digest = ?",
                             arguments: [digest]).map(Self.token(from:))
        }
    }

    public func revokeToken(id: String, of name: String) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM api_tokens WHERE id = ? AND account = ?", arguments: [id, name])
            return db.changesCount > 0
        }
    }

    private static func credentials(from row: Row) -> AccountCredentials {
        AccountCredentials(name: row["name"], passwordHash: row["password_hash"], feverKey: row["fever_key"],
                           updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
    }

    private static func token(from row: Row) -> APITokenRecord {
        APITokenRecord(id: row["id"], account: row["account"], digest: row["digest"], label: row["label"],
                       createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
