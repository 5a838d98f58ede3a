/// The namespaces the feed reader understands, identified by URI (never by prefix).
enum Namespace: UInt8 {
    case none, rss10, rss090, rdf, atom10, atom03, content, dc, dcterms, media, itunes, slash, wfw, sy, xhtml, xml, other
    /// Podcasting 2.0 (`podcast:`).
    case podcast
    /// A near miss of an Atom namespace: another case, a trailing slash, `https`, an Atom draft.
    case atomNearMiss

    static func of(uri: String) -> Namespace {
        switch uri {
        case "": .none
        case "http://purl.org/rss/1.0/": .rss10
        case "http://my.netscape.com/rdf/simple/0.9/": .rss090
        case "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss": .none
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": .rdf
        case "http://www.w3.org/2005/Atom": .atom10
        case "http://purl.org/atom/ns#": .atom03
        case "http://purl.org/rss/1.0/modules/content/": .content
        case "http://purl.org/dc/elements/1.1/": .dc
        case "http://purl.org/dc/terms/": .dcterms
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": .media
        case "http://www.itunes.com/dtds/podcast-1.0.dtd", "http://www.itunes.com/DTDs/Podcast-1.0.dtd": .itunes
        case "https://podcastindex.org/namespace/1.0", "http://podcastindex.org/namespace/1.0",
             "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md": .podcast
        case "http://purl.org/rss/1.0/modules/slash/": .slash
        case "http://wellformedweb.org/CommentAPI/": .wfw
        case "http://purl.org/rss/1.0/modules/syndication/": .sy
        case "http://www.w3.org/1999/xhtml": .xhtml
        case "http://www.w3.org/XML/1998/namespace": .xml
        default: byLowercasedURI[uri.lowercased()] ?? (isAtomNearMiss(uri) ? .atomNearMiss : .other)
        }
    }

    /// The namespaces again by their URIs in lower case: feeds spell them in other cases
    /// (`http://www.itunes.com/DTDs/PodCast-1.0.dtd`, Apple's own first spelling), and feedparser
    /// matches them in any case. Atom's near misses keep their own name (they are warned about).
    private static let byLowercasedURI: [String: Namespace] = [
        "http://purl.org/rss/1.0/": .rss10, "http://my.netscape.com/rdf/simple/0.9/": .rss090,
        "http://backend.userland.com/rss2": .none, "http://blogs.law.harvard.edu/tech/rss": .none,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": .rdf, "http://purl.org/rss/1.0/modules/content/": .content,
        "http://purl.org/dc/elements/1.1/": .dc, "http://purl.org/dc/terms/": .dcterms,
        "http://search.yahoo.com/mrss/": .media, "http://search.yahoo.com/mrss": .media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": .itunes,
        "https://podcastindex.org/namespace/1.0": .podcast, "http://podcastindex.org/namespace/1.0": .podcast,
        "http://purl.org/rss/1.0/modules/slash/": .slash, "http://wellformedweb.org/commentapi/": .wfw,
        "http://purl.org/rss/1.0/modules/syndication/": .sy, "http://www.w3.org/1999/xhtml": .xhtml,
    ]

    /// `HTTP://www.w3.org/2005/atom/`, `https://www.w3.org/2005/Atom`, `http://purl.org/atom/ns#draft-…`.
    private static func isAtomNearMiss(_ uri: String) -> Bool {
        var key = uri.lowercased()
        if key.hasPrefix("https://") { key = "http://" + key.dropFirst(8) }
        while key.hasSuffix("/") || key.hasSuffix("#") { key.removeLast() }
        return key == "http://www.w3.org/2005/atom" || key == "http://purl.org/atom/ns" || key.hasPrefix("http://purl.org/atom/ns#")
    }

    /// RSS elements: no namespace, RSS 1.0 or RSS 0.90.
    var isRSS: Bool { self == .none || self == .rss10 || self == .rss090 }
    /// Atom 1.0 or 0.3 (or a near miss of either).
    var isAtom: Bool { self == .atom10 || self == .atom03 || self == .atomNearMiss }
}

/// The element and attribute local names the feed reader acts on; everything else is `.other`.
enum Name: UInt8 {
    case other
    case rss, RDF, feed, html, channel, item, entry, image, textinput, textInput
    case title, link, description, language, copyright, rights, pubDate, lastBuildDate, date, updated
    case published, issued, modified, created, guid, id, author, contributor, creator, name, email, uri, url
    case category, subject, enclosure, comments, source, generator, ttl, updatePeriod, updateFrequency
    case width, height, icon, logo, subtitle, tagline, summary, content, encoded, thumbnail, group
    case commentRss, managingEditor, webMaster, about, resource, href, rel, type, hreflang, length
    case term, scheme, label, domain, isPermaLink, version, mode, src, fileSize, medium, text, base, lang
    case owner, duration, explicit, keywords
    case episode, season, episodeType, chapters, transcript, funding, person, role, img

    /// The name of `local`: as written, else in any case (`<pubdate>`, `<Link>`, `isPermalink`,
    /// as feedparser reads them).
    static func of(local: String) -> Name {
        if let name = table[local] { return name }
        if let name = folded[local] { return name }
        guard local.utf8.contains(where: { (65...90).contains($0) }) else { return .other }
        return folded[local.lowercased()] ?? .other
    }

    /// The names by their lower-case spelling.
    private static let folded: [String: Name] = {
        var folded: [String: Name] = [:]
        for (key, name) in table where folded[key.lowercased()] == nil { folded[key.lowercased()] = name }
        return folded
    }()

    private static let table: [String: Name] = {
        let all: [Name] = [.rss, .RDF, .feed, .html, .channel, .item, .entry, .image, .textinput, .textInput,
                           .title, .link, .description, .language, .copyright, .rights, .pubDate, .lastBuildDate,
                           .date, .updated, .published, .issued, .modified, .created, .guid, .id, .author,
                           .contributor, .creator, .name, .email, .uri, .url, .category, .subject, .enclosure,
                           .comments, .source, .generator, .ttl, .updatePeriod, .updateFrequency, .width, .height,
                           .icon, .logo, .subtitle, .tagline, .summary, .content, .encoded, .thumbnail, .group,
                           .commentRss, .managingEditor, .webMaster, .about, .resource, .href, .rel, .type,
                           .hreflang, .length, .term, .scheme, .label, .domain, .isPermaLink, .version, .mode,
                           .src, .fileSize, .medium, .text, .base, .lang, .owner, .duration, .explicit, .keywords,
                           .episode, .season, .episodeType, .chapters, .transcript, .funding, .person, .role, .img]
        var table: [String: Name] = [:]
        for name in all { table["\(name)"] = name }
        table["HTML"] = .html
        return table
    }()
}
