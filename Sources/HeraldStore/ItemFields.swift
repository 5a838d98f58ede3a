import Foundation
import HeraldDomain
import HeraldStoreCore

/// The columns of one parsed item (``ArticleColumns``, shared with the other stores) and the
/// SQLite search body: the text work of an upsert, done before the feed's transaction so that it
/// holds the database's single writer only for the SQL, and several feeds' preparation overlaps it.
struct ItemFields: Sendable {
    let columns: ArticleColumns
    /// The text the search index reads: the plain body, CJK characters as separate tokens.
    let searchBody: String

    init(_ item: ParsedItem) {
        columns = ArticleColumns(item)
        searchBody = CJKText.searchBody(title: columns.title, body: columns.plainBody)
    }

    var item: ParsedItem { columns.item }
    var hash: Int64 { columns.hash }

    func sortDate(firstSeen: Double) -> Double { columns.sortDate(firstSeen: firstSeen) }

    /// Binds the `articles` columns from `title` to `episode_json`, in the statements' order.
    func bindArticleColumns(_ binding: inout DirectBinding) {
        binding.add(columns.title)
        binding.add(item.url)
        binding.add(item.authors.first?.displayName)
        binding.add(columns.authors)
        binding.add(item.published?.timeIntervalSince1970)
        binding.add(item.updated?.timeIntervalSince1970)
        binding.add(columns.enclosures)
        binding.add(columns.categories)
        binding.add(item.comments)
        binding.add(hash)
        binding.add(columns.episode)
    }

    /// Binds the `article_texts` columns from `title` to `body`, in the statements' order.
    func bindTexts(_ binding: inout DirectBinding) {
        binding.add(columns.title)
        for text in [item.summary, item.content] {
            binding.add(text?.type.rawValue)
            binding.add(text?.value)
            binding.add(text?.language)
        }
        binding.add(searchBody)
    }
}
