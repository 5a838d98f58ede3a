import Foundation
import HeraldDomain

/// The columns of one parsed item, and their hash: the text work of an upsert (plain title,
/// search body, JSON lists, hash), done before the feed's transaction so that it holds the
/// database's single writer only for the SQL, and several feeds' preparation overlaps it.
struct ItemFields: Sendable {
    let item: ParsedItem
    /// The title as plain text.
    let title: String
    /// The text the search index reads: the plain body, CJK characters as separate tokens.
    let searchBody: String
    let enclosures: String?
    let categories: String?
    let authors: String?
    let hash: Int64

    init(_ item: ParsedItem) {
        self.item = item
        title = item.plainTitle.map { PlainText.collapse($0, stripTags: false) } ?? PlainText.of(item.title)
        searchBody = CJKText.searchBody(title: title, body: PlainText.of(item.content ?? item.summary))
        enclosures = ListJSON.enclosures(item.enclosures)
        categories = ListJSON.categories(item.categories)
        let onlyName = item.authors.count == 1 && item.authors[0].email == nil && item.authors[0].uri == nil
        authors = onlyName ? nil : ListJSON.people(item.authors)
        var hasher = ContentHash()
        hasher.add(item.plainTitle ?? item.title?.value)
        Self.addHashedColumns(of: item, authors: authors, enclosures: enclosures, categories: categories, to: &hasher)
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

    func sortDate(firstSeen: Double) -> Double {
        (item.published ?? item.updated)?.timeIntervalSince1970 ?? firstSeen
    }

    /// Binds the `articles` columns from `title` to `content_hash`, in the statements' order.
    func bindArticleColumns(_ binding: inout DirectBinding) {
        binding.add(title)
        binding.add(item.url)
        binding.add(item.authors.first?.displayName)
        binding.add(authors)
        binding.add(item.published?.timeIntervalSince1970)
        binding.add(item.updated?.timeIntervalSince1970)
        binding.add(enclosures)
        binding.add(categories)
        binding.add(item.comments)
        binding.add(hash)
    }

    /// Binds the `article_texts` columns from `title` to `body`, in the statements' order.
    func bindTexts(_ binding: inout DirectBinding) {
        binding.add(title)
        for text in [item.summary, item.content] {
            binding.add(text?.type.rawValue)
            binding.add(text?.value)
            binding.add(text?.language)
        }
        binding.add(searchBody)
    }
}
