import Foundation
import GRDB
import HeraldDomain
import HeraldStoreCore

/// Reads `saved_searches` rows.
enum SavedSearchRows {
    static func savedSearch(_ row: Row) -> SavedSearch {
        SavedSearch(id: SavedSearchID(row["id"] as Int64), name: row["name"], query: row["query"],
                    filter: ColumnCodec.decode(ArticleFilter.self, from: row["filter_json"]) ?? ArticleFilter())
    }

    static func require(_ db: Database, id: SavedSearchID) throws -> SavedSearch {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM saved_searches WHERE id = ?", arguments: [id.rawValue])
        else { throw StoreError.savedSearchNotFound(id) }
        return savedSearch(row)
    }

    static func all(_ db: Database) throws -> [SavedSearch] {
        try Row.fetchAll(db, sql: "SELECT * FROM saved_searches ORDER BY lower(name), id").map(savedSearch)
    }
}
