#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// The stored columns of one parsed item, the same in every store: the plain title, the plain
/// body the search index reads, the JSON lists, and the content hash that tells an unchanged item
/// from an updated one. Computed before a store's transaction, so the database is held for the SQL
/// only.
package struct ArticleColumns: Sendable {
    /// The item.
    package let item: ParsedItem
    /// The title as plain text.
    package let title: String
    /// The content (else the summary) as plain text.
    package let plainBody: String
    /// The enclosures as JSON, `nil` when there are none.
    package let enclosures: String?
    /// The categories as JSON, `nil` when there are none.
    package let categories: String?
    /// The authors as JSON, `nil` when there is at most one name and nothing else.
    package let authors: String?
    /// The podcast episode's data as JSON, `nil` when there is none.
    package let episode: String?
    /// A stable hash of the content (see ``ContentHash``); stored values depend on it.
    package let hash: Int64

    /// Prepares the columns of an item.
    package init(_ item: ParsedItem) {
        self.item = item
        title = item.plainTitle.map { IndexText.collapse($0, stripTags: false) } ?? IndexText.of(item.title)
        plainBody = EpisodeColumns.searchable(IndexText.of(item.content ?? item.summary), item.episode)
        episode = EpisodeColumns.json(item.episode)
        enclosures = ListJSON.enclosures(item.enclosures)
        categories = ListJSON.categories(item.categories)
        let onlyName = item.authors.count == 1 && item.authors[0].email == nil && item.authors[0].uri == nil
        authors = onlyName ? nil : ListJSON.people(item.authors)
        var hasher = ContentHash()
        hasher.add(item.plainTitle ?? item.title?.value)
        Self.addHashedColumns(of: item, authors: authors, enclosures: enclosures, categories: categories, to: &hasher)
        // Added last and only when present, so the hashes of articles without one do not change.
        if let episode { hasher.add(episode) }
        hash = hasher.storedValue
    }

    /// The columns the content hash reads, in its order (stored hashes depend on it: never
    /// reorder; the stored columns are split over `articles` and `article_texts`).
    private static func addHashedColumns(of item: ParsedItem, authors: String?, enclosures: String?,
                                         categories: String?, to sink: inout ContentHash) {
        sink.add(item.url)
        sink.add(item.authors.first?.displayName)
        sink.add(authors)
        sink.add(item.published?.timeIntervalSince1970)
        sink.add(item.updated?.timeIntervalSince1970)
        for text in [item.summary, item.content] {
            sink.add(text?.type.rawValue)
            sink.add(text?.value)
            sink.add(text?.language)
        }
        sink.add(enclosures)
        sink.add(categories)
        sink.add(item.comments)
    }

    /// The date lists sort by: published, else updated, else first seen (seconds since 1970).
    package func sortDate(firstSeen: Double) -> Double {
        (item.published ?? item.updated)?.timeIntervalSince1970 ?? firstSeen
    }
}
