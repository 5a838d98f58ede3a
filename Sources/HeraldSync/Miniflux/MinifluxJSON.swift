import Foundation
import Herald

/// The JSON shapes of Miniflux's API (miniflux/v2 `internal/model`), as its clients read them:
/// every key present (newsboat 2.21 aborts on a missing one), times as RFC 3339 in UTC without
/// fractions (newsboat misreads an offset after a fraction).
enum MinifluxJSON {
    /// A category: one of Herald's tags, or "All" for untagged feeds.
    struct CategoryObject: Encodable {
        let id: Int64
        let title: String
        let user_id: Int64
        let hide_globally: Bool
        /// With `?counts=true`: the feeds whose category it is, and their unread articles.
        var feed_count: Int? = nil
        var total_unread: Int? = nil
    }

    /// `PUT /v1/categories/ID`'s body.
    struct CategoryModification: Decodable {
        /// Absent when only Miniflux's own settings change (`hide_globally`), which Herald ignores.
        let title: String?
    }

    /// A feed.
    struct FeedObject: Encodable {
        let id: Int64
        let user_id: Int64
        let feed_url: String
        let site_url: String
        let title: String
        let checked_at: String
        let next_check_at: String
        let etag_header: String
        let last_modified_header: String
        let parsing_error_message: String
        let parsing_error_count: Int
        let scraper_rules: String
        let rewrite_rules: String
        let blocklist_rules: String
        let keeplist_rules: String
        let crawler: Bool
        let user_agent: String
        let username: String
        let password: String
        let disabled: Bool
        let ignore_http_cache: Bool
        let fetch_via_proxy: Bool
        let hide_globally: Bool
        let category: CategoryObject
        let icon: IconObject?
    }

    /// A feed's icon reference (null when refreshes found none); the icon's id is the feed's.
    struct IconObject: Encodable {
        let feed_id: Int64
        let icon_id: Int64
    }

    /// An icon (`GET /v1/feeds/ID/icon`, `GET /v1/icons/ID`): `data` is `image/png;base64,…`.
    struct IconDataObject: Encodable {
        let id: Int64
        let data: String
        let mime_type: String
    }

    /// An icon's JSON.
    static func icon(_ icon: FeedIcon) -> IconDataObject {
        IconDataObject(id: icon.feedID.rawValue, data: icon.base64Payload, mime_type: icon.mimeType)
    }

    /// An enclosure.
    struct EnclosureObject: Encodable {
        let id: Int64
        let user_id: Int64
        let entry_id: Int64
        let url: String
        let mime_type: String
        let size: Int64
        let media_progression: Int
    }

    /// An entry.
    struct EntryObject: Encodable {
        let id: Int64
        let user_id: Int64
        let feed_id: Int64
        let status: String
        let hash: String
        let title: String
        let url: String
        let comments_url: String
        let published_at: String
        let created_at: String
        let changed_at: String
        let content: String
        let author: String
        let share_code: String
        let starred: Bool
        let reading_time: Int
        let enclosures: [EnclosureObject]
        let feed: FeedObject
        let tags: [String]
    }

    /// A page of entries.
    struct EntryListObject: Encodable {
        let total: Int
        let entries: [EntryObject]
    }

    /// The signed-in user.
    struct UserObject: Encodable {
        let id: Int64
        let username: String
        let is_admin: Bool
        let theme: String
        let language: String
        let timezone: String
        let entry_sorting_direction: String
        let entries_per_page: Int
    }

    /// `PUT /v1/entries`: a status for many entries.
    struct EntriesUpdateBody: Decodable {
        let entry_ids: [Int64]
        let status: String?
        let starred: Bool?
    }

    /// `GET /v1/entries/ids`.
    struct EntryIDsObject: Encodable {
        let total: Int
        let entry_ids: [Int64]
    }

    /// `POST /v1/discover`: the page or feed to look at (Miniflux's fetch options are not read).
    struct DiscoveryRequest: Decodable {
        let url: String
    }

    /// One feed `POST /v1/discover` found.
    struct Subscription: Encodable {
        let url: String
        let title: String
        let type: String
    }

    /// A discovered feed as Miniflux lists it: its title (else its URL) and `rss`, `atom`, `rdf`
    /// or `json`, from the format read or the media type the page advertised.
    static func subscription(_ feed: DiscoveredFeed) -> Subscription {
        let type = (feed.type ?? "").lowercased()
        let kind = if FeedFormat(rawValue: type) != nil { type }
            else if type.contains("atom") { "atom" }
            else if type.contains("json") { "json" }
            else if type.contains("rdf") { "rdf" }
            else { "rss" }
        let title = feed.title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return Subscription(url: feed.url, title: title.isEmpty ? feed.url : title, type: kind)
    }

    /// `POST /v1/feeds`.
    struct FeedCreation: Decodable {
        let feed_url: String
        let category_id: Int64?
    }

    /// `PUT /v1/feeds/ID`: what Herald applies of it.
    struct FeedModification: Decodable {
        let title: String?
        let category_id: Int64?
    }

    /// An error.
    struct FailureObject: Encodable {
        let error_message: String
    }

    /// The one user id Herald reports (an engine serves one person).
    static let userID: Int64 = 1

    /// `2026-11-25T10:00:00Z`.
    static func time(_ date: Date?) -> String {
        guard let date else { return "0001-01-01T00:00:00Z" }
        return date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)
            .timeSeparator(.colon).dateTimeSeparator(.standard).timeZone(separator: .omitted))
    }

    /// The category of a feed: its first tag, or "All".
    static func category(of feed: Feed) -> CategoryObject {
        guard let tag = feed.tags.first else {
            return CategoryObject(id: CategoryIDs.untagged, title: CategoryIDs.untaggedTitle, user_id: userID, hide_globally: false)
        }
        return CategoryObject(id: CategoryIDs.id(of: tag), title: tag, user_id: userID, hide_globally: false)
    }

    /// A feed's JSON; `withIcons` holds the feeds that have an icon.
    static func feed(_ feed: Feed, withIcons: Set<FeedID> = []) -> FeedObject {
        let state = feed.fetchState
        return FeedObject(id: feed.id.rawValue, user_id: userID, feed_url: feed.url, site_url: feed.siteURL ?? "",
                    title: feed.displayTitle, checked_at: time(state.lastAttemptAt), next_check_at: time(state.nextDueAt),
                    etag_header: state.etag ?? "", last_modified_header: state.lastModified ?? "",
                    parsing_error_message: state.lastError?.message ?? "", parsing_error_count: state.errorCount,
                    scraper_rules: "", rewrite_rules: "", blocklist_rules: "", keeplist_rules: "", crawler: false,
                    user_agent: "", username: "", password: "", disabled: false, ignore_http_cache: false,
                    fetch_via_proxy: false, hide_globally: feed.isHidden, category: category(of: feed),
                    icon: withIcons.contains(feed.id) ? IconObject(feed_id: feed.id.rawValue, icon_id: feed.id.rawValue) : nil)
    }

    /// An entry's JSON, with its feed's.
    static func entry(_ entry: SyncEntry, feed: FeedObject) -> EntryObject {
        let words = entry.html.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        return EntryObject(id: entry.id.rawValue, user_id: userID, feed_id: entry.feedID.rawValue,
                     status: entry.isRead ? "read" : "unread", hash: hash(entry.identity), title: entry.title,
                     url: entry.url ?? "", comments_url: entry.commentsURL ?? "", published_at: time(entry.date),
                     created_at: time(entry.firstSeenAt), changed_at: time(entry.firstSeenAt), content: entry.html,
                     author: entry.author ?? "", share_code: "", starred: entry.isStarred,
                     reading_time: max(1, words / 265),
                     enclosures: entry.enclosures.enumerated().map { index, enclosure in
                         EnclosureObject(id: entry.id.rawValue * 100 + Int64(index), user_id: userID, entry_id: entry.id.rawValue,
                                   url: enclosure.url, mime_type: enclosure.type ?? "", size: enclosure.length ?? 0,
                                   media_progression: 0)
                     },
                     feed: feed, tags: [])
    }

    /// A stable hex digest of an article's identity (FNV-1a, 64 bits).
    static func hash(_ text: String) -> String {
        String(CategoryIDs.fnv1a(text), radix: 16)
    }
}
