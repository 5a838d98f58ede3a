import Foundation
import HeraldDomain

/// The columns of a whole article as both stores select them, by name: each store selects them
/// from its own tables under these names (``selectList(from:)``) and maps the row to an
/// ``HeraldDomain/Article`` in one place (``ArticleRowMapping``), never by position.
public enum ArticleRowColumn: String, CaseIterable, Sendable {
    case id
    case feedID = "feed_id"
    case identity
    case title
    case url
    case author
    case authorsJSON = "authors_json"
    case published
    case updated
    case firstSeen = "first_seen"
    case enclosuresJSON = "enclosures_json"
    case categoriesJSON = "categories_json"
    case commentsURL = "comments_url"
    case episodeJSON = "episode_json"
    case isRead = "is_read"
    case isStarred = "is_starred"
    case isHidden = "is_hidden"
    case summaryType = "summary_type"
    case summaryValue = "summary_value"
    case summaryLang = "summary_lang"
    case contentType = "content_type"
    case contentValue = "content_value"
    case contentLang = "content_lang"

    /// Whether the column holds the user's state (read, starred, hidden) rather than the article's.
    public var isState: Bool { self == .isRead || self == .isStarred || self == .isHidden }

    /// Whether the column holds a text construct (summary or content).
    public var isText: Bool {
        switch self {
        case .summaryType, .summaryValue, .summaryLang, .contentType, .contentValue, .contentLang: true
        default: false
        }
    }

    /// `a.id AS id, a.feed_id AS feed_id, …`: every column, each from the table alias `alias(column)`,
    /// in declaration order, first in a statement's select list; so a column's ``position`` is
    /// derived from this declaration, never written by hand, and drivers may read by it.
    public static func selectList(from alias: (ArticleRowColumn) -> String) -> String {
        allCases.map { "\(alias($0)).\($0.rawValue) AS \($0.rawValue)" }.joined(separator: ", ")
    }

    /// The column's place in a row selected with ``selectList(from:)``.
    public var position: Int { Self.positions[self]! }

    private static let positions: [ArticleRowColumn: Int] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}

/// A row of ``ArticleRowColumn``s as a store's driver hands it over, read by name.
public protocol ArticleRowReading {
    /// A text column, or `nil` for NULL.
    func text(_ column: ArticleRowColumn) throws -> String?
    /// An integer column, or `nil` for NULL.
    func integer(_ column: ArticleRowColumn) throws -> Int64?
    /// A real column, or `nil` for NULL.
    func real(_ column: ArticleRowColumn) throws -> Double?
    /// A boolean column, or `nil` for NULL.
    func flag(_ column: ArticleRowColumn) throws -> Bool?
}

/// Why a row is not an article.
public struct ArticleRowError: Error, Sendable, Hashable {
    /// The column that was NULL where an article always has a value.
    public let column: String
}

/// The one mapping from a row of ``ArticleRowColumn``s to an article.
public enum ArticleRowMapping {
    /// The article of `row`, with the user's `tags`.
    /// - Throws: ``ArticleRowError`` for a NULL where an article always has a value, or the driver's error.
    public static func article(from row: some ArticleRowReading, tags: [String]) throws -> Article {
        func required<T>(_ value: T?, _ column: ArticleRowColumn) throws -> T {
            guard let value else { throw ArticleRowError(column: column.rawValue) }
            return value
        }
        var authors = ColumnCodec.decode([Person].self, from: try row.text(.authorsJSON)) ?? []
        if authors.isEmpty, let name = try row.text(.author) { authors = [Person(name: name)] }
        return Article(
            id: ArticleID(try required(row.integer(.id), .id)),
            feedID: FeedID(try required(row.integer(.feedID), .feedID)),
            identity: try required(row.text(.identity), .identity),
            title: try row.text(.title) ?? "",
            url: try row.text(.url), authors: authors,
            published: ColumnCodec.date(try row.real(.published)),
            updated: ColumnCodec.date(try row.real(.updated)),
            summary: try text(row, .summaryType, .summaryValue, .summaryLang),
            content: try text(row, .contentType, .contentValue, .contentLang),
            enclosures: ColumnCodec.decode([Enclosure].self, from: try row.text(.enclosuresJSON)) ?? [],
            categories: ColumnCodec.decode([HeraldDomain.Category].self, from: try row.text(.categoriesJSON)) ?? [],
            commentsURL: try row.text(.commentsURL),
            episode: ColumnCodec.decode(EpisodeDetails.self, from: try row.text(.episodeJSON)),
            firstSeenAt: Date(timeIntervalSince1970: try required(row.real(.firstSeen), .firstSeen)),
            state: ArticleState(isRead: try row.flag(.isRead) ?? false, isStarred: try row.flag(.isStarred) ?? false,
                                tags: tags, isHidden: try row.flag(.isHidden) ?? false))
    }

    private static func text(_ row: some ArticleRowReading, _ type: ArticleRowColumn, _ value: ArticleRowColumn,
                             _ language: ArticleRowColumn) throws -> TextConstruct? {
        guard let typeName = try row.text(type), let kind = TextType(rawValue: typeName),
              let text = try row.text(value) else { return nil }
        return TextConstruct(type: kind, value: text, language: try row.text(language))
    }
}
