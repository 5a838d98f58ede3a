import Foundation
import Herald

/// Google Reader's Atom output of a stream (`/reader/atom/STREAM`), the form its first clients and
/// FeedHQ's read (newsboat's `urls-source "feedhq"`): each item an Atom entry whose categories in
/// Google's scheme carry its state (`read`, or `fresh` while unread; `starred`; the feed's labels),
/// with its feed as the entry's `source`.
enum GoogleReaderAtom {
    /// The scheme of state and label categories.
    static let scheme = "http://www.google.com/reader/"

    /// The document for a page of a stream.
    /// - Parameters:
    ///   - streamID: The stream asked for (`feed/3`, `user/-/state/com.google/reading-list`…).
    ///   - title: The stream's title, when it has one.
    ///   - feeds: The entries' feeds, by id.
    ///   - continuation: The next page's continuation, when there is one.
    static func document(streamID: String, title: String?, entries: [SyncEntry], feeds: [FeedID: Feed],
                         continuation: String?, now: Date) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/" \
            xmlns:idx="urn:atom-extension:indexing" idx:index="no">
            <generator uri="https://herald.invalid/">Herald</generator>
            <id>tag:google.com,2005:reader/\(escaped(streamID))</id>
            <title>\(escaped(title ?? streamID))</title>
            <updated>\(timestamp(now))</updated>

            """
        if let continuation { xml += "<gr:continuation>\(escaped(continuation))</gr:continuation>\n" }
        for entry in entries { xml += self.entry(entry, feed: feeds[entry.feedID]) }
        xml += "</feed>\n"
        return xml
    }

    /// One item as an Atom entry.
    static func entry(_ entry: SyncEntry, feed: Feed?) -> String {
        let crawled = Int64(entry.firstSeenAt.timeIntervalSince1970 * 1000)
        var xml = "<entry gr:crawl-timestamp-msec=\"\(crawled)\">\n"
        xml += "<id gr:original-id=\"\(escaped(entry.identity))\">\(GoogleReaderIDs.longItemID(entry.id))</id>\n"
        var states = [(GoogleReaderIDs.readingList, "reading-list")]
        states.append(entry.isRead ? (GoogleReaderIDs.read, "read") : ("user/-/state/com.google/fresh", "fresh"))
        if entry.isStarred { states.append((GoogleReaderIDs.starred, "starred")) }
        for tag in feed?.tags ?? [] { states.append((GoogleReaderIDs.label(tag), tag)) }
        for (term, label) in states {
            xml += "<category term=\"\(escaped(term))\" scheme=\"\(scheme)\" label=\"\(escaped(label))\"/>\n"
        }
        xml += "<title type=\"text\">\(escaped(entry.title))</title>\n"
        xml += "<published>\(timestamp(entry.date))</published>\n<updated>\(timestamp(entry.date))</updated>\n"
        if let url = entry.url, !url.isEmpty {
            xml += "<link rel=\"alternate\" href=\"\(escaped(url))\" type=\"text/html\"/>\n"
        }
        for enclosure in entry.enclosures {
            xml += "<link rel=\"enclosure\" href=\"\(escaped(enclosure.url))\""
            if let type = enclosure.type { xml += " type=\"\(escaped(type))\"" }
            if let length = enclosure.length { xml += " length=\"\(length)\"" }
            xml += "/>\n"
        }
        xml += "<content type=\"html\">\(escaped(entry.html))</content>\n"
        if let author = entry.author, !author.isEmpty { xml += "<author><name>\(escaped(author))</name></author>\n" }
        xml += "<source gr:stream-id=\"feed/\(entry.feedID.rawValue)\">"
        xml += "<id>tag:google.com,2005:reader/feed/\(entry.feedID.rawValue)</id>"
        xml += "<title type=\"text\">\(escaped(feed?.displayTitle ?? ""))</title>"
        if let site = feed?.siteURL ?? feed?.url {
            xml += "<link rel=\"alternate\" href=\"\(escaped(site))\" type=\"text/html\"/>"
        }
        xml += "</source>\n</entry>\n"
        return xml
    }

    /// Text for an element or an attribute: markup characters escaped; tab, newline and return as
    /// character references (a parser would turn a lone return into a newline, and all three into
    /// spaces in an attribute); and the characters XML 1.0 cannot carry at all (the other C0
    /// controls, U+FFFE, U+FFFF) left out, so a title with a terminal escape in it does not make
    /// the whole document unreadable.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An RFC 3339 time in UTC, to the second.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
