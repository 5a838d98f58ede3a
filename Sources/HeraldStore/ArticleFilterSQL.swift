import GRDB
import HeraldDomain
import HeraldStoreCore

/// The SQL conditions of an ``ArticleFilter`` over `articles AS a`: its ``ArticleFilterPlan``
/// (shared with the PostgreSQL store) rendered for SQLite.
///
/// A saved-search scope becomes an FTS5 expression (``matchExpression``) plus the saved
/// search's own restrictions, so lists use it as a subquery and searches combine it with the
/// user's query in one `MATCH`.
struct ArticleFilterSQL {
    private(set) var conditions: [String] = []
    private(set) var values: [(any DatabaseValueConvertible)?] = []
    /// The FTS5 expression a saved-search scope adds, if any.
    private(set) var matchExpression: String?
    /// True when the filter keeps one feed's articles (its scope, or its saved search's, is a feed).
    private(set) var isSingleFeed = false

    init(_ filter: ArticleFilter, db: Database) throws {
        let saved = try ArticleFilterPlan.savedSearchID(of: filter).map { try SavedSearchRows.require(db, id: $0) }
        let plan = ArticleFilterPlan(filter, savedSearch: saved)
        isSingleFeed = plan.isSingleFeed
        for restriction in plan.restrictions {
            switch restriction {
            case .visibleFeeds:
                // Only when some feed is hidden: an empty condition lets search skip the join.
                if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feeds WHERE is_hidden = 1)") == true {
                    conditions.append("a.feed_id NOT IN (SELECT id FROM feeds WHERE is_hidden = 1)")
                }
            case .feed(let id):
                conditions.append("a.feed_id = ?")
                values.append(id.rawValue)
            case .tag(let tag):
                conditions.append("a.feed_id IN (SELECT feed_id FROM feed_tags WHERE tag = ?)")
                values.append(tag)
            case .matches(let query):
                matchExpression = try SearchQuery(query).ftsExpression
            case .unread:
                conditions.append("a.is_read = 0")
            case .starred:
                conditions.append("a.is_starred = 1")
            case .since(let date):
                conditions.append("a.sort_date >= ?")
                values.append(date.timeIntervalSince1970)
            case .until(let date):
                conditions.append("a.sort_date < ?")
                values.append(date.timeIntervalSince1970)
            }
        }
    }

    /// The conditions for a list: the saved search's expression becomes a subquery.
    func listClause() -> (sql: String, values: [(any DatabaseValueConvertible)?]) {
        var conditions = self.conditions
        var values = self.values
        if let matchExpression {
            conditions.append("a.id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?)")
            values.append(matchExpression)
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), values)
    }

    /// True when the filter restricts nothing (every article of every feed).
    var isUnrestricted: Bool { conditions.isEmpty }

    /// The conditions without the saved search's expression (a search puts it in its own `MATCH`).
    var plainClause: String { conditions.isEmpty ? "1" : conditions.joined(separator: " AND ") }
}
