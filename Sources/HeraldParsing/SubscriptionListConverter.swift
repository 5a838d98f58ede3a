import CLibXML2
import Foundation
import HeraldDomain
import HeraldPorts

/// Reads OPML 1.0/2.0 and newsboat `urls` files (told apart by content) and writes OPML 2.0.
/// Nested OPML outlines become tags, outer folder first; on writing, the first tag is the
/// folder and further tags go to the OPML 2.0 `category` attribute (`/tag` paths).
public struct SubscriptionListConverter: SubscriptionListConverting {
    /// Creates a converter.
    public init() {}

    /// Reads a subscription list; see ``HeraldDomain/SubscriptionListConverting``.
    public func readSubscriptions(from data: Data) throws(SubscriptionListError) -> [SubscriptionEntry] {
        let head = String(decoding: data.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let start = head.hasPrefix("\u{FEFF}") ? String(head.dropFirst()) : head
        if start.hasPrefix("<") {
            guard start.lowercased().contains("<opml") else { throw .unrecognised }
            return try OPMLReader.read(data)
        }
        return try NewsboatURLs.read(data)
    }

    /// Writes an OPML 2.0 document; see ``HeraldDomain/SubscriptionListConverting``.
    public func writeOPML(_ entries: [SubscriptionEntry], title: String, dateCreated: Date) -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        out += "    <title>\(escape(title))</title>\n    <dateCreated>\(FeedDates.rfc822(dateCreated))</dateCreated>\n"
        out += "  </head>\n  <body>\n"
        var folders: [String] = []
        var byFolder: [String: [SubscriptionEntry]] = [:]
        var loose: [SubscriptionEntry] = []
        for entry in entries {
            guard let folder = entry.tags.first else { loose.append(entry); continue }
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(entry)
        }
        for folder in folders {
            out += "    <outline text=\"\(escape(folder))\" title=\"\(escape(folder))\">\n"
            for entry in byFolder[folder] ?? [] { out += "      " + outline(entry, extraTags: entry.tags.dropFirst()) + "\n" }
            out += "    </outline>\n"
        }
        for entry in loose { out += "    " + outline(entry, extraTags: []) + "\n" }
        out += "  </body>\n</opml>\n"
        return Data(out.utf8)
    }

    private func outline(_ entry: SubscriptionEntry, extraTags: ArraySlice<String>) -> String {
        let title = entry.title ?? entry.feedURL
        var attributes = "type=\"rss\" text=\"\(escape(title))\" title=\"\(escape(title))\" xmlUrl=\"\(escape(entry.feedURL))\""
        if let site = entry.siteURL { attributes += " htmlUrl=\"\(escape(site))\"" }
        if !extraTags.isEmpty { attributes += " category=\"\(escape(extraTags.map { "/" + $0 }.joined(separator: ",")))\"" }
        if entry.isHidden { attributes += " hidden=\"true\"" }
        return "<outline \(attributes)/>"
    }

    private func escape(_ s: String) -> String {
        var out = ""
        for c in TerminalSafety.sanitize(s).unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
