import PostgresNIO

/// The text of a statement Herald runs often enough (once or more per feed of a refresh) that the
/// server should parse and plan it once per connection rather than at every run: each conforming
/// type names one statement, its parameters written `$1`, `$2`… in the order its values are bound.
protocol PreparedSQL {
    /// The statement's text, constant for the type.
    static var sql: String { get }
}

/// One run of a ``PreparedSQL`` statement with its values: postgres-nio prepares the statement
/// under the type's name the first time a connection runs it, and afterwards sends only the
/// values (Docs/benchmarks.md, issue 19's fifth step).
struct PreparedRun<Statement: PreparedSQL>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var name: String { "herald." + String(describing: Statement.self) }
    static var sql: String { Statement.sql }

    /// The values, in the order of the statement's placeholders.
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

extension PostgresConnection {
    /// Runs a prepared statement with the values `bind` appends, in the order of its placeholders.
    func run<Statement: PreparedSQL>(_ statement: Statement.Type,
                                     _ bind: (inout PostgresBindings) -> Void) async throws
        -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
        var bindings = PostgresBindings()
        bind(&bindings)
        do {
            return try await execute(PreparedRun<Statement>(bindings: bindings), logger: PostgresStore.logger)
        } catch let error as PSQLError {
            // postgres-nio keeps a statement whose preparation failed failed for the connection's
            // life (a lock timeout while a migration altered the table would fail every later
            // run): the connection is closed, and the pool opens a fresh one. Errors of a run
            // itself (a constraint, a deadlock or serialization failure, a cancel) leave it open.
            if Self.mayHaveSpoiledPreparation(error) { try? await close() }
            throw error
        }
    }

    /// Whether an error may have come from a statement's preparation, which postgres-nio then
    /// keeps failed: any but a server's error of a run (class 23, integrity; class 40, a rolled
    /// back transaction; 57014, a cancelled statement).
    static func mayHaveSpoiledPreparation(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return true }
        return !(state.hasPrefix("23") || state.hasPrefix("40") || state == "57014")
    }
}
