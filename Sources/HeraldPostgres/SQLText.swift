import PostgresNIO

/// A statement assembled piece by piece (a list filter, an upsert), every value bound as a
/// parameter (`$1`, `$2`…), never spliced into the text.
struct SQLText {
    private(set) var sql: String
    private(set) var bindings = PostgresBindings()

    init(_ sql: String = "") { self.sql = sql }

    /// Appends SQL text written by Herald (never user input).
    mutating func append(_ text: String) { sql += text }

    /// Binds a value; returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// Binds a value or NULL; returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }
}

extension AsyncSequence where Element == PostgresRow {
    /// Every row decoded with `decode`.
    func all<T>(_ decode: (PostgresRow) throws -> T) async throws -> [T] {
        var values: [T] = []
        for try await row in self { values.append(try decode(row)) }
        return values
    }

    /// The first row decoded with `decode`, if any (the rest are read and dropped).
    func first<T>(_ decode: (PostgresRow) throws -> T) async throws -> T? {
        var value: T?
        for try await row in self where value == nil { value = try decode(row) }
        return value
    }
}
