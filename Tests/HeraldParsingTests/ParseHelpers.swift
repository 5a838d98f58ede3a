import Foundation
import HeraldDomain
import HeraldParsing

/// Small documents built in a test, parsed with the default parser.
enum Parse {
    /// Parses a document given as a string (UTF-8).
    static func xml(_ text: String, charset: String? = nil) throws -> ParsedFeed {
        try LibXMLFeedParser().parseFeed(Data(text.utf8), documentURL: nil, transportCharset: charset)
    }

    /// Parses raw bytes.
    static func bytes(_ data: Data, charset: String? = nil) throws -> ParsedFeed {
        try LibXMLFeedParser().parseFeed(data, documentURL: nil, transportCharset: charset)
    }

    /// An RSS 2.0 document with one item whose title (already escaped as it should appear in XML) is `title`.
    static func rssItemTitle(_ title: String) throws -> ParsedItem? {
        try xml("<rss version=\"2.0\"><channel><title>T</title><item><title>\(title)</title><guid>g</guid></item></channel></rss>")
            .items.first
    }
}
