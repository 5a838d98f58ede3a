import Foundation
import HeraldDomain

/// The JSON document as Foundation's `JSONEncoder` wrote it before the streaming writer (the
/// `Encodable` mirror of Docs/json-schema.md): the oracle the hand-written writer must match byte
/// for byte.
enum ReferenceFeedJSON {
    /// Encodes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, as the CLI did.
    static func encode(_ feed: ParsedFeed) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The writer also escapes the C1 controls, which JSONEncoder leaves raw: the same escape here.
        let text = String(decoding: try encoder.encode(Document(feed)), as: UTF8.self)
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x80...0x9F).contains(scalar.value) {
                escaped.append(contentsOf: ("\\u00" + String(scalar.value, radix: 16)).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return Data(String(escaped).utf8)
    }

    /// The top-level object.
    private struct Document: Encodable {
        var schemaVersion = 1
        var format: String, version: String, encoding: String, recovered: Bool, warnings: [String]
        var feed: FeedObject, items: [ItemObject]

        init(_ feed: ParsedFeed) {
            format = feed.format.rawValue; version = feed.version; encoding = feed.encoding
            recovered = feed.recovered; warnings = feed.warnings
            self.feed = FeedObject(feed); items = feed.items.map(ItemObject.init)
        }
    }

    /// The `feed` object.
    private struct FeedObject: Encodable {
        var id: String?, title: TextConstruct?, plainTitle: String?, subtitle: TextConstruct?, rights: TextConstruct?
        var links: [Link], language: String?, updated: String?, published: String?
        var authors: [Person], contributors: [Person], categories: [Category], generator: Generator?
        var image: FeedImage?, icon: String?, logo: String?, ttl: Int?, updateInterval: Double?

        init(_ feed: ParsedFeed) {
            id = feed.id; title = feed.title; plainTitle = feed.plainTitle; subtitle = feed.subtitle
            rights = feed.rights; links = feed.links; language = feed.language
            updated = feed.updated.map(ReferenceFeedJSON.rfc3339); published = feed.published.map(ReferenceFeedJSON.rfc3339)
            authors = feed.authors; contributors = feed.contributors; categories = feed.categories
            generator = feed.generator; image = feed.image; icon = feed.icon; logo = feed.logo
            ttl = feed.updateHint?.ttlMinutes; updateInterval = feed.updateHint?.syndicationInterval
        }
    }

    /// An element of `items`.
    private struct ItemObject: Encodable {
        var identity: String, id: String?, title: TextConstruct?, plainTitle: String?, links: [Link]
        var authors: [Person], contributors: [Person], published: String?, updated: String?
        var summary: TextConstruct?, content: TextConstruct?, enclosures: [Enclosure], thumbnails: [Thumbnail]
        var categories: [Category], comments: String?, commentsFeed: String?, commentCount: Int?
        var source: ItemSource?, language: String?, episode: EpisodeObject?

        init(_ item: ParsedItem) {
            episode = item.episode.map(EpisodeObject.init)
            identity = item.identity; id = item.id; title = item.title; plainTitle = item.plainTitle
            links = item.links; authors = item.authors; contributors = item.contributors
            published = item.published.map(ReferenceFeedJSON.rfc3339); updated = item.updated.map(ReferenceFeedJSON.rfc3339)
            summary = item.summary; content = item.content; enclosures = item.enclosures
            thumbnails = item.thumbnails; categories = item.categories; comments = item.comments
            commentsFeed = item.commentsFeed; commentCount = item.commentCount; source = item.source
            language = item.language
        }
    }

    /// An item's `episode`: empty lists left out, `explicit` for ``EpisodeDetails/isExplicit``.
    private struct EpisodeObject: Encodable {
        var duration: Int?, episode: Int?, season: Int?, episodeType: String?, explicit: Bool?, image: String?
        var chapters: [PodcastLink]?, transcripts: [PodcastLink]?, funding: [PodcastLink]?, persons: [PodcastPerson]?

        init(_ details: EpisodeDetails) {
            duration = details.duration; episode = details.episode; season = details.season
            episodeType = details.episodeType; explicit = details.isExplicit; image = details.image
            chapters = details.chapters.isEmpty ? nil : details.chapters
            transcripts = details.transcripts.isEmpty ? nil : details.transcripts
            funding = details.funding.isEmpty ? nil : details.funding
            persons = details.persons.isEmpty ? nil : details.persons
        }
    }

    /// RFC 3339 in UTC with whole seconds, through Foundation (independent of the parser's formatter).
    static func rfc3339(_ date: Date) -> String {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        return whole.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
