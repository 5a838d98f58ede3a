import Foundation
import HeraldDomain
@testable import HeraldInteractors
import HeraldPorts

/// A readable fake `FeedParsing`: a body is lines, `title: T` names the feed, `ttl: N` asks for
/// N minutes, every other line is an item `title|identity`. `<html` is a page, `garbage` is unreadable.
final class RefreshTestParser: FeedParsing, @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [(documentURL: String?, charset: String?)] = []

    /// How many documents were parsed.
    var parseCount: Int { lock.withLock { calls.count } }
    /// The document URL and charset of the last parse.
    var lastCall: (documentURL: String?, charset: String?)? { lock.withLock { calls.last } }

    func parseFeed(_ data: Data, documentURL: String?, transportCharset: String?) throws(FeedParseError) -> ParsedFeed {
        lock.withLock { calls.append((documentURL, transportCharset)) }
        let text = String(decoding: data, as: UTF8.self)
        if text.isEmpty { throw .empty }
        if text.hasPrefix("<html") { throw .notAFeed(detected: "an HTML page") }
        if text.hasPrefix("garbage") { throw .unreadable(reason: "no root element") }
        var feed = ParsedFeed(format: .rss, version: "2.0")
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("title: ") {
                feed.plainTitle = String(line.dropFirst(7))
            } else if line.hasPrefix("ttl: "), let minutes = Int(line.dropFirst(5)) {
                feed.updateHint = UpdateHint(ttlMinutes: minutes)
            } else {
                let parts = line.split(separator: "|").map(String.init)
                feed.items.append(ParsedItem(identity: parts.last ?? line, plainTitle: parts.first))
            }
        }
        return feed
    }
}

/// A jitter source that always answers the same number.
struct RefreshTestJitter: JitterSource {
    let value: Double
    func unit() -> Double { value }
}
