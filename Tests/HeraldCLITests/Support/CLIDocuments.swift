import Foundation

/// The JSON documents `herald … --json` prints, decoded strictly (ids as numbers, dates as ISO 8601),
/// so a change of the documented shape fails the tests.
enum CLIDocuments {
    /// A row of `list --json` (and the article of a search hit).
    struct Row: Decodable, Equatable {
        let id: Int64, feedID: Int64, feed: String, title: String, url: String?, author: String?
        let date: Date, read: Bool, starred: Bool
    }

    /// `list --json`.
    struct Page: Decodable {
        let articles: [Row]
        let next: Cursor?
    }

    /// A keyset cursor.
    struct Cursor: Decodable {
        let date: Date, id: Int64
    }

    /// A highlighted run of a search hit.
    struct Segment: Decodable {
        let text: String, isMatch: Bool
    }

    /// An element of `search --json`.
    struct Hit: Decodable {
        let article: Row, score: Double, title: [Segment], snippet: [Segment]
    }

    /// A text construct of `show --json`.
    struct Text: Decodable {
        let type: String, value: String
    }

    /// `show --json`.
    struct Article: Decodable {
        let id: Int64, feedID: Int64, identity: String, title: String, url: String?
        let published: Date?, content: Text?, summary: Text?, firstSeen: Date
        let read: Bool, starred: Bool, tags: [String]
    }

    /// An element of `feeds --json`.
    struct Feed: Decodable {
        let id: Int64, url: String, title: String, siteURL: String?, tags: [String], hidden: Bool
        let unread: Int, lastSuccess: Date?, lastError: String?, errorCount: Int, nextDue: Date?, gone: Bool
    }

    /// `stats --json`.
    struct Stats: Decodable, Equatable {
        let feeds: Int, articles: Int, unread: Int, starred: Int, failingFeeds: Int, databaseBytes: Int64
    }

    /// Decodes standard output as `type`; ISO 8601 dates only.
    static func decode<Value: Decodable>(_ type: Value.Type, from result: ProcessResult) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: result.stdoutData)
    }
}

extension Sandbox {
    /// `herald list --json` with extra arguments, decoded.
    func listed(_ arguments: String...) async throws -> [CLIDocuments.Row] {
        let result = try await herald(["list", "--db", database, "--json", "--limit", "200"] + arguments)
        guard result.succeeded else { throw CLIFailure(result) }
        return try CLIDocuments.decode(CLIDocuments.Page.self, from: result).articles
    }

    /// `herald feeds --json`, decoded.
    func feeds() async throws -> [CLIDocuments.Feed] {
        let result = try await herald(db: "feeds", "--json")
        guard result.succeeded else { throw CLIFailure(result) }
        return try CLIDocuments.decode([CLIDocuments.Feed].self, from: result)
    }

    /// `herald stats --json`, decoded.
    func stats() async throws -> CLIDocuments.Stats {
        let result = try await herald(db: "stats", "--json")
        guard result.succeeded else { throw CLIFailure(result) }
        return try CLIDocuments.decode(CLIDocuments.Stats.self, from: result)
    }
}

/// A `herald` run that failed where the test needed it to succeed.
struct CLIFailure: Error, CustomStringConvertible {
    let result: ProcessResult
    init(_ result: ProcessResult) { self.result = result }
    var description: String { "herald failed: " + result.summary }
}
