/// A person named by a feed: an author or contributor.
public struct Person: Sendable, Hashable, Codable {
    /// The display name.
    public var name: String?
    /// The e-mail address.
    public var email: String?
    /// A home page or profile URL.
    public var uri: String?

    /// Creates a person; every part is optional because feeds give any subset.
    public init(name: String? = nil, email: String? = nil, uri: String? = nil) {
        self.name = name
        self.email = email
        self.uri = uri
    }

    /// The best single line for display: the name, else the e-mail, else the URI.
    public var displayName: String? { name ?? email ?? uri }
}

/// A link with its relation, as Atom describes it (RSS links become `alternate`).
public struct Link: Sendable, Hashable, Codable {
    /// The absolute URL (relative references already resolved).
    public var href: String
    /// The relation: `alternate`, `self`, `enclosure`, `related`, `via`, `replies`, `hub`…
    public var rel: String?
    /// The media type.
    public var type: String?
    /// A human-readable title.
    public var title: String?
    /// The language of the resource.
    public var hreflang: String?
    /// The advertised length in bytes.
    public var length: Int64?

    /// Creates a link.
    public init(href: String, rel: String? = nil, type: String? = nil, title: String? = nil,
                hreflang: String? = nil, length: Int64? = nil) {
        self.href = href
        self.rel = rel
        self.type = type
        self.title = title
        self.hreflang = hreflang
        self.length = length
    }
}

/// A media file attached to an item (RSS enclosure, Atom `rel="enclosure"`, media:content).
public struct Enclosure: Sendable, Hashable, Codable {
    /// The absolute URL of the media.
    public var url: String
    /// The media type, if given.
    public var type: String?
    /// The length in bytes; absent when the feed gave none or a non-numeric one.
    public var length: Int64?

    /// Creates an enclosure.
    public init(url: String, type: String? = nil, length: Int64? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// A category or tag as a feed gives it.
public struct Category: Sendable, Hashable, Codable {
    /// The term (RSS category text, Atom `term`).
    public var term: String
    /// The categorisation scheme or RSS `domain`.
    public var scheme: String?
    /// A human-readable label.
    public var label: String?

    /// Creates a category.
    public init(term: String, scheme: String? = nil, label: String? = nil) {
        self.term = term
        self.scheme = scheme
        self.label = label
    }
}

/// The software that produced a feed.
public struct Generator: Sendable, Hashable, Codable {
    /// The generator's name.
    public var name: String?
    /// Its home page.
    public var uri: String?
    /// Its version.
    public var version: String?

    /// Creates a generator description.
    public init(name: String? = nil, uri: String? = nil, version: String? = nil) {
        self.name = name
        self.uri = uri
        self.version = version
    }
}

/// A feed's image (RSS `<image>`, JSON Feed icon).
public struct FeedImage: Sendable, Hashable, Codable {
    /// The image URL.
    public var url: String
    /// Its title (alt text).
    public var title: String?
    /// The page it links to.
    public var link: String?
    /// Width in pixels.
    public var width: Int?
    /// Height in pixels.
    public var height: Int?

    /// Creates a feed image.
    public init(url: String, title: String? = nil, link: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.title = title
        self.link = link
        self.width = width
        self.height = height
    }
}

/// A thumbnail picture of an item (media:thumbnail, JSON Feed `image`).
public struct Thumbnail: Sendable, Hashable, Codable {
    /// The image URL.
    public var url: String
    /// Width in pixels.
    public var width: Int?
    /// Height in pixels.
    public var height: Int?

    /// Creates a thumbnail.
    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// The feed an item was copied from (RSS `<source>`, Atom `<source>`).
public struct ItemSource: Sendable, Hashable, Codable {
    /// The source feed's title.
    public var title: String?
    /// The source feed's URL.
    public var url: String?
    /// The source feed's id.
    public var id: String?

    /// Creates a source description.
    public init(title: String? = nil, url: String? = nil, id: String? = nil) {
        self.title = title
        self.url = url
        self.id = id
    }
}

/// How often a feed says it changes (RSS `ttl`, `sy:updatePeriod`/`sy:updateFrequency`).
public struct UpdateHint: Sendable, Hashable, Codable {
    /// RSS `ttl`, in minutes.
    public var ttlMinutes: Int?
    /// `sy:updatePeriod` converted to seconds, divided by `sy:updateFrequency`.
    public var syndicationInterval: Double?

    /// Creates an update hint.
    public init(ttlMinutes: Int? = nil, syndicationInterval: Double? = nil) {
        self.ttlMinutes = ttlMinutes
        self.syndicationInterval = syndicationInterval
    }

    /// The shortest interval the feed asks for, in seconds, if it asks for any.
    public var suggestedInterval: Double? {
        let ttl = ttlMinutes.map { Double($0) * 60 }
        switch (ttl, syndicationInterval) {
        case let (a?, b?): return max(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}
