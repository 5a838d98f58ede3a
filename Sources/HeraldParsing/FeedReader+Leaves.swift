import Foundation
import HeraldDomain

extension FeedReader {
    /// Stores the text of a leaf element where it belongs.
    func assignLeaf(_ raw: String, frame: Frame, parent: Context) {
        switch parent {
        case .feed: assignFeedLeaf(raw, frame)
        case .item, .media: assignItemLeaf(raw, frame, inMedia: parent == .media)
        case .image: assignImageLeaf(raw, frame)
        case .person: assignPersonLeaf(raw, frame)
        case .source:
            switch frame.name {
            case .title: source?.title = PlainText.line(from: raw)
            case .id: source?.id = raw.trimmingASCIIWhitespace()
            default: break
            }
        default: break
        }
    }

    /// Ends an item, image, person or source and stores it.
    func finishContainer(_ frame: Frame) {
        switch frame.context {
        case .item: finishItem()
        case .image:
            if let image, !image.url.isEmpty, feed.image == nil || feed.image?.title == nil { feed.image = image }
            image = nil
        case .person:
            guard person.name != nil || person.email != nil || person.uri != nil else { return }
            switch (personOwner, personIsContributor) {
            case (.item, false): draft.authors.append(person)
            case (.item, true): draft.contributors.append(person)
            case (_, false): feed.authors.append(person)
            case (_, true): feed.contributors.append(person)
            }
        case .source:
            draft.source = source
            source = nil
        default: break
        }
    }

    private func assignFeedLeaf(_ raw: String, _ frame: Frame) {
        let (ns, name) = (frame.ns, frame.name)
        switch (ns, name) {
        case (_, .title) where ns.isRSS || ns.isAtom:
            feed.title = ns.isAtom ? construct(raw, leafType) : untypedConstruct(raw)
            feed.plainTitle = PlainText.line(from: raw)
        case (_, .link) where ns.isRSS:
            let value = raw.trimmingASCIIWhitespace()
            guard !value.isEmpty else { return }
            addLink(Link(href: resolve(value), rel: "alternate"), owner: .feed)
        case (_, .description) where ns.isRSS: feed.subtitle = construct(raw, .html)
        case (_, .subtitle) where ns.isAtom, (_, .tagline) where ns.isAtom: feed.subtitle = construct(raw, leafType)
        case (.itunes, .summary), (.itunes, .subtitle): if feed.subtitle == nil { feed.subtitle = untypedConstruct(raw) }
        case (_, .language) where ns.isRSS, (.dc, .language):
            let value = LanguageTag.normalized(raw)
            if !value.isEmpty { feed.language = value }
        case (_, .copyright) where ns.isRSS || ns.isAtom, (_, .rights) where ns.isAtom || ns == .dc:
            feed.rights = ns.isAtom ? construct(raw, leafType) : untypedConstruct(raw)
        case (_, .pubDate) where ns.isRSS, (_, .published) where ns.isAtom:
            feed.published = date(raw, name) ?? feed.published
        case (_, .lastBuildDate) where ns.isRSS, (.dc, .date), (.dcterms, .modified):
            feed.updated = date(raw, name) ?? feed.updated
        case (_, .updated) where ns.isAtom, (_, .modified) where ns.isAtom:
            feed.updated = date(raw, name) ?? feed.updated
        // `<author>` is an item element in RSS 2.0, but many channels carry one too.
        case (_, .managingEditor) where ns.isRSS, (_, .author) where ns.isRSS, (.dc, .creator), (.itunes, .author):
            if let person = rssPerson(raw), !feed.authors.contains(person) { feed.authors.append(person) }
        case (_, .webMaster) where ns.isRSS, (.dc, .contributor):
            if let person = rssPerson(raw) { feed.contributors.append(person) }
        case (_, .category) where ns.isRSS, (.dc, .subject):
            if let category = rssCategory(raw) { feed.categories.append(category) }
        case (_, .generator) where ns.isRSS || ns.isAtom:
            let name = PlainText.line(from: raw)
            feed.generator = Generator(name: name.isEmpty ? nil : name, uri: leafAttribute.map(resolve), version: leafSecondAttribute)
        case (.podcast, .funding):
            if let link = podcastFunding(raw) { channelPodcast.funding.append(link) }
        case (.podcast, .person):
            if let person = podcastPerson(raw) { channelPodcast.persons.append(person) }
        case (_, .ttl) where ns.isRSS:
            feed.updateHint = UpdateHint(ttlMinutes: Int(raw.trimmingASCIIWhitespace()),
                                         syndicationInterval: feed.updateHint?.syndicationInterval)
        case (.sy, .updatePeriod), (.sy, .updateFrequency): syndication(raw, period: name == .updatePeriod)
        case (_, .id) where ns.isAtom: feed.id = raw.trimmingASCIIWhitespace()
        case (_, .icon) where ns.isAtom: feed.icon = resolve(raw)
        case (_, .logo) where ns.isAtom: feed.logo = resolve(raw)
        default: break
        }
    }

    private func assignImageLeaf(_ raw: String, _ frame: Frame) {
        let value = raw.trimmingASCIIWhitespace()
        switch frame.name {
        case .url: image?.url = resolve(value)
        case .title: image?.title = PlainText.line(from: raw)
        case .link: image?.link = resolve(value)
        case .width: image?.width = Int(value)
        case .height: image?.height = Int(value)
        default: break
        }
    }

    private func assignPersonLeaf(_ raw: String, _ frame: Frame) {
        let value = PlainText.line(from: raw)
        guard !value.isEmpty else { return }
        switch frame.name {
        case .name: person.name = value
        case .email: person.email = value
        case .uri, .url: person.uri = resolve(value)
        default: break
        }
    }

    /// A text construct whose type the feed does not declare (an RSS title, an iTunes summary):
    /// HTML only when it holds real HTML, so that `Vec<T> vs slices` stays text.
    func untypedConstruct(_ raw: String) -> TextConstruct {
        construct(raw, HTMLMarkup.isPresent(in: raw) ? .html : .text)
    }

    func construct(_ raw: String, _ type: TextType) -> TextConstruct {
        var value = raw
        if type == .xhtml { value = stripXHTMLWrapper(raw) }
        if type == .text { value = value.trimmingASCIIWhitespace() }
        return TextConstruct(type: type, value: value, language: currentLanguage)
    }

    /// Atom XHTML content sits in one `<div>` that is not part of the content (RFC 4287 §3.1.1.3).
    private func stripXHTMLWrapper(_ raw: String) -> String {
        let trimmed = raw.trimmingASCIIWhitespace()
        guard trimmed.hasPrefix("<div"), trimmed.hasSuffix("</div>"), let open = trimmed.firstIndex(of: ">") else { return trimmed }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(trimmed.endIndex, offsetBy: -6)]
        return String(inner).trimmingASCIIWhitespace()
    }

    /// The date in a date element's text, or nil with a warning naming the element. The name is
    /// spelt out only for the warning: describing an enum case goes through reflection.
    func date(_ raw: String, _ element: Name, inItem: Bool = false) -> Date? {
        if let date = FeedDates.parse(raw) { return date }
        let where_ = inItem ? "Item \(feed.items.count + 1)" : "Feed"
        warn("\(where_): unreadable date \"\(TerminalSafety.sanitize(String(raw.trimmingASCIIWhitespace().prefix(60))))\" in <\(element)>; left out.")
        return nil
    }

    /// An RSS person (``RSSPerson``) from an element's text.
    func rssPerson(_ raw: String) -> Person? {
        RSSPerson.parse(PlainText.line(from: raw))
    }

    func rssCategory(_ raw: String) -> Category? {
        let term = PlainText.line(from: raw)
        guard !term.isEmpty else { return nil }
        return Category(term: term, scheme: leafAttribute.flatMap { $0.isEmpty ? nil : $0 })
    }

    private func syndication(_ raw: String, period: Bool) {
        let value = raw.trimmingASCIIWhitespace()
        if period {
            let seconds: [String: Double] = ["hourly": 3600, "daily": 86_400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000]
            syndicationPeriod = seconds[value.lowercased()]
        } else {
            syndicationFrequency = Double(value).flatMap { $0 > 0 ? $0 : nil }
        }
        guard let syndicationPeriod else { return }
        var hint = feed.updateHint ?? UpdateHint()
        hint.syndicationInterval = syndicationPeriod / (syndicationFrequency ?? 1)
        feed.updateHint = hint
    }
}
