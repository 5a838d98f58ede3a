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
        try render(Self.plan(of: ArticleIDRequest(filter: filter), db: db), db: db)
    }

    /// The conditions of an id request: its filter's, its query and its first-seen date.
    init(_ request: ArticleIDRequest, db: Database) throws {
        try render(Self.plan(of: request, db: db), db: db)
    }

    /// The request's plan, with the saved search its filter names.
    @inline(never)
    private static func plan(of request: ArticleIDRequest, db: Database) throws -> ArticleFilterPlan {
        var saved: SavedSearch?
        if let id = ArticleFilterPlan.savedSearchID(of: request.filter) { saved = try SavedSearchRows.require(db, id: id) }
        return ArticleFilterPlan(request, savedSearch: saved)
    }

    /// Renders the plan's restrictions. (Kept out of line: Swift 6.3's optimiser crashed
    /// ("Found ownership error", CopyPropagation) on the initialiser with it inlined, in release builds.)
    @inline(never)
    private mutating func render(_ plan: ArticleFilterPlan, db: Database) throws {
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
            case .shown:
                // Only when some article is hidden (one probe of a partial index), so that lists
                // and id lists keep their index-only plans in the common case.
                if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM articles WHERE is_hidden = 1)") == true {
                    conditions.append("a.is_hidden = 0")
                }
            case .hidden:
                conditions.append("a.is_hidden = 1")
            case .firstSeen(let date):
                conditions.append("a.first_seen >= ?")
                values.append(date.timeIntervalSince1970)
            case .matches(let query):
                // A saved search's query and an id request's both hold: one MATCH of the two.
                let expression = try SearchQuery(query).ftsExpression
                matchExpression = matchExpression.map { "(\($0)) AND (\(expression))" } ?? expression
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
