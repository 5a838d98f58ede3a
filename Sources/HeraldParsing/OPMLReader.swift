import CLibXML2
import Foundation
import HeraldDomain

/// Reads OPML 1.0/2.0 with libxml2's SAX2 push parser: outlines with `xmlUrl` are
/// subscriptions, other outlines are folders whose titles become tags (outer first).
final class OPMLReader {
    private var entries: [SubscriptionEntry] = []
    private var folders: [String?] = []
    private var sawOPML = false

    static func read(_ data: Data) throws(SubscriptionListError) -> [SubscriptionEntry] {
        let reader = OPMLReader()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
            guard let ctx, let localname else { return }
            Unmanaged<OPMLReader>.fromOpaque(ctx).takeUnretainedValue()
                .start(String(cString: localname), Attributes(pointer: attributes, count: Int(count)))
        }
        handler.endElementNs = { ctx, localname, _, _ in
            guard let ctx, let localname else { return }
            Unmanaged<OPMLReader>.fromOpaque(ctx).takeUnretainedValue().end(String(cString: localname))
        }
        handler.serror = { _, _ in }
        let outcome = withExtendedLifetime(reader) {
            data.withUnsafeBytes { bytes in
                XMLPushParser.parse(bytes, handler: &handler, userData: Unmanaged.passUnretained(reader).toOpaque(), encoding: nil)
            }
        }
        guard reader.sawOPML else { throw .malformed(reason: outcome.wellFormed ? "no <opml> element" : "the XML is broken") }
        // A broken file that yielded nothing is an error, not "0 feeds imported"; a broken file that
        // yielded subscriptions (a truncated export) keeps them.
        if reader.entries.isEmpty && !outcome.wellFormed {
            throw .malformed(reason: "the XML is broken before any subscription")
        }
        return reader.entries
    }

    private func start(_ name: String, _ attrs: Attributes) {
        if name == "opml" { sawOPML = true }
        guard name == "outline" else { return }
        var values: [String: String] = [:]
        for index in 0..<attrs.count {
            values[String(cString: attrs.localname(at: index)).lowercased()] = attrs.value(at: index)
        }
        let title = (values["title"] ?? values["text"]).map { PlainText.line(from: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        guard let url = values["xmlurl"]?.trimmingASCIIWhitespace(), !url.isEmpty else {
            folders.append(title)
            return
        }
        var tags = folders.compactMap { $0 }
        for path in (values["category"] ?? "").split(separator: ",") {
            for tag in path.split(separator: "/") where !tags.contains(String(tag)) { tags.append(String(tag)) }
        }
        let site = values["htmlurl"].flatMap { $0.isEmpty ? nil : $0 }
        // Exporters (Herald included) write the URL as `text` when a feed has no title yet: that is
        // no title, not a custom one. `hidden="true"` is Herald's own attribute for newsboat's `!`.
        let ownTitle = title == url ? nil : title
        let hidden = values["hidden"]?.lowercased() == "true"
        entries.append(SubscriptionEntry(feedURL: url, title: ownTitle, siteURL: site, tags: tags, isHidden: hidden))
        folders.append(nil)
    }

    private func end(_ name: String) {
        if name == "outline", !folders.isEmpty { folders.removeLast() }
    }
}
