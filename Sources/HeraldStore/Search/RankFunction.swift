import Foundation
import GRDB
import GRDBSQLite

/// `herald_rank(articles_fts, titleWeight, bodyWeight)`: FTS5's bm25 with an estimated document
/// frequency, registered on every connection.
///
/// FTS5's own `bm25()` weighs each phrase of the query by its inverse document frequency, and
/// counts that frequency by walking every match of the phrase in the whole index: 15 ms for a
/// word in every article of a 1M cache, 90 ms for a phrase of two such words (positions checked
/// in each), whatever window of candidates is ranked. `herald_rank` stops counting after
/// ``exactMatches`` matches and extrapolates from the share of the archive they span (matches
/// are walked from the oldest), so a query costs the same at any size. Below that many matches
/// the count, and so the score, is exactly bm25's: `k1 = 1.2`, `b = 0.75`, the same weights per
/// column, the same negative sign (better matches are more negative).
enum RankFunction {
    /// The name to call in SQL.
    static let name = "herald_rank"
    /// Matches counted exactly before the count is extrapolated.
    static let exactMatches: Int64 = 1_000

    /// Registers the function on a connection; call from `prepareDatabase`.
    static func register(on db: Database) throws {
        guard let api = try fts5API(db) else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "FTS5 is not available in this SQLite")
        }
        let code = api.pointee.xCreateFunction?(api, name, nil, rank, nil) ?? SQLITE_ERROR
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(name)")
        }
    }

    /// The connection's `fts5_api`, obtained the documented way: `SELECT fts5(?1)` with a pointer.
    private static func fts5API(_ db: Database) throws -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db.sqliteConnection, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: db.lastErrorMessage)
        }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        let pointerType: StaticString = "fts5_api_ptr"
        withUnsafeMutablePointer(to: &api) { slot in
            _ = pointerType.withUTF8Buffer { type in
                sqlite3_bind_pointer(statement, 1, slot, UnsafeRawPointer(type.baseAddress!)
                    .assumingMemoryBound(to: CChar.self), nil)
            }
            _ = sqlite3_step(statement)
        }
        return api
    }

    /// What a query computes once: the average document length and each phrase's IDF.
    private struct QueryData {
        var averageLength: Double
        var idf: [Double]
    }

    /// The state of one counting walk over a phrase's matches.
    private struct MatchCount {
        var count: Int64 = 0
        var first: Int64 = 0
        var last: Int64 = 0
    }

    private static let rank: fts5_extension_function = { api, fts, context, argumentCount, arguments in
        guard let api = api?.pointee else { return }
        guard let data = queryData(api, fts) else {
            sqlite3_result_error(context, "\(name): cannot read the index", -1)
            return
        }
        var frequencies = [Double](repeating: 0, count: data.idf.count)
        var instances: Int32 = 0
        _ = api.xInstCount?(fts, &instances)
        for index in 0..<instances {
            var phrase: Int32 = 0
            var column: Int32 = 0
            var offset: Int32 = 0
            guard api.xInst?(fts, index, &phrase, &column, &offset) == SQLITE_OK,
                  Int(phrase) < frequencies.count else { continue }
            let weight = argumentCount > column ? sqlite3_value_double(arguments?[Int(column)]) : 1.0
            frequencies[Int(phrase)] += weight
        }
        var tokens: Int32 = 0
        _ = api.xColumnSize?(fts, -1, &tokens)
        let k1 = 1.2
        let b = 0.75
        let lengthFactor = k1 * (1 - b + b * Double(tokens) / data.averageLength)
        var score = 0.0
        for (phrase, frequency) in frequencies.enumerated() {
            score += data.idf[phrase] * frequency * (k1 + 1) / (frequency + lengthFactor)
        }
        sqlite3_result_double(context, -score)
    }

    /// The query's data, computed on the first row and kept by FTS5 for the rest of the query.
    private static func queryData(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?) -> QueryData? {
        if let stored = api.xGetAuxdata?(fts, 0) {
            return stored.assumingMemoryBound(to: QueryData.self).pointee
        }
        var rows: Int64 = 0
        var tokens: Int64 = 0
        guard api.xRowCount?(fts, &rows) == SQLITE_OK, api.xColumnTotalSize?(fts, -1, &tokens) == SQLITE_OK else {
            return nil
        }
        let documents = Double(max(rows, 1))
        var idf: [Double] = []
        for phrase in 0..<(api.xPhraseCount?(fts) ?? 0) {
            var walk = MatchCount()
            let code = withUnsafeMutablePointer(to: &walk) { state in
                api.xQueryPhrase?(fts, phrase, state, countMatch) ?? SQLITE_ERROR
            }
            guard code == SQLITE_OK else { return nil }
            var matches = Double(walk.count)
            if walk.count >= exactMatches {
                // The first `exactMatches` matches span `last - first + 1` rowids: extrapolate
                // their density to the whole index.
                matches = min(documents, Double(walk.count) * documents / Double(max(1, walk.last - walk.first + 1)))
            }
            let value = log((documents - matches + 0.5) / (matches + 0.5))
            idf.append(value > 0 ? value : 1e-6)
        }
        let data = QueryData(averageLength: Double(tokens) / documents, idf: idf)
        let stored = UnsafeMutablePointer<QueryData>.allocate(capacity: 1)
        stored.initialize(to: data)
        guard api.xSetAuxdata?(fts, stored, releaseQueryData) == SQLITE_OK else { return nil }
        return data
    }

    private static let countMatch: @convention(c) (UnsafePointer<Fts5ExtensionApi>?, OpaquePointer?,
                                                   UnsafeMutableRawPointer?) -> Int32 = { api, fts, state in
        guard let walk = state?.assumingMemoryBound(to: MatchCount.self) else { return SQLITE_ERROR }
        let rowid = api?.pointee.xRowid?(fts) ?? 0
        if walk.pointee.count == 0 { walk.pointee.first = rowid }
        walk.pointee.last = rowid
        walk.pointee.count += 1
        return walk.pointee.count >= exactMatches ? SQLITE_DONE : SQLITE_OK
    }

    private static let releaseQueryData: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
        guard let data = pointer?.assumingMemoryBound(to: QueryData.self) else { return }
        data.deinitialize(count: 1)
        data.deallocate()
    }
}
