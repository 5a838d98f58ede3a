import HeraldDomain

/// An item's `episode` object in `herald parse --json`; keys in UTF-8 order, empty lists left out.
enum EpisodeJSON {
    /// `{ chapters?, duration?, episode?, episodeType?, explicit?, funding?, image?, persons?, season?, transcripts? }`.
    static func write(_ episode: EpisodeDetails, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if !episode.chapters.isEmpty { writer.key("chapters"); writeLinks(episode.chapters, into: &writer) }
        if let duration = episode.duration { writer.key("duration"); writer.integer(duration) }
        if let number = episode.episode { writer.key("episode"); writer.integer(number) }
        if let type = episode.episodeType { writer.key("episodeType"); writer.string(type) }
        if let explicit = episode.isExplicit { writer.key("explicit"); writer.bool(explicit) }
        if !episode.funding.isEmpty { writer.key("funding"); writeLinks(episode.funding, into: &writer) }
        if let image = episode.image { writer.key("image"); writer.string(image) }
        if !episode.persons.isEmpty {
            writer.key("persons")
            writer.openArray()
            for person in episode.persons {
                writer.element()
                writer.openObject()
                if let image = person.image { writer.key("image"); writer.string(image) }
                writer.key("name"); writer.string(person.name)
                if let role = person.role { writer.key("role"); writer.string(role) }
                if let url = person.url { writer.key("url"); writer.string(url) }
                writer.closeObject()
            }
            writer.closeArray()
        }
        if let season = episode.season { writer.key("season"); writer.integer(season) }
        if !episode.transcripts.isEmpty { writer.key("transcripts"); writeLinks(episode.transcripts, into: &writer) }
        writer.closeObject()
    }

    /// `[{ language?, title?, type?, url }]`.
    private static func writeLinks(_ links: [PodcastLink], into writer: inout JSONStreamWriter) {
        writer.openArray()
        for link in links {
            writer.element()
            writer.openObject()
            if let language = link.language { writer.key("language"); writer.string(language) }
            if let title = link.title { writer.key("title"); writer.string(title) }
            if let type = link.type { writer.key("type"); writer.string(type) }
            writer.key("url"); writer.string(link.url)
            writer.closeObject()
        }
        writer.closeArray()
    }
}
