#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Turns the bytes of a feed document (RSS, RDF, Atom or JSON Feed) into a ``ParsedFeed``.
public protocol FeedParsing: Sendable {
    /// Parses a feed document.
    /// - Parameters:
    ///   - data: The raw bytes as fetched; the format is detected from them.
    ///   - documentURL: Where the document came from; the last resort for resolving relative URLs.
    ///   - transportCharset: The `charset` of the HTTP `Content-Type`, if the server sent one.
    /// - Returns: The parsed feed, possibly recovered from broken markup.
    /// - Throws: ``FeedParseError`` when nothing usable can be read.
    func parseFeed(_ data: Data, documentURL: String?, transportCharset: String?) throws(FeedParseError) -> ParsedFeed
}
