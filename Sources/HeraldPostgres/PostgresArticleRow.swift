import HeraldStoreCore
import PostgresNIO

/// A PostgreSQL row of ``ArticleRowColumn``s, read by name for ``ArticleRowMapping``.
struct PostgresArticleRow: ArticleRowReading {
    let row: PostgresRandomAccessRow

    func text(_ column: ArticleRowColumn) throws -> String? { try row[column.rawValue].decode(String?.self) }
    func integer(_ column: ArticleRowColumn) throws -> Int64? { try row[column.rawValue].decode(Int64?.self) }
    func real(_ column: ArticleRowColumn) throws -> Double? { try row[column.rawValue].decode(Double?.self) }
    func flag(_ column: ArticleRowColumn) throws -> Bool? { try row[column.rawValue].decode(Bool?.self) }

    /// The columns of an article in the PostgreSQL schema: the person's state from
    /// `user_articles AS ua`, the rest from `articles AS a`.
    static let selectList = ArticleRowColumn.selectList { $0.isState ? "ua" : "a" }
}
