import Foundation
import CLibXML2
import HeraldDomain

extension FeedReader {
    func assignItemLeaf(_ raw: String, _ frame: Frame, inMedia: Bool) {
        // The helpers called while `draft` is borrowed never read `self.draft`.
        guard inItem else { return }
        assign(raw, frame, to: &draft)
    }

    private func assign(_ raw: String, _ frame: Frame, to item: inout ParsedItem) {
        let (ns, name) = (frame.ns, frame.name)
        switch (ns, name) {
        case (_, .title) where ns.isRSS || ns.isAtom:
            item.title = ns.isAtom ? construct(raw, leafType) : untypedConstruct(raw)
            item.plainTitle = PlainText.line(from: raw)
        case (.media, .title), (.itunes, .title):
            if item.title == nil {
                item.title = ns == .media ? construct(raw, leafType) : untypedConstruct(raw)
                item.plainTitle = PlainText.line(from: raw)
            }
        case (_, .link) where ns.isRSS:
            let value = raw.trimmingASCIIWhitespace()
            guard !value.isEmpty else { return }
            item.links.append(Link(href: resolve(value), rel: "alternate"))
        case (_, .description) where ns.isRSS: item.summary = construct(raw, .html)
        case (_, .summary) where ns.isAtom: item.summary = construct(raw, leafType)
        case (.media, .description), (.itunes, .summary), (.itunes, .subtitle):
            if item.summary == nil { item.summary = ns == .media ? construct(raw, leafType) : untypedConstruct(raw) }
        // An empty content element leaves the description or summary to be the article's text.
        case (.content, .encoded):
            if Self.hasText(raw) { item.content = construct(raw, .html) }
        case (_, .content) where ns.isAtom:
            if Self.hasText(raw) || leafType == .xhtml { item.content = construct(raw, leafType) }
        case (_, .guid) where ns.isRSS:
            let value = raw.trimmingASCIIWhitespace()
            guard !value.isEmpty else { return }
            item.id = value
            permalinkCandidate = leafAttribute?.lowercased() == "false" ? nil : value
        case (_, .id) where ns.isAtom:
            let value = raw.trimmingASCIIWhitespace()
            if !value.isEmpty { item.id = value }
        case (_, .pubDate) where ns.isRSS, (_, .published) where ns.isAtom, (_, .issued) where ns.isAtom:
            item.published = date(raw, name, inItem: true) ?? item.published
        case (.dc, .date), (.dcterms, .issued), (.dcterms, .created):
            if item.published == nil { item.published = date(raw, name, inItem: true) }
        case (_, .updated) where ns.isAtom, (_, .modified) where ns.isAtom, (.dcterms, .modified):
            item.updated = date(raw, name, inItem: true) ?? item.updated
        case (_, .author) where ns.isRSS, (.dc, .creator):
            if let person = rssPerson(raw), !item.authors.contains(person) { item.authors.append(person) }
        case (.itunes, .author):
            if item.authors.isEmpty, let person = rssPerson(raw) { item.authors.append(person) }
        case (.dc, .contributor):
            if let person = rssPerson(raw) { item.contributors.append(person) }
        case (_, .category) where ns.isRSS, (.dc, .subject):
            if let category = rssCategory(raw) { item.categories.append(category) }
        case (_, .comments) where ns.isRSS:
            let value = raw.trimmingASCIIWhitespace()
            if !value.isEmpty { item.comments = resolve(value) }
        case (.wfw, .commentRss):
            let value = raw.trimmingASCIIWhitespace()
            if !value.isEmpty { item.commentsFeed = resolve(value) }
        case (.slash, .comments): item.commentCount = Int(raw.trimmingASCIIWhitespace())
        case (.itunes, .duration):
            if let seconds = EpisodeText.duration(raw) { item.episode(set: { $0.duration = seconds }) }
        case (.itunes, .episode), (.podcast, .episode):
            if let number = EpisodeText.number(raw) { item.episode(set: { $0.episode = number }) }
        case (.itunes, .season), (.podcast, .season):
            if let number = EpisodeText.number(raw) { item.episode(set: { $0.season = number }) }
        case (.itunes, .episodeType):
            let type = PlainText.line(from: raw).lowercased()
            if !type.isEmpty { item.episode(set: { $0.episodeType = type }) }
        case (.itunes, .explicit):
            if let explicit = EpisodeText.explicit(raw) { item.episode(set: { $0.isExplicit = explicit }) }
        case (.podcast, .funding):
            if let link = podcastFunding(raw) { item.episode(set: { $0.funding.append(link) }) }
        case (.podcast, .person):
            if let person = podcastPerson(raw) { item.episode(set: { $0.persons.append(person) }) }
        case (_, .source) where ns.isRSS:
            let title = PlainText.line(from: raw)
            item.source = ItemSource(title: title.isEmpty ? nil : title, url: leafAttribute.map(resolve))
        default: break
        }
    }

    /// A `podcast:funding` element: its `url` and its text; `nil` without a URL.
    func podcastFunding(_ raw: String) -> PodcastLink? {
        guard let url = podcastAttributes.url, !url.isEmpty else { return nil }
        let title = PlainText.line(from: raw)
        return PodcastLink(url: resolve(url), title: title.isEmpty ? nil : title)
    }

    /// A `podcast:person` element: its text as the name (`nil` when empty), the role (`host` by default).
    func podcastPerson(_ raw: String) -> PodcastPerson? {
        let name = PlainText.line(from: raw)
        guard !name.isEmpty else { return nil }
        let attributes = podcastAttributes
        return PodcastPerson(name: name, role: attributes.role?.lowercased() ?? "host",
                             url: attributes.url.map(resolve), image: attributes.image.map(resolve))
    }

    /// True when `raw` holds more than ASCII white space (read to its first other byte, no copy).
    static func hasText(_ raw: String) -> Bool {
        raw.utf8.contains { $0 > 0x20 }
    }

    /// Completes the item: permalink from the guid, language, identity; then stores it.
    func finishItem() {
        guard inItem else { return }
        inItem = false
        var finished = draft
        draft = ParsedItem(identity: "")
        defer { permalinkCandidate = nil }
        if finished.url == nil, let guid = permalinkCandidate, URLResolver.isAbsolute(guid),
           guid.hasPrefix("http") {
            finished.links.append(Link(href: guid, rel: "alternate"))
        }
        finished.language = currentLanguage
        finished.identity = ItemIdentity.of(finished)
        // A guid repeated by items with different links (a feed whose guids are all its home
        // page) would make them one article: the later ones are told apart by their link.
        // (Kept as hashes: a string per item in a dictionary cost 1% of a large feed's parse.)
        if let link = finished.url {
            let key = finished.identity.hashValue
            if let first = linkHashesByIdentity[key] {
                if first != link.hashValue { finished.identity += "|" + link }
            } else {
                linkHashesByIdentity[key] = link.hashValue
            }
        }
        feed.items.append(finished)
        let count = feed.items.count
        if count == Self.itemsBeforeEstimate || (count > Self.itemsBeforeEstimate && count == feed.items.capacity) {
            reserveItemsForDocument()
        }
    }

    /// Items read before the list is sized for the whole document.
    static let itemsBeforeEstimate = 32

    /// The fewest document bytes one reserved slot stands for: the list is never sized beyond
    /// one item per 32 bytes (`<item><title>x</title></item>` is 29) on a guess.
    static let bytesPerSlotAtLeast = 32

    /// Sizes the item list for the whole document from the bytes the items so far took, instead of
    /// letting it double: a 10,000-item feed would otherwise hold room for 16,000 (2 MB of empty
    /// slots), and a million-item document of 59 bytes an item grew to room for 1.8 million, its
    /// last doubling holding 918,000 items twice over (662 MB at its peak, 2.7 times the items'
    /// own 360 MB; 385 MB now). Called after the first items, and again whenever the list is full, so
    /// a wrong first guess is corrected from more of the document.
    private func reserveItemsForDocument() {
        guard documentSize > 0, let ctxt else { return }
        let consumed = Int(xmlByteConsumed(ctxt))
        guard consumed > 0, consumed < documentSize else { return }
        let count = feed.items.count
        let estimate = documentSize / consumed * count + (documentSize % consumed) * count / consumed
        let target = min(estimate + estimate / 16 + 16, documentSize / Self.bytesPerSlotAtLeast)
        if target > feed.items.capacity { feed.items.reserveCapacity(target) }
    }
}

/// The stable identity of an item: its guid/id, else its permalink, else a hash of its title and date.
enum ItemIdentity {
    static func of(_ item: ParsedItem) -> String {
        if let id = item.id, !id.isEmpty { return id }
        if let url = item.url, !url.isEmpty { return url }
        let date = (item.published ?? item.updated).map(FeedDates.rfc3339) ?? ""
        let basis = (item.plainTitle ?? "") + "\u{1F}" + date + "\u{1F}"
            + (item.title == nil && date.isEmpty ? (item.summary?.value ?? item.content?.value ?? "") : "")
        return "hash:" + fnv1a(basis)
    }

    /// 64-bit FNV-1a as 16 hex digits: stable across runs and platforms (unlike `Hasher`).
    static func fnv1a(_ s: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in s.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
