import CLibXML2
import HeraldDomain

/// The state of one streaming parse of an RSS, RDF or Atom document: a stack of open
/// elements, the item being built and one reusable byte buffer for character data.
/// Created per document, used from one thread, never shared.
final class FeedReader {
    /// Where an element sits; decides what its children mean.
    enum Context: UInt8 { case document, feed, item, image, person, source, media, ignored, leaf, itunesCategory }

    /// One open element.
    struct Frame {
        var ns: Namespace
        var name: Name
        /// The interned local name, to match end tags that libxml2 reports against the wrong element.
        var localname: UnsafePointer<xmlChar>
        var context: Context
        var pushedBase = false
        var pushedLang = false
    }

    let limits: ParserLimits
    let documentURL: String?
    @exclusivity(unchecked) var ctxt: xmlParserCtxtPtr?

    @exclusivity(unchecked) var feed = ParsedFeed(format: .rss, version: "")
    @exclusivity(unchecked) var failure: FeedParseError?
    @exclusivity(unchecked) var warnings: [String] = []
    @exclusivity(unchecked) var sawInvalidUTF8 = false
    @exclusivity(unchecked) var netscapeDoctype = false
    @exclusivity(unchecked) var mismatchedEndTag: [UInt8]?
    /// The root is an Atom `feed` without a namespace: unprefixed elements are Atom's.
    @exclusivity(unchecked) var unqualifiedAtom = false
    /// The default namespace an `<rss>` root put itself in when it is not RSS's (`xmlns=` Atom's,
    /// or a made-up one): its elements are read as RSS's, as feedparser reads them.
    var rssRootNamespace: (namespace: Namespace, uri: String)?

    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var bases: [String] = []
    @exclusivity(unchecked) var languages: [String] = []
    @exclusivity(unchecked) var siteBase: String?

    // The two hottest fields live behind pointers: stored properties of a class pay a
    // dynamic exclusivity check on every access, `let` pointers do not.
    private let textStorage = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
    private let collectDepthStorage = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// A direct-mapped cache in front of `names`: libxml2 interns element and attribute names,
    /// so one pointer comparison usually replaces hashing the pointer into the dictionary.
    let nameCache = UnsafeMutablePointer<NameCacheSlot>.allocate(capacity: FeedReader.nameCacheSize)

    /// Character data of the element being collected (UTF-8).
    var text: [UInt8] {
        get { textStorage.pointee }
        _modify { yield &textStorage.pointee }
    }

    /// The depth of the element whose text is being collected, or -1.
    var collectDepth: Int {
        get { collectDepthStorage.pointee }
        set { collectDepthStorage.pointee = newValue }
    }
    @exclusivity(unchecked) var lastStartTagEnd = -1
    @exclusivity(unchecked) var leafType = TextType.text
    @exclusivity(unchecked) var leafAttribute: String?
    /// The channel's own `podcast:person` and `podcast:funding`, which its episodes without their
    /// own inherit (the Podcasting 2.0 rule).
    @exclusivity(unchecked) var channelPodcast = EpisodeDetails()
    /// The attributes of the `podcast:person` or `podcast:funding` being read.
    @exclusivity(unchecked) var podcastAttributes: (url: String?, role: String?, image: String?) = (nil, nil, nil)
    @exclusivity(unchecked) var leafSecondAttribute: String?
    /// How the leaf's content is encoded (Atom 0.3 `mode`).
    @exclusivity(unchecked) var leafMode = ContentMode.plain
    /// True once an element was serialised inside the leaf being collected.
    @exclusivity(unchecked) var leafHasChildren = false

    /// The item being read (meaningful while `inItem`); kept non-optional so that it is
    /// modified in place instead of being copied out of an Optional.
    @exclusivity(unchecked) var draft = ParsedItem(identity: "")
    @exclusivity(unchecked) var inItem = false
    /// Whether the warning about an item left open was given (once a document).
    var warnedUnclosedItem = false
    @exclusivity(unchecked) var permalinkCandidate: String?
    /// The hash of the link of the first item of each identity (by the identity's hash), to tell
    /// apart later items that repeat the guid with another link.
    var linkHashesByIdentity: [Int: Int] = [:]
    @exclusivity(unchecked) var image: FeedImage?
    /// The channel's `itunes:category` being read, for its subcategories.
    @exclusivity(unchecked) var itunesCategory = ""
    @exclusivity(unchecked) var person = Person()
    @exclusivity(unchecked) var personIsContributor = false
    @exclusivity(unchecked) var personOwner = Context.feed
    @exclusivity(unchecked) var source: ItemSource?
    @exclusivity(unchecked) var syndicationPeriod: Double?
    @exclusivity(unchecked) var syndicationFrequency: Double?

    @exclusivity(unchecked) var declaredEntities: [String: String] = [:]
    @exclusivity(unchecked) var entityExpansionBytes = 0
    @exclusivity(unchecked) var entityDeclarations = 0
    @exclusivity(unchecked) var undefinedEntities: Set<String> = []
    @exclusivity(unchecked) var reportedBareAmpersand = false

    @exclusivity(unchecked) var names: [UnsafeRawPointer: Name] = [:]
    @exclusivity(unchecked) var namespaces: [UnsafeRawPointer: Namespace] = [:]

    /// The size of the whole document in bytes (0 when unknown), to size the item list once.
    let documentSize: Int

    init(limits: ParserLimits, documentURL: String?, documentSize: Int = 0) {
        self.limits = limits
        self.documentURL = documentURL
        self.documentSize = documentSize
        textStorage.initialize(to: [])
        collectDepthStorage.initialize(to: -1)
        nameCache.initialize(repeating: NameCacheSlot(key: nil, name: .other), count: Self.nameCacheSize)
        text.reserveCapacity(16 * 1024)
    }

    deinit {
        textStorage.deinitialize(count: 1)
        textStorage.deallocate()
        collectDepthStorage.deallocate()
        nameCache.deallocate()
    }

    // MARK: - SAX events

    func startElement(_ localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?,
                      attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        guard failure == nil else { return }
        let attrs = Attributes(pointer: attributes, count: count)
        guard frames.count < limits.maxNestingDepth else {
            return fail(.unsafeDocument(reason: "elements nested deeper than \(limits.maxNestingDepth) levels"))
        }
        if collectDepth >= 0 {
            leafHasChildren = true
            serializeStartTag(localname, uri: uri, attributes: attrs)
            frames.append(Frame(ns: .other, name: .other, localname: localname, context: .leaf))
            return
        }
        var frame = Frame(ns: namespace(uri), name: name(localname), localname: localname, context: .ignored)
        if unqualifiedAtom, frame.ns == .none { frame.ns = .atom10 }
        if let alias = rssRootNamespace, frame.ns == alias.namespace,
           alias.namespace != .other || uri.map({ String(cString: $0) }) == alias.uri {
            frame.ns = .none
        }
        scopeAttributes(attrs, frame: &frame)
        if frames.isEmpty {
            frame.context = root(frame, localname: localname, uri: uri, attributes: attrs)
            if frame.pushedLang { feed.language = languages.last }
        } else {
            frame.context = childContext(of: frames[frames.count - 1].context, frame: frame, attributes: attrs)
        }
        if frame.context == .leaf {
            collectDepth = frames.count
            text.removeAll(keepingCapacity: true)
            lastStartTagEnd = -1
            leafAttributes(frame, attrs)
        }
        frames.append(frame)
    }

    func endElement(_ localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?) {
        guard failure == nil else { return }
        guard let actual = mismatchedEndTag else { return closeElement() }
        // libxml2 reports a mismatched end tag as the end of the innermost element; close
        // what the tag really names instead (or nothing, for a stray end tag).
        mismatchedEndTag = nil
        guard let target = frames.lastIndex(where: { xmlStrEqual($0.localname, actual) != 0 }) else { return }
        while frames.count > target { closeElement() }
    }

    /// Closes the innermost open element.
    func closeElement() {
        guard let frame = frames.popLast() else { return }
        if collectDepth >= 0 && frames.count > collectDepth {
            serializeEndTag(frame.localname)
            return
        }
        if frames.count == collectDepth {
            collectDepth = -1
            assignLeaf(finishedLeafText(), frame: frame, parent: frames.last?.context ?? .document)
        } else {
            finishContainer(frame)
        }
        if frame.pushedBase { bases.removeLast() }
        if frame.pushedLang { languages.removeLast() }
    }

    func characters(_ chars: UnsafePointer<xmlChar>, _ length: Int) {
        guard collectDepth >= 0 else { return }
        let buffer = UnsafeBufferPointer(start: chars, count: length)
        if frames.count - 1 > collectDepth {
            appendEscaped(buffer)
        } else if length == 1 {
            // Each entity reference (`&lt;` in escaped HTML) arrives as its own one-byte event.
            text.append(chars.pointee)
        } else {
            text.append(contentsOf: buffer)
        }
    }

    func fail(_ error: FeedParseError) {
        if failure == nil { failure = error }
        if let ctxt { xmlStopParser(ctxt) }
    }

    func warn(_ message: String) {
        if warnings.count < 200 { warnings.append(message) }
    }
}

extension FeedReader {
    /// Ends elements a truncated document left open, so that the item being read is kept.
    func closeOpenElements() {
        guard failure == nil else { return }
        var closedSomething = false
        while let frame = frames.popLast() {
            closedSomething = true
            if collectDepth >= 0 && frames.count > collectDepth { continue }
            if frames.count == collectDepth {
                collectDepth = -1
                assignLeaf(finishedLeafText(), frame: frame, parent: frames.last?.context ?? .document)
            } else {
                finishContainer(frame)
            }
            if frame.pushedBase { bases.removeLast() }
            if frame.pushedLang { languages.removeLast() }
        }
        if closedSomething { warn("The document ends before its elements are closed; it may be truncated.") }
    }
}
