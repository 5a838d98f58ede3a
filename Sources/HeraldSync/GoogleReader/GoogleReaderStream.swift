import Foundation
import Herald

/// What a Google Reader stream id names, as a filter: the reading list, starred, read, a label
/// (a tag, or a saved search that no tag shares a name with), or a feed (`feed/ID`, or `feed/URL` as some clients send).
struct GoogleReaderStream {
    var filter: ArticleFilter
    /// Only read articles (`user/-/state/com.google/read`).
    var readOnly = false
    /// The stream's title, for `stream/contents`.
    var title: String?

    static func parse(_ id: String, herald: Herald) async throws -> GoogleReaderStream {
        if id.hasPrefix("feed/") {
            let feed = try await feed(id, herald: herald)
            return GoogleReaderStream(filter: ArticleFilter(scope: .feed(feed.id)), title: feed.displayTitle)
        }
        if let tag = GoogleReaderIDs.tag(inLabel: id) {
            // A label is a tag; a saved search's name that no tag has is that saved search (the
            // saved searches are read first: the tags only when one has the label's name).
            if let saved = try await herald.savedSearches().first(where: { $0.name == tag }),
               try await !herald.tags().contains(tag) {
                return GoogleReaderStream(filter: ArticleFilter(scope: .savedSearch(saved.id)), title: tag)
            }
            return GoogleReaderStream(filter: ArticleFilter(scope: .tag(tag)), title: tag)
        }
        switch GoogleReaderIDs.state(id) {
        case "com.google/reading-list": return GoogleReaderStream(filter: ArticleFilter())
        case "com.google/starred": return GoogleReaderStream(filter: ArticleFilter(starredOnly: true))
        case "com.google/read": return GoogleReaderStream(filter: ArticleFilter(), readOnly: true)
        case "com.google/kept-unread": return GoogleReaderStream(filter: ArticleFilter(unreadOnly: true))
        default: throw SyncFailure(.badRequest, "Unknown stream \(id)")
        }
    }

    /// The feed of `feed/ID` or `feed/URL`.
    static func feed(_ stream: String, herald: Herald) async throws -> Feed {
        let key = stream.hasPrefix("feed/") ? String(stream.dropFirst(5)) : stream
        let feeds = try await herald.feeds()
        if let id = Int64(key), let feed = feeds.first(where: { $0.id.rawValue == id }) { return feed }
        if let feed = feeds.first(where: { $0.url == key }) { return feed }
        throw SyncFailure(.notFound, "No subscription \(stream)")
    }
}
