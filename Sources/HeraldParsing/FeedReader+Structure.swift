import CLibXML2
import HeraldDomain

extension FeedReader {
    /// Detects the format from the root element; anything else stops the parse.
    func root(_ frame: Frame, localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes attrs: Attributes) -> Context {
        let version = attribute(.version, in: attrs)
        switch (frame.name, frame.ns) {
        case (.rss, let ns):
            feed.format = .rss
            if !ns.isRSS {
                let label = uri.map { String(cString: $0) } ?? ""
                rssRootNamespace = (ns, label)
                warn("The <rss> element is in the namespace \"\(TerminalSafety.sanitize(String(label.prefix(80))))\"; "
                     + "its elements are read as RSS.")
            }
            let declared = version?.trimmingASCIIWhitespace() ?? ""
            if declared == "0.91" {
                feed.version = netscapeDoctype ? "0.91-netscape" : "0.91-userland"
            } else {
                feed.version = declared.isEmpty ? "2.0" : declared
                if declared.isEmpty { warn("The <rss> element has no version; read as RSS 2.0.") }
            }
            return .document
        case (.RDF, .rdf):
            feed.format = .rdf
            feed.version = "1.0"
            return .document
        case (.feed, .atom10):
            feed.format = .atom
            feed.version = "1.0"
            return .feed
        case (.feed, .atom03):
            feed.format = .atom
            feed.version = version?.trimmingASCIIWhitespace() == "0.3" ? "0.3" : "1.0"
            if feed.version == "1.0" { warn("The root <feed> has the Atom 0.3 namespace but no version 0.3; read as Atom 1.0.") }
            return .feed
        case (.feed, .atomNearMiss):
            feed.format = .atom
            feed.version = version?.trimmingASCIIWhitespace() == "0.3" ? "0.3" : "1.0"
            let label = TerminalSafety.sanitize(String((uri.map { String(cString: $0) } ?? "").prefix(80)))
            warn("The root <feed> is in the namespace \"\(label)\", not Atom's; read as Atom \(feed.version).")
            return .feed
        case (.feed, .none):
            // Atom without its namespace: its unprefixed children are read as Atom elements.
            feed.format = .atom
            feed.version = version?.trimmingASCIIWhitespace() == "0.3" ? "0.3" : "1.0"
            unqualifiedAtom = true
            warn("The root <feed> has no namespace; read as Atom \(feed.version).")
            return .feed
        case (.html, _):
            fail(.notAFeed(detected: "an HTML page"))
        case (.other, _) where String(cString: localname).lowercased() == "opml":
            fail(.notAFeed(detected: FeedParseError.subscriptionList))
        default:
            let label = TerminalSafety.sanitize(String(cString: localname).prefix(40).description)
            fail(.notAFeed(detected: "an XML document whose root element is <\(label)>"))
        }
        return .ignored
    }

    /// What a child element is, given its parent's context; handles attribute-only elements at once.
    func childContext(of parent: Context, frame: Frame, attributes attrs: Attributes) -> Context {
        let (ns, name) = (frame.ns, frame.name)
        switch parent {
        case .ignored, .leaf:
            return .ignored
        case .itunesCategory:
            // A subcategory: `<itunes:category text="Technology"><itunes:category text="Podcasting"/>`.
            if ns == .itunes && name == .category, let term = attribute(.text, in: attrs) {
                feed.categories.append(Category(term: term, scheme: "itunes", label: itunesCategory + " › " + term))
            }
            return .ignored
        case .document:
            if ns == .rss090 && feed.format == .rdf { feed.version = "0.90" }
            guard ns.isRSS else { return .ignored }
            switch name {
            case .channel: return .feed
            case .item: return beginItem(attrs)
            case .image: image = FeedImage(url: ""); return .image
            default: return .ignored
            }
        case .feed:
            if ns.isRSS && name == .item || ns.isAtom && name == .entry { return beginItem(attrs) }
            if ns.isRSS && name == .image { image = FeedImage(url: ""); return .image }
            if ns.isRSS && (name == .textinput || name == .textInput) { return .ignored }
            if ns == .itunes {
                switch name {
                case .owner: return .ignored
                case .category:
                    guard let term = attribute(.text, in: attrs) else { return .ignored }
                    feed.categories.append(Category(term: term, scheme: "itunes"))
                    itunesCategory = term
                    return .itunesCategory
                case .image:
                    if let href = attribute(.href, in: attrs), feed.image == nil { feed.image = FeedImage(url: resolve(href)) }
                    return .ignored
                default: break
                }
            }
            if ns == .podcast {
                guard name == .funding || name == .person else { return .ignored }
                return podcastChild(name, attrs)
            }
            return commonChild(frame, attrs, owner: .feed)
        case .item, .media:
            if ns == .media {
                switch name {
                case .content:
                    addMediaContent(attrs)
                    return .media
                case .group: return .media
                case .thumbnail:
                    if let url = attribute(.url, in: attrs) {
                        draft.thumbnails.append(Thumbnail(url: resolve(url), width: attribute(.width, in: attrs).flatMap { Int($0) },
                                                          height: attribute(.height, in: attrs).flatMap { Int($0) }))
                    }
                    return .ignored
                default: return .leaf
                }
            }
            if ns.isRSS && name == .enclosure {
                addEnclosure(attrs)
                return .ignored
            }
            if ns == .itunes && name == .image {
                if let href = attribute(.href, in: attrs) {
                    draft.thumbnails.append(Thumbnail(url: resolve(href)))
                    draft.episode(set: { $0.image = resolve(href) })
                }
                return .ignored
            }
            if ns == .podcast { return podcastChild(name, attrs) }
            if ns.isAtom && name == .source { source = ItemSource(); return .source }
            if parent == .item, ns.isRSS && name == .item || ns.isAtom && name == .entry {
                // An item never closed: libxml2 nests the next one inside it. Each is its own item.
                if !warnedUnclosedItem {
                    warnedUnclosedItem = true
                    warn("Item \(feed.items.count + 1) is not closed before the next one starts; each was read as its own item.")
                }
                finishItem()
                return beginItem(attrs)
            }
            return commonChild(frame, attrs, owner: .item)
        case .source:
            if ns.isAtom && name == .link {
                if let href = attribute(.href, in: attrs), source?.url == nil || attribute(.rel, in: attrs) == "self" {
                    source?.url = resolve(href)
                }
                return .ignored
            }
            return ns.isAtom && (name == .author || name == .contributor) ? .ignored : .leaf
        case .image, .person:
            return .leaf
        }
    }

    /// Children that mean the same in a feed and an item: Atom links, categories and people.
    private func commonChild(_ frame: Frame, _ attrs: Attributes, owner: Context) -> Context {
        guard frame.ns.isAtom else { return .leaf }
        switch frame.name {
        case .link:
            // One pass over the attributes (links are the most frequent Atom element).
            var link = Link(href: "", rel: "alternate")
            var hasHref = false
            for index in 0..<attrs.count where attrs.uri(at: index) == nil {
                switch name(attrs.localname(at: index)) {
                case .href: link.href = attrs.value(at: index); hasHref = true
                case .rel: link.rel = attrs.value(at: index)
                case .type: link.type = attrs.value(at: index)
                case .title: link.title = attrs.value(at: index)
                case .hreflang: link.hreflang = attrs.value(at: index)
                case .length: link.length = Int64(attrs.value(at: index).trimmingASCIIWhitespace())
                default: break
                }
            }
            guard hasHref else { return .ignored }
            link.href = resolve(link.href)
            addLink(link, owner: owner)
            return .ignored
        case .category:
            guard let term = attribute(.term, in: attrs), !term.isEmpty else { return .ignored }
            let category = Category(term: term, scheme: attribute(.scheme, in: attrs), label: attribute(.label, in: attrs))
            if owner == .item { draft.categories.append(category) } else { feed.categories.append(category) }
            return .ignored
        case .author, .contributor:
            person = Person()
            personIsContributor = frame.name == .contributor
            personOwner = owner
            return .person
        default:
            return .leaf
        }
    }

    func addLink(_ link: Link, owner: Context) {
        if owner == .item {
            draft.links.append(link)
            if link.rel == "enclosure", !draft.enclosures.contains(where: { $0.url == link.href }) {
                draft.enclosures.append(Enclosure(url: link.href, type: link.type, length: link.length))
            }
        } else {
            if (link.rel == nil || link.rel == "alternate") && feed.siteURL == nil { siteBase = link.href }
            feed.links.append(link)
        }
    }

    private func addEnclosure(_ attrs: Attributes) {
        guard let url = attribute(.url, in: attrs), !url.isEmpty else { return }
        draft.enclosures.append(Enclosure(url: resolve(url), type: attribute(.type, in: attrs), length: length(attribute(.length, in: attrs))))
    }

    private func addMediaContent(_ attrs: Attributes) {
        guard let url = attribute(.url, in: attrs).map(resolve) else { return }
        guard !draft.enclosures.contains(where: { $0.url == url }) else { return }
        var type = attribute(.type, in: attrs)
        if type == nil, let medium = attribute(.medium, in: attrs) { type = medium }
        draft.enclosures.append(Enclosure(url: url, type: type, length: length(attribute(.fileSize, in: attrs))))
    }

    /// A byte length; a non-numeric one is dropped with a warning, never the item.
    func length(_ raw: String?) -> Int64? {
        guard let raw = raw?.trimmingASCIIWhitespace(), !raw.isEmpty else { return nil }
        if let value = Int64(raw), value >= 0 { return value }
        warn("Item \(feed.items.count + 1): enclosure length \"\(TerminalSafety.sanitize(raw))\" is not a number; ignored.")
        return nil
    }

    private func beginItem(_ attrs: Attributes) -> Context {
        draft = ParsedItem(identity: "")
        inItem = true
        if let about = attribute(.about, in: attrs, ns: .rdf), !about.isEmpty { draft.id = about }
        return .item
    }

    /// A Podcasting 2.0 element of an item: links read from their attributes, people and funding
    /// kept as leaves whose attributes wait for their text.
    func podcastChild(_ name: Name, _ attrs: Attributes) -> Context {
        switch name {
        case .chapters, .transcript:
            guard let url = attribute(.url, in: attrs), !url.isEmpty else { return .ignored }
            let link = PodcastLink(url: resolve(url), type: attribute(.type, in: attrs),
                                   language: attribute(.language, in: attrs))
            draft.episode(set: { name == .chapters ? $0.chapters.append(link) : $0.transcripts.append(link) })
            return .ignored
        case .funding, .person:
            podcastAttributes = (url: attribute(.url, in: attrs) ?? attribute(.href, in: attrs),
                                 role: attribute(.role, in: attrs), image: attribute(.img, in: attrs))
            return .leaf
        default:
            return .leaf
        }
    }

    /// Stashes the attributes a leaf needs when its text arrives (text type, domain, isPermaLink…).
    func leafAttributes(_ frame: Frame, _ attrs: Attributes) {
        leafType = .text
        leafAttribute = nil
        leafSecondAttribute = nil
        leafHasChildren = false
        // Atom 0.3 constructs without a mode are inline XML.
        leafMode = frame.ns == .atom03 ? .xml : .plain
        guard attrs.count > 0 else { return }
        if frame.ns.isAtom {
            var type: String?, mode: String?
            for index in 0..<attrs.count where attrs.uri(at: index) == nil {
                switch name(attrs.localname(at: index)) {
                case .type: type = attrs.value(at: index)
                case .mode: mode = attrs.value(at: index)
                case .uri, .url: leafAttribute = attrs.value(at: index)
                case .version: leafSecondAttribute = attrs.value(at: index)
                default: break
                }
            }
            leafType = textType(type, mode: mode)
            switch mode?.lowercased() {
            case "base64": leafMode = .base64(type: type)
            case "xml": leafMode = .xml
            case "escaped": leafMode = .plain
            default: break
            }
        } else if frame.ns == .media {
            leafType = attribute(.type, in: attrs) == "html" ? .html : .text
        } else {
            leafAttribute = attribute(.domain, in: attrs) ?? attribute(.isPermaLink, in: attrs) ?? attribute(.url, in: attrs)
        }
    }

    private func textType(_ type: String?, mode: String?) -> TextType {
        switch type?.lowercased() {
        case "html", "text/html": .html
        case "xhtml", "application/xhtml+xml": .xhtml
        default: mode == "escaped" ? .html : .text
        }
    }
}
