import Foundation
import HeraldDomain

/// Reads JSON Feed 1.0 and 1.1 with `JSONSerialization`: each field is checked on its own,
/// so one field of the wrong type is skipped instead of failing the whole feed (as a
/// strict `Decodable` would).
enum JSONFeedReader {
    static func read(_ data: Data, documentURL: String?) throws(FeedParseError) -> ParsedFeed {
        let object: Any
        var repairs: [String] = []
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            guard let repaired = LoneSurrogateRepair.repaired(data),
                  let second = try? JSONSerialization.jsonObject(with: repaired, options: [.fragmentsAllowed]) else {
                throw .unreadable(reason: "the JSON is not well-formed")
            }
            object = second
            repairs.append("Lone UTF-16 surrogates in the JSON were replaced with U+FFFD.")
        }
        guard let root = object as? [String: Any], let version = root["version"] as? String,
              version.contains("jsonfeed.org") else {
            throw .notAFeed(detected: "a JSON document that is not a JSON Feed")
        }
        var feed = ParsedFeed(format: .json, version: version.hasSuffix("1.1") ? "1.1" : "1.0")
        feed.warnings += repairs
        let home = string(root["home_page_url"]).map { URLResolver.resolve($0, against: documentURL) }
        let base = home ?? documentURL
        func resolve(_ s: String?) -> String? { s.map { URLResolver.resolve($0, against: base) } }
        if let title = string(root["title"]) {
            feed.title = TextConstruct(type: textType(of: title), value: title, language: string(root["language"]).map(LanguageTag.normalized))
            feed.plainTitle = PlainText.line(from: title)
        }
        feed.language = string(root["language"]).map(LanguageTag.normalized)
        if let home { feed.links.append(Link(href: home, rel: "alternate")) }
        if let url = resolve(string(root["feed_url"])) {
            feed.links.append(Link(href: url, rel: "self"))
            feed.id = url
        }
        if let next = resolve(string(root["next_url"])) { feed.links.append(Link(href: next, rel: "next")) }
        for hub in root["hubs"] as? [[String: Any]] ?? [] {
            if let url = string(hub["url"]) { feed.links.append(Link(href: url, rel: "hub", type: string(hub["type"]))) }
        }
        if let description = string(root["description"]) {
            feed.subtitle = TextConstruct(type: .text, value: description, language: feed.language)
        }
        feed.logo = resolve(string(root["icon"]))
        feed.icon = resolve(string(root["favicon"]))
        feed.authors = people(root, resolve)
        for (index, entry) in (root["items"] as? [Any] ?? []).enumerated() {
            guard let entry = entry as? [String: Any] else {
                feed.warnings.append("Item \(index + 1) is not a JSON object; skipped.")
                continue
            }
            feed.items.append(item(entry, index: index, feed: &feed, resolve: resolve))
        }
        return feed
    }

    private static func item(_ entry: [String: Any], index: Int, feed: inout ParsedFeed, resolve: (String?) -> String?) -> ParsedItem {
        var item = ParsedItem(identity: "")
        item.id = string(entry["id"]) ?? (entry["id"] as? NSNumber).map { $0.stringValue }
        let language = string(entry["language"]) ?? feed.language
        item.language = language
        if let title = string(entry["title"]) {
            item.title = TextConstruct(type: textType(of: title), value: title, language: language)
            item.plainTitle = PlainText.line(from: title)
        }
        if let url = resolve(string(entry["url"])) { item.links.append(Link(href: url, rel: "alternate")) }
        if let external = resolve(string(entry["external_url"])) { item.links.append(Link(href: external, rel: "related")) }
        if let html = string(entry["content_html"]) {
            item.content = TextConstruct(type: .html, value: html, language: language)
        } else if let text = string(entry["content_text"]) {
            item.content = TextConstruct(type: .text, value: text, language: language)
        }
        if let summary = string(entry["summary"]) { item.summary = TextConstruct(type: .text, value: summary, language: language) }
        for key in ["image", "banner_image"] {
            if let url = resolve(string(entry[key])) { item.thumbnails.append(Thumbnail(url: url)) }
        }
        for (key, isPublished) in [("date_published", true), ("date_modified", false)] {
            guard let raw = string(entry[key]) else { continue }
            guard let date = FeedDates.parse(raw) else {
                feed.warnings.append("Item \(index + 1): unreadable date \"\(TerminalSafety.sanitize(String(raw.prefix(60))))\" in \(key); left out.")
                continue
            }
            if isPublished { item.published = date } else { item.updated = date }
        }
        item.authors = people(entry, resolve)
        item.categories = (entry["tags"] as? [Any] ?? []).compactMap { string($0).map { Category(term: $0) } }
        for attachment in entry["attachments"] as? [[String: Any]] ?? [] {
            guard let url = resolve(string(attachment["url"])) else { continue }
            let size = (attachment["size_in_bytes"] as? NSNumber)?.int64Value
            item.enclosures.append(Enclosure(url: url, type: string(attachment["mime_type"]), length: size))
        }
        item.identity = ItemIdentity.of(item)
        return item
    }

    /// JSON Feed 1.1 `authors`, or 1.0 `author`.
    private static func people(_ object: [String: Any], _ resolve: (String?) -> String?) -> [Person] {
        let list = object["authors"] as? [[String: Any]] ?? (object["author"] as? [String: Any]).map { [$0] } ?? []
        return list.compactMap { author in
            let person = Person(name: string(author["name"]), uri: resolve(string(author["url"])))
            return person.name == nil && person.uri == nil ? nil : person
        }
    }

    /// JSON Feed titles are plain text, yet some publishers put HTML in them: HTML only when
    /// the title holds real HTML (``HTMLMarkup``), so `Vec<T> vs slices` stays text.
    private static func textType(of title: String) -> TextType {
        HTMLMarkup.isPresent(in: title) ? .html : .text
    }

    private static func string(_ value: Any?) -> String? {
        guard let s = value as? String, !s.isEmpty else { return nil }
        return s
    }
}
