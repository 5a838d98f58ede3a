import GRDB

/// Queries in the lists' order, `(sort_date, id)`, over both parts of the articles table: the
/// indexed articles, served by the global date indexes, and the few still waiting for indexing
/// (see `SchemaVersion5`), served by `articles_waiting`. Each part is read up to the limit in
/// order and the two are merged, so a page costs the same at any depth. One feed's articles
/// need no merge: the per-feed index holds them all.
struct ArticleOrderSQL {
    /// A `SELECT` over `articles AS a` whose columns include `id` and `sort_date`, without `WHERE`.
    let select: String
    /// The conditions over `a`, and their values.
    let clause: String
    let values: [(any DatabaseValueConvertible)?]
    /// True when the conditions keep a single feed's articles.
    let isSingleFeed: Bool

    init(select: String, filter: ArticleFilterSQL, clause: String, values: [(any DatabaseValueConvertible)?]) {
        self.select = select
        self.clause = clause
        self.values = values
        self.isSingleFeed = filter.isSingleFeed
    }

    /// The matching articles, newest first (or oldest first), at most `limit`.
    func statement(newestFirst: Bool, limit: Int) -> (sql: String, arguments: StatementArguments) {
        let inner = newestFirst ? "a.sort_date DESC, a.id DESC" : "a.sort_date, a.id"
        let outer = newestFirst ? "sort_date DESC, id DESC" : "sort_date, id"
        if isSingleFeed {
            return ("\(select) WHERE \(clause) ORDER BY \(inner) LIMIT ?", StatementArguments(values + [limit]))
        }
        // The waiting part names its index: with `articles_unread_by_id` (schema 8) the planner
        // otherwise walks every unread article to find the few waiting ones.
        let waiting = select.replacingOccurrences(of: "FROM articles AS a", with: "FROM articles AS a INDEXED BY articles_waiting")
        let sql = """
            SELECT * FROM (SELECT * FROM (\(select) WHERE a.is_indexed = 1 AND \(clause) ORDER BY \(inner) LIMIT ?)
                UNION ALL
                SELECT * FROM (\(waiting) WHERE a.is_indexed = 0 AND \(clause) ORDER BY \(inner) LIMIT ?))
            ORDER BY \(outer) LIMIT ?
            """
        return (sql, StatementArguments(values + [limit] + values + [limit, limit]))
    }
}
