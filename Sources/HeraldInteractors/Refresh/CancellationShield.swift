/// Runs store calls that must happen after a refresh was cancelled (its claims given back, its
/// run's end recorded, its rules applied, the pages and icons it already fetched kept) in a task of their own, which the cancel does not
/// reach: both stores refuse a cancelled task's calls (PostgreSQL's client when it leases a
/// connection, GRDB before a read or write). The caller waits for the result, so an engine that
/// waits for the refresh also waits for these.
enum CancellationShield {
    static func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) async -> Value {
        await Task { await body() }.value
    }
}
