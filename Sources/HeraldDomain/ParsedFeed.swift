#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything the parser learned from one feed document: immutable, format-neutral data.
public struct ParsedFeed: Sendable, Hashable {
    /// The detected format.
    public var format: FeedFormat
    /// The format's version as the document declares or implies it:
    /// `0.90`, `0.91-netscape`, `0.91-userland`, `0.92`…`2.0`, `1.0` (RDF), `0.3`/`1.0` (Atom), `1.0`/`1.1` (JSON).
    public var version: String
    /// The character encoding actually used to decode the bytes (e.g. `UTF-8`, `windows-1251`).
    public var encoding: String
    /// True when the document was not well-formed and the parser recovered what it could.
    public var recovered: Bool
    /// What the parser noticed and worked around, in reading order.
    public var warnings: [String]

    /// The feed's own id (Atom `id`, JSON `feed_url`), if any.
    public var id: String?
    /// The title with its type and language.
    public var title: TextConstruct?
    /// The title as plain text: entities decoded, HTML removed, whitespace normalised, control characters removed.
    public var plainTitle: String?
    /// The subtitle or RSS channel description.
    public var subtitle: TextConstruct?
    /// The rights or copyright statement.
    public var rights: TextConstruct?
    /// Every link, absolute, with its relation (the site link is `alternate`).
    public var links: [Link]
    /// The feed's language (RSS `language`, `xml:lang` on the root, `dc:language`).
    public var language: String?
    /// When the feed says it last changed.
    public var updated: Date?
    /// When the feed says it was published (RSS `pubDate`).
    public var published: Date?
    /// The feed's authors.
    public var authors: [Person]
    /// The feed's contributors.
    public var contributors: [Person]
    /// The feed's categories.
    public var categories: [Category]
    /// The software that produced the feed.
    public var generator: Generator?
    /// The feed image (RSS `<image>`).
    public var image: FeedImage?
    /// A small square icon (Atom `icon`, JSON `favicon`).
    public var icon: String?
    /// A larger logo (Atom `logo`, JSON `icon`).
    public var logo: String?
    /// How often the feed asks to be polled.
    public var updateHint: UpdateHint?
    /// The items, in document order.
    public var items: [ParsedItem]

    /// Creates a parsed feed; the parser fills it in as it reads.
    public init(format: FeedFormat, version: String, encoding: String = "UTF-8", recovered: Bool = false,
                warnings: [String] = [], id: String? = nil, title: TextConstruct? = nil, plainTitle: String? = nil,
                subtitle: TextConstruct? = nil, rights: TextConstruct? = nil, links: [Link] = [],
                language: String? = nil, updated: Date? = nil, published: Date? = nil, authors: [Person] = [],
                contributors: [Person] = [], categories: [Category] = [], generator: Generator? = nil,
                image: FeedImage? = nil, icon: String? = nil, logo: String? = nil, updateHint: UpdateHint? = nil,
                items: [ParsedItem] = []) {
        self.format = format
        self.version = version
        self.encoding = encoding
        self.recovered = recovered
        self.warnings = warnings
        self.id = id
        self.title = title
        self.plainTitle = plainTitle
        self.subtitle = subtitle
        self.rights = rights
        self.links = links
        self.language = language
        self.updated = updated
        self.published = published
        self.authors = authors
        self.contributors = contributors
        self.categories = categories
        self.generator = generator
        self.image = image
        self.icon = icon
        self.logo = logo
        self.updateHint = updateHint
        self.items = items
    }

    /// The site's home page: the first `alternate` link (or link without a relation).
    public var siteURL: String? {
        links.first { $0.rel == nil || $0.rel == "alternate" }?.href
    }

    /// The URL the feed says it lives at (`rel="self"`).
    public var selfURL: String? {
        links.first { $0.rel == "self" }?.href
    }
}

/// One entry of a feed: an RSS item, an Atom entry, a JSON Feed item.
public struct ParsedItem: Sendable, Hashable {
    /// The stable identity used to recognise the item on later fetches:
    /// the guid/id; else the link; else a hash of title and date. Never empty.
    public var identity: String
    /// The raw guid/id as the feed gave it, if it gave one.
    public var id: String?
    /// The title with its type and language.
    public var title: TextConstruct?
    /// The title as plain text, safe to print on a terminal.
    public var plainTitle: String?
    /// Every link, absolute, with its relation (the permalink is `alternate`).
    public var links: [Link]
    /// The authors (RSS `author`, `dc:creator`, Atom `author`, JSON `authors`).
    public var authors: [Person]
    /// The contributors.
    public var contributors: [Person]
    /// When the item was first published (RSS `pubDate`, Atom `published`, `dc:date`).
    public var published: Date?
    /// When the item was last changed (Atom `updated`, `dcterms:modified`). Never copied from `published`.
    public var updated: Date?
    /// The summary (RSS `description`, Atom `summary`, JSON `summary`).
    public var summary: TextConstruct?
    /// The full content (`content:encoded`, Atom `content`, JSON `content_html`/`content_text`).
    public var content: TextConstruct?
    /// Attached media.
    public var enclosures: [Enclosure]
    /// Thumbnails (media:thumbnail, JSON `image`).
    public var thumbnails: [Thumbnail]
    /// Categories and tags.
    public var categories: [Category]
    /// The URL of the comments page.
    public var comments: String?
    /// The URL of the comments feed (`wfw:commentRss`).
    public var commentsFeed: String?
    /// The number of comments (`slash:comments`).
    public var commentCount: Int?
    /// The feed the item was copied from.
    public var source: ItemSource?
    /// The in-scope language of the item.
    public var language: String?
    /// The podcast episode's data (iTunes and Podcasting 2.0 tags), when the item has any.
    public var episode: EpisodeDetails?

    /// Creates a parsed item.
    public init(identity: String, id: String? = nil, title: TextConstruct? = nil, plainTitle: String? = nil,
                links: [Link] = [], authors: [Person] = [], contributors: [Person] = [], published: Date? = nil,
                updated: Date? = nil, summary: TextConstruct? = nil, content: TextConstruct? = nil,
                enclosures: [Enclosure] = [], thumbnails: [Thumbnail] = [], categories: [Category] = [],
                comments: String? = nil, commentsFeed: String? = nil, commentCount: Int? = nil,
                source: ItemSource? = nil, language: String? = nil, episode: EpisodeDetails? = nil) {
        self.episode = episode
        self.identity = identity
        self.id = id
        self.title = title
        self.plainTitle = plainTitle
        self.links = links
        self.authors = authors
        self.contributors = contributors
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.enclosures = enclosures
        self.thumbnails = thumbnails
        self.categories = categories
        self.comments = comments
        self.commentsFeed = commentsFeed
        self.commentCount = commentCount
        self.source = source
        self.language = language
    }

    /// The item's permalink: the first `alternate` link (or link without a relation).
    public var url: String? {
        links.first { $0.rel == nil || $0.rel == "alternate" }?.href
    }
}
