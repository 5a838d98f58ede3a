import Foundation
import HeraldDomain

extension InMemoryStore {
    /// Articles containing every term, best score first (title matches count double), then newest.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` for an empty query, an unclosed quotation
    ///   mark or a bare `AND`/`OR`/`NOT`.
    public func search(_ request: SearchRequest) async throws(StoreError) -> SearchPage {
        try check(.search)
        let query = try SubstringQuery(request.query)
        let ranked = matching(request.filter)
            .filter(query.matches)
            .map { (article: $0, score: query.score($0)) }
            .sorted { ($0.score, $0.article.sortDate, $0.article.id) > ($1.score, $1.article.sortDate, $1.article.id) }
        let offset = max(request.offset, 0)
        let page = ranked.dropFirst(offset).prefix(max(request.limit, 0))
        let hits = page.map {
            SearchHit(article: summary(of: $0.article), snippet: query.snippet(of: $0.article),
                      highlightedTitle: query.highlight($0.article.title), score: $0.score)
        }
        let next = offset + hits.count < ranked.count ? offset + hits.count : nil
        return SearchPage(hits: hits, nextOffset: next)
    }

    /// Saves a search as a query feed.
    /// - Throws: ``StoreError/invalidQuery(reason:)`` when the query is not valid.
    public func saveSearch(name: String, query: String, filter: ArticleFilter) async throws(StoreError) -> SavedSearch {
        try check(.savedSearches)
        _ = try SubstringQuery(query)
        let saved = SavedSearch(id: SavedSearchID(nextSearchID), name: name, query: query, filter: filter)
        nextSearchID += 1
        searchesByID[saved.id] = saved
        return saved
    }

    /// Every saved search, by name.
    public func savedSearches() async throws(StoreError) -> [SavedSearch] {
        try check(.savedSearches)
        return searchesByID.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    /// Deletes a saved search.
    public func deleteSavedSearch(_ id: SavedSearchID) async throws(StoreError) {
        try check(.savedSearches)
        guard searchesByID.removeValue(forKey: id) != nil else { throw .savedSearchNotFound(id) }
    }

    /// Unread articles matching each saved search (searches with none are absent).
    public func unreadCountsBySavedSearch() async throws(StoreError) -> [SavedSearchID: Int] {
        try check(.counts)
        var counts: [SavedSearchID: Int] = [:]
        for id in searchesByID.keys {
            let unread = matching(ArticleFilter(scope: .savedSearch(id), unreadOnly: true)).count
            if unread > 0 { counts[id] = unread }
        }
        return counts
    }
}
