import Foundation
import HeraldDomain

/// The human-readable output of `herald parse FILE`: a feed header, then one block per item
/// (date, title, link, author, enclosure count). Every line is terminal-safe.
public enum ParsedFeedReport {
    /// The report as text, lines separated by `\n`, ending with a newline.
    public static func text(_ feed: ParsedFeed) -> String {
        var lines: [String] = []
        lines.append(feed.plainTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled feed)")
        let count = feed.items.count == 1 ? "1 item" : "\(feed.items.count) items"
        lines.append("\(formatName(feed)) · \(feed.encoding) · \(count)")
        if let site = feed.siteURL { lines.append(site) }
        if let subtitle = feed.subtitle.map({ PlainText.line(from: $0.value) }), !subtitle.isEmpty { lines.append(subtitle) }
        if let updated = feed.updated { lines.append("Updated " + display(updated)) }
        if feed.recovered || !feed.warnings.isEmpty {
            let noun = feed.warnings.count == 1 ? "warning" : "warnings"
            lines.append("\(feed.recovered ? "Recovered from broken markup; " : "")\(feed.warnings.count) \(noun):")
            lines += feed.warnings.map { "  ! " + $0 }
        }
        for item in feed.items {
            lines.append("")
            let date = (item.published ?? item.updated).map(display) ?? "(no date)       "
            lines.append("\(date)  \(item.plainTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)")")
            if let url = item.url { lines.append("  " + url) }
            var details: [String] = []
            let names = item.authors.compactMap(\.displayName)
            if !names.isEmpty { details.append("by " + names.joined(separator: ", ")) }
            if !item.enclosures.isEmpty {
                details.append(item.enclosures.count == 1 ? "1 enclosure" : "\(item.enclosures.count) enclosures")
            }
            if !details.isEmpty { lines.append("  " + details.joined(separator: " · ")) }
        }
        return lines.map(TerminalSafety.sanitize).joined(separator: "\n") + "\n"
    }

    private static func formatName(_ feed: ParsedFeed) -> String {
        switch feed.format {
        case .rss: "RSS \(feed.version)"
        case .rdf: "RSS \(feed.version) (RDF)"
        case .atom: "Atom \(feed.version)"
        case .json: "JSON Feed \(feed.version)"
        }
    }

    /// `2026-11-17 09:12` in UTC.
    private static func display(_ date: Date) -> String {
        let iso = FeedDates.rfc3339(date)
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5))
    }
}
