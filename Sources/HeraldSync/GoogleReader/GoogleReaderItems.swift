import Foundation
import Herald

/// Google Reader's JSON for items and subscriptions.
enum GoogleReaderItems {
    /// An item as `stream/contents` and `stream/items/contents` give it.
    static func item(_ entry: SyncEntry, feed: Feed?) -> JSONValue {
        var categories: [JSONValue] = [.string(GoogleReaderIDs.readingList)]
        if entry.isRead { categories.append(.string(GoogleReaderIDs.read)) }
        if entry.isStarred { categories.append(.string(GoogleReaderIDs.starred)) }
        for tag in feed?.tags ?? [] { categories.append(.string(GoogleReaderIDs.label(tag))) }
        var item: [String: JSONValue] = [
            "id": .string(GoogleReaderIDs.longItemID(entry.id)),
            "crawlTimeMsec": .string(String(Int64(entry.firstSeenAt.timeIntervalSince1970 * 1000))),
            "timestampUsec": .string(String(Int64(entry.date.timeIntervalSince1970 * 1_000_000))),
            "published": .int64(Int64(entry.date.timeIntervalSince1970)),
            "updated": .int64(Int64(entry.date.timeIntervalSince1970)),
            "title": .string(entry.title),
            "categories": .array(categories),
            "origin": .object([
                "streamId": .string("feed/\(entry.feedID.rawValue)"),
                "title": .string(feed?.displayTitle ?? ""),
                "htmlUrl": .string(feed?.siteURL ?? feed?.url ?? ""),
            ]),
            "summary": .object(["direction": .string("ltr"), "content": .string(entry.html)]),
            "author": .string(entry.author ?? ""),
        ]
        // Always there, empty for an article with no link, as FreshRSS sends them: Fluent Reader
        // reads `canonical[0].href` unchecked, and one item without it failed its whole sync.
        let url = entry.url ?? ""
        item["canonical"] = .array([.object(["href": .string(url)])])
        item["alternate"] = .array([.object(["href": .string(url), "type": .string("text/html")])])
        if !entry.enclosures.isEmpty {
            item["enclosure"] = .array(entry.enclosures.map { enclosure in
                .object(["href": .string(enclosure.url), "type": .string(enclosure.type ?? ""),
                         "length": .string(enclosure.length.map(String.init) ?? "")])
            })
        }
        return .object(item)
    }

    /// A subscription as `subscription/list` gives it.
    static func subscription(_ feed: Feed) -> JSONValue {
        .object([
            "id": .string("feed/\(feed.id.rawValue)"),
            "title": .string(feed.displayTitle),
            "categories": .array(feed.tags.map { .object(["id": .string(GoogleReaderIDs.label($0)), "label": .string($0)]) }),
            "url": .string(feed.url),
            "htmlUrl": .string(feed.siteURL ?? ""),
            "iconUrl": .string(""),
            "firstitemmsec": .string(String(Int64(feed.addedAt.timeIntervalSince1970 * 1000))),
        ])
    }
}
