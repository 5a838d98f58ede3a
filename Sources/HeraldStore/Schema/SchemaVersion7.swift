/// The sync APIs' account (``AccountStoring``): a SQLite file serves one person, so `accounts` holds
/// at most one row; `api_tokens` keeps token digests, never tokens.
enum SchemaVersion7 {
    static let sql = """
        CREATE TABLE accounts (
            name TEXT PRIMARY KEY,
            password_hash TEXT NOT NULL,
            fever_key TEXT,
            updated_at REAL NOT NULL
        );
        CREATE TABLE api_tokens (
            id TEXT PRIMARY KEY,
            account TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE ON UPDATE CASCADE,
            digest TEXT NOT NULL UNIQUE,
            label TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        PRAGMA user_version = 7;
        """
}
