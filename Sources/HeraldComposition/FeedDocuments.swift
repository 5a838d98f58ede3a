import Foundation
import HeraldDomain
import HeraldParsing

/// Parsing a feed document on its own, and the parser's documents of it (JSON and text), exposed
/// without exposing the parser module. Needs no store, fetcher or engine.
public enum FeedDocuments {
    /// Parses a feed document with the real parser.
    public static func parse(_ data: Data, documentURL: String?, charset: String?) throws(FeedParseError) -> ParsedFeed {
        try LibXMLFeedParser().parseFeed(data, documentURL: documentURL, transportCharset: charset)
    }

    /// Parses a feed file with the real parser, mapped and released page by page as it is read.
    /// - Returns: nil when the file cannot be read.
    public static func parse(fileAtPath path: String, documentURL: String?, charset: String?) throws(FeedParseError) -> ParsedFeed? {
        try LibXMLFeedParser().parseFeed(fileAtPath: path, documentURL: documentURL, transportCharset: charset)
    }

    /// The documented JSON form of a parsed feed.
    public static func json(_ feed: ParsedFeed) -> Data { ParsedFeedJSON.encode(feed) }

    /// Writes the documented JSON form of a parsed feed to a file descriptor item by item, with a
    /// final newline, in constant extra memory. `name` says what the descriptor is, for the error.
    public static func writeJSON(_ feed: ParsedFeed, toFileDescriptor descriptor: Int32,
                                 name: String) throws(HeraldError) {
        do {
            try ParsedFeedJSON.write(feed, toFileDescriptor: descriptor)
        } catch {
            throw .file(path: name, reason: String(cString: strerror(error.code)))
        }
    }
    /// A human-readable report of a parsed feed.
    public static func report(_ feed: ParsedFeed) -> String { ParsedFeedReport.text(feed) }
}
