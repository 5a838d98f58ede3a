import HeraldDomain

/// The stored columns of an ``ArchivedArticle`` that every store writes the same way and that the
/// archive does not carry as such: the single author column, the JSON lists (written as a save
/// writes them, see ``ArticleColumns``) and the plain body the search index reads.
package struct ArchivedArticleColumns: Sendable {
    /// The first author's display name.
    package let author: String?
    /// The authors as JSON, `nil` when there is at most one name and nothing else.
    package let authors: String?
    /// The enclosures as JSON, `nil` when there are none.
    package let enclosures: String?
    /// The categories as JSON, `nil` when there are none.
    package let categories: String?
    /// The content (else the summary) as plain text.
    package let plainBody: String
    /// The podcast episode's data as JSON, `nil` when there is none.
    package let episode: String?

    /// The columns of an archived article.
    package init(_ archived: ArchivedArticle) {
        let article = archived.article
        author = article.authors.first?.displayName
        let onlyName = article.authors.count == 1 && article.authors[0].email == nil && article.authors[0].uri == nil
        authors = onlyName ? nil : ListJSON.people(article.authors)
        enclosures = ListJSON.enclosures(article.enclosures)
        categories = ListJSON.categories(article.categories)
        plainBody = EpisodeColumns.searchable(IndexText.of(article.content ?? article.summary), article.episode)
        episode = EpisodeColumns.json(article.episode)
    }

    /// The person's tags of the article as a store keeps them: each once, none empty, sorted.
    package static func tags(of archived: ArchivedArticle) -> [String] {
        Array(Set(archived.article.state.tags.filter { !$0.isEmpty })).sorted()
    }
}
