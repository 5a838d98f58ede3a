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
        hasher.add(item.url)
        hasher.add(item.authors.first?.displayName)
        hasher.add(authors)
        hasher.add(item.published?.timeIntervalSince1970)
        hasher.add(item.updated?.timeIntervalSince1970)
        for text in [item.summary, item.content] {
            hasher.add(text?.type.rawValue)
            hasher.add(text?.value)
            hasher.add(text?.language)
        }
        hasher.add(enclosures)
        hasher.add(categories)
        hasher.add(item.comments)
        hash = hasher.storedValue
    }

    func sortDate(firstSeen: Double) -> Double {
        (item.published ?? item.updated)?.timeIntervalSince1970 ?? firstSeen
    }

    /// Binds the content columns from `title` to `content_hash`, in the statements' order.
    func bindContent(_ binding: inout DirectBinding) {
        binding.bind(title)
        binding.bind(item.url)
        binding.bind(item.authors.first?.displayName)
        binding.bind(authors)
        binding.bind(item.published?.timeIntervalSince1970)
        binding.bind(item.updated?.timeIntervalSince1970)
        for text in [item.summary, item.content] {
            binding.bind(text?.type.rawValue)
            binding.bind(text?.value)
            binding.bind(text?.language)
        }
        binding.bind(enclosures)
        binding.bind(categories)
        binding.bind(item.comments)
        binding.bind(searchBody)
        binding.bind(hash)
    }
}
