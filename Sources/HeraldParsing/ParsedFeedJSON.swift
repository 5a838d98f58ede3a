import Foundation
import HeraldDomain

/// The JSON document of `herald parse --json`: stable, documented in `Docs/json-schema.md`.
/// Keys are sorted, output is pretty-printed, dates are RFC 3339 UTC strings, absent
/// optional values are left out and lists are always present (possibly empty).
public enum ParsedFeedJSON {
    /// The schema version written as `schemaVersion`; raised only for incompatible changes.
    public static let schemaVersion = 1

    /// Encodes a parsed feed as the documented JSON document (UTF-8).
    public static func encode(_ feed: ParsedFeed) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value is a plain string, number, bool or nested struct: encoding cannot fail.
        return (try? encoder.encode(Document(feed))) ?? Data("{}".utf8)
    }

    private struct Document: Encodable {
        var schemaVersion = ParsedFeedJSON.schemaVersion
        var format: String
        var version: String
        var encoding: String
        var recovered: Bool
        var warnings: [String]
        var feed: FeedObject
        var items: [ItemObject]

        init(_ feed: ParsedFeed) {
            format = feed.format.rawValue
            version = feed.version
            encoding = feed.encoding
            recovered = feed.recovered
            warnings = feed.warnings
            self.feed = FeedObject(feed)
            items = feed.items.map(ItemObject.init)
        }
    }

    private struct FeedObject: Encodable {
        var id: String?
        var title: TextConstruct?
        var plainTitle: String?
        var subtitle: TextConstruct?
        var rights: TextConstruct?
        var links: [Link]
        var language: String?
        var updated: String?
        var published: String?
        var authors: [Person]
        var contributors: [Person]
        var categories: [Category]
        var generator: Generator?
        var image: FeedImage?
        var icon: String?
        var logo: String?
        var ttl: Int?
        var updateInterval: Double?

        init(_ feed: ParsedFeed) {
            id = feed.id
            title = feed.title
            plainTitle = feed.plainTitle
            subtitle = feed.subtitle
            rights = feed.rights
            links = feed.links
            language = feed.language
            updated = feed.updated.map(FeedDates.rfc3339)
            published = feed.published.map(FeedDates.rfc3339)
            authors = feed.authors
            contributors = feed.contributors
            categories = feed.categories
            generator = feed.generator
            image = feed.image
            icon = feed.icon
            logo = feed.logo
            ttl = feed.updateHint?.ttlMinutes
            updateInterval = feed.updateHint?.syndicationInterval
        }
    }

    private struct ItemObject: Encodable {
        var identity: String
        var id: String?
        var title: TextConstruct?
        var plainTitle: String?
        var links: [Link]
        var authors: [Person]
        var contributors: [Person]
        var published: String?
        var updated: String?
        var summary: TextConstruct?
        var content: TextConstruct?
        var enclosures: [Enclosure]
        var thumbnails: [Thumbnail]
        var categories: [Category]
        var comments: String?
        var commentsFeed: String?
        var commentCount: Int?
        var source: ItemSource?
        var language: String?

        init(_ item: ParsedItem) {
            identity = item.identity
            id = item.id
            title = item.title
            plainTitle = item.plainTitle
            links = item.links
            authors = item.authors
            contributors = item.contributors
            published = item.published.map(FeedDates.rfc3339)
            updated = item.updated.map(FeedDates.rfc3339)
            summary = item.summary
            content = item.content
            enclosures = item.enclosures
            thumbnails = item.thumbnails
            categories = item.categories
            comments = item.comments
            commentsFeed = item.commentsFeed
            commentCount = item.commentCount
            source = item.source
            language = item.language
        }
    }
}
