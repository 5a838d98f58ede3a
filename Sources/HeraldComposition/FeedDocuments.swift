import Foundation
import HeraldDomain
import HeraldParsing

/// The parser's documents of a feed (JSON and text), exposed without exposing the parser module.
public enum FeedDocuments {
    /// The documented JSON form of a parsed feed.
    public static func json(_ feed: ParsedFeed) -> Data { ParsedFeedJSON.encode(feed) }
    /// A human-readable report of a parsed feed.
    public static func report(_ feed: ParsedFeed) -> String { ParsedFeedReport.text(feed) }
}
