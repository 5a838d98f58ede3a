import GRDB
import HeraldStoreCore

/// A GRDB row of ``ArticleRowColumn``s for ``ArticleRowMapping``, selected with ``selectList``:
/// each column is read at the place that list gives it (GRDB's lookup by name is a scan of the
/// row's columns per read, measurable on a sync client's batch of a thousand articles).
struct GRDBArticleRow: ArticleRowReading {
    let row: Row

    func text(_ column: ArticleRowColumn) -> String? { row[column.position] }
    func integer(_ column: ArticleRowColumn) -> Int64? { row[column.position] }
    func real(_ column: ArticleRowColumn) -> Double? { row[column.position] }
    func flag(_ column: ArticleRowColumn) -> Bool? { row[column.position] }

    /// The columns of an article in the SQLite schema: its texts from `article_texts AS t`, the
    /// rest (state included) from `articles AS a`.
    static let selectList = ArticleRowColumn.selectList { $0.isText ? "t" : "a" }
}
