import Foundation
import HeraldDomain

/// The JSON document of `herald parse --json`: stable, documented in `Docs/json-schema.md`.
/// Keys are sorted, output is pretty-printed, dates are RFC 3339 UTC strings, absent
/// optional values are left out and lists are always present (possibly empty).
///
/// The document is written by hand with ``JSONStreamWriter``, item by item, in the layout
/// Foundation's `JSONEncoder` gives with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`:
/// a large feed streams out in constant extra memory instead of being built whole.
public enum ParsedFeedJSON {
    /// The schema version written as `schemaVersion`; raised only for incompatible changes.
    public static let schemaVersion = 1

    /// Encodes a parsed feed as the documented JSON document (UTF-8, no trailing newline).
    public static func encode(_ feed: ParsedFeed) -> Data {
        var writer = JSONStreamWriter(capacity: 4096 + feed.items.count * 2048)
        write(feed, into: &writer)
        return writer.withBytes { Data($0) }
    }

    /// Writes the JSON document of a parsed feed to a file descriptor (standard output, say),
    /// followed by a newline, flushing every few hundred kilobytes.
    /// - Throws: ``JSONWriteError`` when `write(2)` fails (a closed pipe, a full disk).
    public static func write(_ feed: ParsedFeed, toFileDescriptor descriptor: Int32) throws(JSONWriteError) {
        var writer = JSONStreamWriter(descriptor: descriptor)
        write(feed, into: &writer)
        writer.raw("\n")
        writer.flush()
        if let failure = writer.failure { throw failure }
    }

    /// The whole document; keys in UTF-8 order.
    static func write(_ feed: ParsedFeed, into writer: inout JSONStreamWriter) {
        writer.openObject()
        writer.key("encoding"); writer.string(feed.encoding)
        writer.key("feed"); writeFeed(feed, into: &writer)
        writer.key("format"); writer.string(feed.format.rawValue)
        writer.key("items")
        writer.openArray()
        for item in feed.items {
            writer.element()
            ParsedItemJSON.write(item, into: &writer)
            writer.flushIfFull()
        }
        writer.closeArray()
        writer.key("recovered"); writer.bool(feed.recovered)
        writer.key("schemaVersion"); writer.integer(schemaVersion)
        writer.key("version"); writer.string(feed.version)
        writer.key("warnings"); writeStrings(feed.warnings, into: &writer)
        writer.closeObject()
    }

    /// The `feed` object.
    private static func writeFeed(_ feed: ParsedFeed, into writer: inout JSONStreamWriter) {
        writer.openObject()
        writer.key("authors"); FeedPartsJSON.writePeople(feed.authors, into: &writer)
        writer.key("categories"); FeedPartsJSON.writeCategories(feed.categories, into: &writer)
        writer.key("contributors"); FeedPartsJSON.writePeople(feed.contributors, into: &writer)
        if let generator = feed.generator { writer.key("generator"); FeedPartsJSON.write(generator, into: &writer) }
        if let icon = feed.icon { writer.key("icon"); writer.string(icon) }
        if let id = feed.id { writer.key("id"); writer.string(id) }
        if let image = feed.image { writer.key("image"); FeedPartsJSON.write(image, into: &writer) }
        if let language = feed.language { writer.key("language"); writer.string(language) }
        writer.key("links"); FeedPartsJSON.writeLinks(feed.links, into: &writer)
        if let logo = feed.logo { writer.key("logo"); writer.string(logo) }
        if let plainTitle = feed.plainTitle { writer.key("plainTitle"); writer.string(plainTitle) }
        if let published = feed.published { writer.key("published"); writer.date(published) }
        if let rights = feed.rights { writer.key("rights"); FeedPartsJSON.write(rights, into: &writer) }
        if let subtitle = feed.subtitle { writer.key("subtitle"); FeedPartsJSON.write(subtitle, into: &writer) }
        if let title = feed.title { writer.key("title"); FeedPartsJSON.write(title, into: &writer) }
        if let ttl = feed.updateHint?.ttlMinutes { writer.key("ttl"); writer.integer(ttl) }
        // JSON has no infinity or NaN: such an interval (a zero-ish frequency) is left out.
        if let interval = feed.updateHint?.syndicationInterval, interval.isFinite {
            writer.key("updateInterval"); writer.number(interval)
        }
        if let updated = feed.updated { writer.key("updated"); writer.date(updated) }
        writer.closeObject()
    }

    /// A list of strings.
    static func writeStrings(_ values: [String], into writer: inout JSONStreamWriter) {
        writer.openArray()
        for value in values {
            writer.element()
            writer.string(value)
        }
        writer.closeArray()
    }
}
