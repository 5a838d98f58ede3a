import Foundation
import Herald

/// The JSON documents the CLI prints with `--json`: machine data (ISO 8601 UTC dates, ids as numbers),
/// read from the screens' data stores, never from their display strings.
enum JSONOutput {
    /// Encodes a value as pretty, key-sorted JSON.
    static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return "{}" }
        return JSONControlEscaping.escapingC1(String(decoding: data, as: UTF8.self))
    }

    /// An article list row.
    struct Row: Encodable {
        let id: Int64, feedID: Int64, feed: String, title: String, url: String?, author: String?
        let date: Date, read: Bool, starred: Bool

        init(_ summary: ArticleSummary) {
            id = summary.id.rawValue; feedID = summary.feedID.rawValue; feed = summary.feedTitle
            title = summary.title; url = summary.url; author = summary.author; date = summary.date
            read = summary.isRead; starred = summary.isStarred
        }
    }

    /// A page of a list, with the cursor to continue from.
    struct Page: Encodable {
        let articles: [Row]
        let next: Cursor?
    }

    /// A keyset cursor.
    struct Cursor: Encodable {
        let date: Date, id: Int64
    }

    /// A search hit with its highlighted parts as segments.
    struct Hit: Encodable {
        let article: Row, score: Double
        let title: [HighlightedText.Segment], snippet: [HighlightedText.Segment]

        init(_ hit: SearchHit) {
            article = Row(hit.article); score = hit.score
            title = hit.highlightedTitle.segments; snippet = hit.snippet.segments
        }
    }

    /// A whole article.
    struct FullArticle: Encodable {
        let id: Int64, feedID: Int64, identity: String, title: String, url: String?, authors: [Person]
        let published: Date?, updated: Date?, summary: TextConstruct?, content: TextConstruct?
        let enclosures: [Enclosure], categories: [Category], comments: String?, firstSeen: Date
        let read: Bool, starred: Bool, tags: [String]
        /// The podcast episode's data (omitted when there is none).
        let episode: EpisodeDetails?

        init(_ article: Article) {
            episode = article.episode
            id = article.id.rawValue; feedID = article.feedID.rawValue; identity = article.identity
            title = article.title; url = article.url; authors = article.authors; published = article.published
            updated = article.updated; summary = article.summary; content = article.content
            enclosures = article.enclosures; categories = article.categories; comments = article.commentsURL
            firstSeen = article.firstSeenAt; read = article.state.isRead; starred = article.state.isStarred
            tags = article.state.tags
        }
    }

    /// A subscription with its health.
    struct FeedRow: Encodable {
        let id: Int64, url: String, title: String, siteURL: String?, tags: [String], hidden: Bool
        let unread: Int, lastSuccess: Date?, lastError: String?, errorCount: Int, nextDue: Date?, gone: Bool

        init(_ feed: Feed, unread: Int) {
            id = feed.id.rawValue; url = feed.url; title = feed.displayTitle; siteURL = feed.siteURL
            tags = feed.tags; hidden = feed.isHidden; self.unread = unread
            lastSuccess = feed.fetchState.lastSuccessAt; lastError = feed.fetchState.lastError?.message
            errorCount = feed.fetchState.errorCount; nextDue = feed.fetchState.nextDueAt; gone = feed.fetchState.isGone
        }
    }

    /// An entry of the download queue (`herald download list --json`).
    struct Download: Encodable {
        let url: String, articleID: Int64, feedID: Int64, feed: String, title: String, type: String?, path: String
        let state: String, failure: String?, finishedAt: Date?, bytesWritten: Int64, totalBytes: Int64?, queuedAt: Date

        init(_ entry: EpisodeDownload) {
            url = entry.url; articleID = entry.articleID.rawValue; feedID = entry.feedID.rawValue
            feed = entry.feedTitle; title = entry.title; type = entry.type; path = entry.path
            state = entry.state.word; bytesWritten = entry.bytesWritten; totalBytes = entry.totalBytes
            queuedAt = entry.queuedAt
            switch entry.state {
            case .failed(let reason): failure = reason; finishedAt = nil
            case .finished(let date): failure = nil; finishedAt = date
            case .queued: failure = nil; finishedAt = nil
            }
        }
    }
}
