import Foundation
import GRDB
import HeraldDomain

extension SQLiteStore {
    /// How many of the newest matches are ranked. A very common term matches hundreds of
    /// thousands of rows, and ranking them all costs hundreds of milliseconds; ranking the
    /// newest `rankingWindow` matches (FTS5 walks its doclists in descending rowid order and
    /// stops there) keeps every search fast, and is exact whenever fewer rows match.
    static let rankingWindow = 1_000

    /// Ranked results with highlighted snippets (title weighted 10× the body in bm25, with the
    /// document frequencies of very common phrases estimated: see ``RankFunction``).
    /// - Throws: ``StoreError/invalidQuery(reason:)`` for a malformed query.
    public func search(_ request: SearchRequest) async throws(StoreError) -> SearchPage {
        let userExpression = try SearchQuery(request.query).ftsExpression
        await indexWaitingArticlesForSearch()
        return try await read { db in
            let filter = try ArticleFilterSQL(request.filter, db: db)
            let expression = filter.matchExpression.map { "(\($0)) AND \(userExpression)" } ?? userExpression
            let limit = max(1, request.limit)
            let offset = max(0, request.offset)
            let window = max(SQLiteStore.rankingWindow, offset + limit + 1)
            // Without restrictions FTS5 answers alone; otherwise each candidate is checked in `articles`.
            let join = filter.isUnrestricted ? ""
                : "CROSS JOIN articles AS a ON a.id = articles_fts.rowid WHERE \(filter.plainClause) AND"
            let candidates = try Row.fetchAll(db, sql: """
                SELECT articles_fts.rowid, \(RankFunction.name)(articles_fts, 10.0, 1.0) FROM articles_fts
                \(join.isEmpty ? "WHERE" : join) articles_fts MATCH ?
                ORDER BY articles_fts.rowid DESC LIMIT ?
                """, arguments: StatementArguments(filter.values + [expression, window]))
                .map { (id: $0[0] as Int64, score: -($0[1] as Double)) }
                .sorted { $0.score != $1.score ? $0.score > $1.score : $0.id > $1.id }
            let shown = candidates.dropFirst(offset).prefix(limit)
            let hits = try SQLiteStore.hits(db, for: Array(shown), expression: expression)
            return SearchPage(hits: hits, nextOffset: candidates.count > offset + limit ? offset + limit : nil)
        }
    }

    /// Fetches list rows, the highlighted title and a body snippet for the hits shown only.
    private static func hits(_ db: Database, for ranked: [(id: Int64, score: Double)], expression: String)
        throws -> [SearchHit] {
        guard !ranked.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ranked.count).joined(separator: ",")
        var summaries: [Int64: ArticleSummary] = [:]
        for row in try Row.fetchAll(db, sql: "\(ArticleRows.summarySelect) WHERE a.id IN (\(marks))",
                                    arguments: StatementArguments(ranked.map(\.id))) {
            let summary = ArticleRows.summary(row)
            summaries[summary.id.rawValue] = summary
        }
        // One FTS5 cursor over the rowid range of the shown hits (it holds at most the ranking
        // window's matches); `+rowid` keeps SQLite from running one MATCH per id instead.
        var marked: [Int64: (title: String?, snippet: String?)] = [:]
        let ids = ranked.map(\.id)
        let bounds: [(any DatabaseValueConvertible)?] = [expression, ids.min()!, ids.max()!]
        for row in try Row.fetchAll(db, sql: """
            SELECT rowid, highlight(articles_fts, 0, char(57344), char(57345)),
                   snippet(articles_fts, 1, char(57344), char(57345), '…', 24)
            FROM articles_fts
            WHERE articles_fts MATCH ? AND rowid BETWEEN ? AND ? AND +rowid IN (\(marks))
            """, arguments: StatementArguments(bounds + ids)) {
            marked[row[0]] = (row[1], row[2])
        }
        return ranked.compactMap { hit in
            guard let summary = summaries[hit.id], let text = marked[hit.id] else { return nil }
            return SearchHit(article: summary, snippet: HighlightMarkers.segments(CJKText.desegmented(text.snippet ?? "")),
                             highlightedTitle: HighlightMarkers.segments(text.title ?? summary.title), score: hit.score)
        }
    }
}
