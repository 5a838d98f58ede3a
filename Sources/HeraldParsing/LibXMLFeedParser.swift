import CLibXML2
import Foundation
import HeraldDomain

/// Herald's feed parser: RSS 0.90–2.0, RDF, Atom 0.3/1.0 through libxml2's streaming SAX2
/// push parser (never a DOM), and JSON Feed 1.0/1.1. The format comes from the content.
public struct LibXMLFeedParser: FeedParsing {
    /// The safety limits applied to every document.
    public let limits: ParserLimits

    /// Creates a parser.
    /// - Parameter limits: Size, nesting and entity limits; ``ParserLimits/default`` suits feeds.
    public init(limits: ParserLimits = .default) {
        self.limits = limits
    }

    /// Parses a feed document; see ``HeraldDomain/FeedParsing``.
    public func parseFeed(_ data: Data, documentURL: String?, transportCharset: String?) throws(FeedParseError) -> ParsedFeed {
        guard data.count <= limits.maxDocumentBytes else { throw .tooLarge(limit: limits.maxDocumentBytes) }
        let sniffed = DocumentSniffer.sniff(data)
        switch sniffed {
        case .empty: throw .empty
        case .json: return try JSONFeedReader.read(data, documentURL: documentURL)
        case .html: throw .notAFeed(detected: "an HTML page")
        case .markup(let bom): return try parseXML(data, bom: bom, documentURL: documentURL, transportCharset: transportCharset)
        case .other: throw .notAFeed(detected: "neither XML nor JSON")
        }
    }

    private func parseXML(_ data: Data, bom: String?, documentURL: String?, transportCharset: String?) throws(FeedParseError) -> ParsedFeed {
        let transport = bom == nil ? transportCharset.flatMap(Self.knownCharset) : nil
        var (reader, outcome) = run(data, encoding: transport, documentURL: documentURL, keepEntities: false)
        if !outcome.wellFormed, reader.failure == nil {
            // libxml2 drops `&amp;`, `&lt;`… once a document is known to be broken; read it
            // again with every entity reference routed through `getEntity`, which keeps them.
            (reader, outcome) = run(data, encoding: transport, documentURL: documentURL, keepEntities: true)
        }
        var repaired = false
        let declared = outcome.declaredEncoding?.uppercased()
        if reader.sawInvalidUTF8, bom == nil, transport == nil, declared == nil || declared == "UTF-8" || declared == "UTF8" {
            let fixed = Data(String(decoding: data, as: UTF8.self).utf8)
            (reader, outcome) = run(fixed, encoding: nil, documentURL: documentURL, keepEntities: true)
            repaired = true
        }
        if let failure = reader.failure { throw failure }
        guard !reader.feed.version.isEmpty else {
            throw .unreadable(reason: reader.warnings.first ?? "no root element")
        }
        var feed = reader.feed
        feed.encoding = bom ?? transport ?? outcome.declaredEncoding ?? "UTF-8"
        feed.recovered = !outcome.wellFormed || repaired
        if repaired { feed.warnings.append("The document is not valid UTF-8; invalid bytes were replaced with U+FFFD.") }
        feed.warnings += reader.warnings
        return feed
    }

    /// One SAX pass. `keepEntities` sets `XML_PARSE_OLDSAX`, which makes libxml2 ask `getEntity`
    /// even for the five predefined entities (slower, needed only for broken documents).
    private func run(_ data: Data, encoding: String?, documentURL: String?, keepEntities: Bool) -> (FeedReader, XMLPushParser.Outcome) {
        let reader = FeedReader(limits: limits, documentURL: documentURL, documentSize: data.count)
        var handler = FeedSAXCallbacks.handler()
        let outcome = withExtendedLifetime(reader) {
            data.withUnsafeBytes { bytes in
                XMLPushParser.parse(bytes, handler: &handler, userData: Unmanaged.passUnretained(reader).toOpaque(),
                                    encoding: encoding, extraOptions: keepEntities ? Int32(XML_PARSE_OLDSAX.rawValue) : 0) { ctxt in
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
