import CLibXML2
import Foundation
import HeraldDomain
import HeraldPorts

/// Herald's feed parser: RSS 0.90–2.0, RDF, Atom 0.3/1.0 through libxml2's streaming SAX2
/// push parser (never a DOM), and JSON Feed 1.0/1.1. The format comes from the content.
public struct LibXMLFeedParser: FeedParsing {
    /// The safety limits applied to every document.
    public let limits: ParserLimits
    /// The address of a private file mapping this parser made (``parseFeed(fileAtPath:documentURL:transportCharset:)``),
    /// or 0: a pass over exactly those bytes hands consumed pages back to the kernel.
    private var mappedAddress: UInt = 0

    /// Creates a parser.
    /// - Parameter limits: Size, nesting and entity limits; ``ParserLimits/default`` suits feeds.
    public init(limits: ParserLimits = .default) {
        self.limits = limits
    }

    /// Parses a feed file, mapped rather than read: the pages libxml2 has consumed are handed back
    /// to the kernel as it goes, so the document and the parsed feed are never resident together
    /// in full. The result is the same as ``parseFeed(_:documentURL:transportCharset:)`` on the
    /// file's bytes.
    /// - Returns: nil when the file cannot be opened or mapped (missing, a directory).
    public func parseFeed(fileAtPath path: String, documentURL: String?,
                          transportCharset: String?) throws(FeedParseError) -> ParsedFeed? {
        guard let (data, isMapped) = MappedFile.contents(atPath: path) else { return nil }
        var parser = self
        // Pages are let go only from a private file mapping: `MADV_DONTNEED` would zero other memory.
        if isMapped { parser.mappedAddress = data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } }
        return try parser.parseFeed(data, documentURL: documentURL, transportCharset: transportCharset)
    }

    /// Parses a feed document; see ``HeraldDomain/FeedParsing``.
    public func parseFeed(_ data: Data, documentURL: String?, transportCharset: String?) throws(FeedParseError) -> ParsedFeed {
        guard data.count <= limits.maxDocumentBytes else { throw .tooLarge(limit: limits.maxDocumentBytes) }
        var document = data
        var notes: [String] = []
        if GzipInflater.isGzip(data) {
            let inflated = try GzipInflater.inflate(data, limits: limits)
            document = inflated.data
            notes.append("The document is gzip-compressed but was not served with Content-Encoding: gzip; "
                         + "it was inflated (\(data.count) to \(document.count) bytes).")
            if let damage = inflated.damage { notes.append(damage) }
        }
        var feed = try parseDocument(document, documentURL: documentURL, transportCharset: transportCharset)
        if !notes.isEmpty {
            feed.warnings.insert(contentsOf: notes, at: 0)
            if notes.count > 1 { feed.recovered = true }
        }
        return feed
    }

    private func parseDocument(_ data: Data, documentURL: String?, transportCharset: String?) throws(FeedParseError) -> ParsedFeed {
        switch DocumentSniffer.sniff(data) {
        case .empty: throw .empty
        case .json: return try JSONFeedReader.read(data, documentURL: documentURL)
        case .html: throw .notAFeed(detected: "an HTML page")
        case .markup(let bom):
            // A UTF-8 byte order mark settles the encoding; libxml2 would switch to a declaration
            // that says otherwise and read UTF-8 as Latin-1. Forced, the mark itself is dropped
            // (libxml2 skips it only when it chooses the encoding itself).
            if bom == "UTF-8", let declared = XMLDeclaration.encoding(in: data), !CharsetLabel(declared).isUTF8 {
                let choice = EncodingChoice.forced("UTF-8", note: "The document starts with a UTF-8 byte order mark but declares "
                                                   + "\"\(TerminalSafety.sanitize(declared))\"; read as UTF-8.")
                return try parseXML(Data(data.dropFirst(3)), choice: choice, documentURL: documentURL, transportCharset: transportCharset)
            }
            return try parseXML(data, choice: bom.map(EncodingChoice.natural), documentURL: documentURL,
                                transportCharset: transportCharset)
        case .wide(let wide):
            let utf8 = wide.transcodedToUTF8(data)
            var feed: ParsedFeed
            switch DocumentSniffer.sniff(utf8) {
            case .empty: throw .empty
            case .json: feed = try JSONFeedReader.read(utf8, documentURL: documentURL)
            case .html: throw .notAFeed(detected: "an HTML page")
            case .markup, .wide, .other:
                let choice = EncodingChoice(forced: "UTF-8", name: wide.rawValue)
                feed = try parseXML(utf8, choice: choice, documentURL: documentURL, transportCharset: nil)
            }
            feed.encoding = wide.rawValue
            return feed
        case .other: throw .notAFeed(detected: "neither XML nor JSON")
        }
    }

    /// Reads an XML document.
    /// - Parameter settled: The encoding when the bytes themselves settle it (a byte order mark,
    ///   a transcoded wide encoding); otherwise it is resolved from the labels and the bytes.
    private func parseXML(_ data: Data, choice settled: EncodingChoice?, documentURL: String?,
                          transportCharset: String?) throws(FeedParseError) -> ParsedFeed {
        let declared = settled == nil ? XMLDeclaration.encoding(in: data) : nil
        var choice = settled ?? EncodingResolver.initialChoice(
            for: data, transport: transportCharset.flatMap(Self.knownCharset), declared: declared)
        var (reader, outcome) = read(data, choice: choice, documentURL: documentURL)
        var repaired = false
        if reader.sawInvalidUTF8, choice.isUTF8 {
            let census = data.withUnsafeBytes { UTF8Census(of: $0) }
            // A UTF-8 byte order mark settles the encoding: its invalid bytes can only be repaired.
            let fallback = settled == nil ? EncodingResolver.fallback(after: choice, census: census, data: data, declared: declared)
                                          : census.invalidBytes > 0 ? .repair : nil
            switch fallback {
            case nil:
                break
            case .repair:
                let fixed = Data(String(decoding: data, as: UTF8.self).utf8)
                (reader, outcome) = read(fixed, choice: choice, documentURL: documentURL, keepEntities: true)
                repaired = true
            case .reread(let next):
                choice.notes += next.notes
                choice.forced = next.forced
                choice.name = next.name
                (reader, outcome) = read(data, choice: choice, documentURL: documentURL)
            }
        }
        if let failure = reader.failure { throw failure }
        guard !reader.feed.version.isEmpty else {
            throw .unreadable(reason: reader.warnings.first ?? "no root element")
        }
        var feed = reader.feed
        EpisodeText.inherit(reader.channelPodcast, into: &feed.items)
        // libxml2 names the declared encoding as written; a byte order mark or an override wins.
        feed.encoding = settled != nil || choice.forced != nil ? choice.name : outcome.declaredEncoding ?? choice.name
        feed.recovered = !outcome.wellFormed || repaired
        feed.warnings = choice.notes
        if repaired { feed.warnings.append("The document is not valid UTF-8; invalid bytes were replaced with U+FFFD.") }
        feed.warnings += reader.warnings
        return feed
    }

    /// Reads the document with one encoding choice: one SAX pass, and a second one that keeps
    /// every entity reference when the first found the document broken.
    private func read(_ data: Data, choice: EncodingChoice, documentURL: String?,
                      keepEntities: Bool = false) -> (FeedReader, XMLPushParser.Outcome) {
        var (reader, outcome) = run(data, encoding: choice.forced, documentURL: documentURL, keepEntities: keepEntities)
        if !keepEntities, !outcome.wellFormed, reader.failure == nil {
            // libxml2 drops `&amp;`, `&lt;`… once a document is known to be broken; read it
            // again with every entity reference routed through `getEntity`, which keeps them,
            // after repairing what makes libxml2 stop reading (a NUL byte, a stray `<`).
            let repair = MarkupRepair.repaired(data)
            (reader, outcome) = run(repair?.data ?? data, encoding: choice.forced, documentURL: documentURL, keepEntities: true)
            repair?.notes.forEach(reader.warn)
        }
        return (reader, outcome)
    }

    /// One SAX pass. `keepEntities` sets `XML_PARSE_OLDSAX`, which makes libxml2 ask `getEntity`
    /// even for the five predefined entities (slower, needed only for broken documents).
    private func run(_ data: Data, encoding: String?, documentURL: String?, keepEntities: Bool) -> (FeedReader, XMLPushParser.Outcome) {
        let reader = FeedReader(limits: limits, documentURL: documentURL, documentSize: data.count)
        var handler = FeedSAXCallbacks.handler()
        let outcome = withExtendedLifetime(reader) {
            data.withUnsafeBytes { bytes in
                // Only the very bytes this parser mapped (not a transcoded or repaired copy).
                let releasing = mappedAddress != 0 && UInt(bitPattern: bytes.baseAddress) == mappedAddress
                return XMLPushParser.parse(bytes, handler: &handler, userData: Unmanaged.passUnretained(reader).toOpaque(),
                                           encoding: encoding, extraOptions: keepEntities ? Int32(XML_PARSE_OLDSAX.rawValue) : 0,
                                           releasingPages: releasing) { ctxt in
                    reader.ctxt = ctxt
                }
            }
        }
        reader.closeOpenElements()
        reader.ctxt = nil
        return (reader, outcome)
    }

    /// The transport charset if libxml2 (with iconv) can decode it.
    static func knownCharset(_ name: String) -> String? {
        let trimmed = name.trimmingASCIIWhitespace().trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        guard !trimmed.isEmpty, let handler = xmlFindCharEncodingHandler(trimmed) else { return nil }
        xmlCharEncCloseFunc(handler)
        return trimmed
    }
}
