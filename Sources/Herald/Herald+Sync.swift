import HeraldComposition

extension Herald {
    /// A page of articles for a sync client, with bodies as sanitised HTML.
    public func syncEntries(_ request: SyncEntryRequest) async throws(HeraldError) -> SyncEntryPage {
        do { return try await modules.sync().entries(request) } catch { throw .store(error) }
    }

    /// Article ids in id order (Fever's paging, the sync APIs' id lists).
    public func syncIDs(_ request: ArticleIDRequest) async throws(HeraldError) -> [ArticleID] {
        do { return try await modules.sync().ids(request) } catch { throw .store(error) }
    }

    /// The ids of every article of a filter, ascending.
    public func syncIDs(_ filter: ArticleFilter) async throws(HeraldError) -> [ArticleID] {
        try await syncIDs(ArticleIDRequest(filter: filter))
    }

    /// The articles with these ids for a sync client, in the order given (missing ids left out).
    public func syncEntries(_ ids: [ArticleID]) async throws(HeraldError) -> [SyncEntry] {
        do { return try await modules.sync().entries(ids) } catch { throw .store(error) }
    }

    /// One article for a sync client.
    public func syncEntry(_ id: ArticleID) async throws(HeraldError) -> SyncEntry {
        do { return try await modules.sync().entry(id) } catch { throw .store(error) }
    }

    /// Unread articles per feed (feeds with none are absent).
    public func unreadCounts() async throws(HeraldError) -> [FeedID: Int] {
        do { return try await modules.sync().unreadCounts() } catch { throw .store(error) }
    }

    /// A page of summaries newest first (or oldest first), after a keyset cursor: continuation that
    /// never loses or repeats an article while new ones arrive.
    public func syncPage(_ filter: ArticleFilter, readOnly: Bool = false, oldestFirst: Bool = false, limit: Int,
                         after cursor: PageCursor?) async throws(HeraldError) -> ArticlePage {
        do {
            let sync = modules.sync()
            return oldestFirst
                ? try await sync.pageOldestFirst(filter, readOnly: readOnly, limit: limit, after: cursor)
                : try await sync.page(filter, readOnly: readOnly, limit: limit, after: cursor)
        } catch {
            throw .store(error)
        }
    }

    /// The keys (date and id) of ``syncPage(_:readOnly:oldestFirst:limit:after:)``'s page, read
    /// without the articles' texts where the store can: an id list with a continuation.
    public func syncKeyPage(_ filter: ArticleFilter, readOnly: Bool = false, oldestFirst: Bool = false, limit: Int,
                            after cursor: PageCursor?) async throws(HeraldError) -> ArticleKeyPage {
        do {
            let sync = modules.sync()
            if oldestFirst {
                let page = try await sync.pageOldestFirst(filter, readOnly: readOnly, limit: limit, after: cursor)
                return ArticleKeyPage(keys: page.articles.map(\.cursor), next: page.next)
            }
            return try await sync.keyPage(filter, readOnly: readOnly, limit: limit, after: cursor)
        } catch {
            throw .store(error)
        }
    }

    /// Unread articles per tag.
    public func unreadCountsByTag() async throws(HeraldError) -> [String: Int] {
        do { return try await modules.sync().unreadCountsByTag() } catch { throw .store(error) }
    }

    /// The person's saved searches, in name order (the Google Reader API serves them as labels).
    public func savedSearches() async throws(HeraldError) -> [SavedSearch] {
        do { return try await modules.sync().savedSearches() } catch { throw .store(error) }
    }

    /// Unread articles matching each saved search.
    public func unreadCountsBySavedSearch() async throws(HeraldError) -> [SavedSearchID: Int] {
        do { return try await modules.sync().unreadCountsBySavedSearch() } catch { throw .store(error) }
    }

    /// The icons of the person's feeds, for the sync clients (feeds without one are absent).
    public func feedIcons() async throws(HeraldError) -> [FeedIcon] {
        do { return try await modules.sync().feedIcons() } catch { throw .store(error) }
    }

    /// The person's feeds that have an icon (without reading the images).
    public func feedsWithIcons() async throws(HeraldError) -> Set<FeedID> {
        do { return try await modules.sync().feedsWithIcons() } catch { throw .store(error) }
    }

    /// A feed's icon, if refreshes found one.
    public func feedIcon(for feed: FeedID) async throws(HeraldError) -> FeedIcon? {
        do { return try await modules.sync().feedIcon(for: feed) } catch { throw .store(error) }
    }
}
