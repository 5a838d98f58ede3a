extension ArticleFilter {
    /// The identifier no store assigns (both number rows from 1): a filter on it matches nothing.
    package static let missingFeed = FeedID(0)

    /// The filter with the identifiers in its scope replaced by another store's (see
    /// ``StoreArchiving/restoreSavedSearches(_:feedIDs:)``). A feed missing from `feeds`, which the
    /// archived filter named but the source no longer had, becomes ``missingFeed`` and still
    /// matches nothing. A saved search missing from `savedSearches` becomes `.all`, which is how a
    /// saved search inside a saved search's filter is read anyway.
    package func remapped(feeds: [FeedID: FeedID], savedSearches: [SavedSearchID: SavedSearchID]) -> ArticleFilter {
        var filter = self
        switch scope {
        case .all, .tag, .hidden:
            break
        case .feed(let id):
            filter.scope = .feed(feeds[id] ?? Self.missingFeed)
        case .savedSearch(let id):
            filter.scope = savedSearches[id].map(ArticleScope.savedSearch) ?? .all
        }
        return filter
    }
}
