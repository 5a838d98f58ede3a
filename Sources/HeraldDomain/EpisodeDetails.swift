/// A podcast episode's own data, from the iTunes tags and the Podcasting 2.0 namespace
/// (`https://podcastindex.org/namespace/1.0`): what podcast apps show beside the enclosure.
public struct EpisodeDetails: Sendable, Hashable, Codable {
    /// The length in seconds (`itunes:duration`, as `1:02:03`, `62:03` or `3723`).
    public var duration: Int?
    /// The episode number (`itunes:episode`, `podcast:episode`).
    public var episode: Int?
    /// The season number (`itunes:season`, `podcast:season`).
    public var season: Int?
    /// `full`, `trailer` or `bonus` (`itunes:episodeType`).
    public var episodeType: String?
    /// Whether the episode is marked explicit (`itunes:explicit`); `nil` when the feed does not say.
    public var isExplicit: Bool?
    /// The episode's own artwork (`itunes:image`).
    public var image: String?
    /// Chapter files (`podcast:chapters`).
    public var chapters: [PodcastLink]
    /// Transcripts (`podcast:transcript`), with their type and language.
    public var transcripts: [PodcastLink]
    /// Where listeners can support the show (`podcast:funding`), with the feed's words.
    public var funding: [PodcastLink]
    /// The people in the episode (`podcast:person`).
    public var persons: [PodcastPerson]

    /// Creates details.
    public init(duration: Int? = nil, episode: Int? = nil, season: Int? = nil, episodeType: String? = nil,
                isExplicit: Bool? = nil, image: String? = nil, chapters: [PodcastLink] = [],
                transcripts: [PodcastLink] = [], funding: [PodcastLink] = [], persons: [PodcastPerson] = []) {
        self.duration = duration
        self.episode = episode
        self.season = season
        self.episodeType = episodeType
        self.isExplicit = isExplicit
        self.image = image
        self.chapters = chapters
        self.transcripts = transcripts
        self.funding = funding
        self.persons = persons
    }

    /// Whether nothing was given.
    public var isEmpty: Bool { self == EpisodeDetails() }

    private enum CodingKeys: String, CodingKey {
        case duration, episode, season, episodeType, image, chapters, transcripts, funding, persons
        case isExplicit = "explicit"
    }

    /// Decodes details, a missing list being an empty one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        duration = try container.decodeIfPresent(Int.self, forKey: .duration)
        episode = try container.decodeIfPresent(Int.self, forKey: .episode)
        season = try container.decodeIfPresent(Int.self, forKey: .season)
        episodeType = try container.decodeIfPresent(String.self, forKey: .episodeType)
        isExplicit = try container.decodeIfPresent(Bool.self, forKey: .isExplicit)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        chapters = try container.decodeIfPresent([PodcastLink].self, forKey: .chapters) ?? []
        transcripts = try container.decodeIfPresent([PodcastLink].self, forKey: .transcripts) ?? []
        funding = try container.decodeIfPresent([PodcastLink].self, forKey: .funding) ?? []
        persons = try container.decodeIfPresent([PodcastPerson].self, forKey: .persons) ?? []
    }
}

/// A link of a podcast episode: a chapters file, a transcript, a funding page.
public struct PodcastLink: Sendable, Hashable, Codable {
    /// The absolute URL.
    public var url: String
    /// The media type, when given.
    public var type: String?
    /// The language (transcripts).
    public var language: String?
    /// The feed's words for it (funding).
    public var title: String?

    /// Creates a link.
    public init(url: String, type: String? = nil, language: String? = nil, title: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
        self.title = title
    }
}

/// A person of a podcast episode (`podcast:person`).
public struct PodcastPerson: Sendable, Hashable, Codable {
    /// The name.
    public var name: String
    /// The role (`host`, `guest`…); the namespace's default is `host`.
    public var role: String?
    /// A page about them.
    public var url: String?
    /// Their picture.
    public var image: String?

    /// Creates a person.
    public init(name: String, role: String? = nil, url: String? = nil, image: String? = nil) {
        self.name = name
        self.role = role
        self.url = url
        self.image = image
    }
}
