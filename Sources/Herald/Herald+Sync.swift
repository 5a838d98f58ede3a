import HeraldComposition

extension Herald {
    /// A page of articles for a sync client, with bodies as sanitised HTML.
    public func syncEntries(_ request: SyncEntryRequest) async throws(HeraldError) -> SyncEntryPage {
        do { return try await modules.sync().entries(request) } catch { throw .store(error) }
    }

    /// One article for a sync client.
    public func syncEntry(_ id: ArticleID) async throws(HeraldError) -> SyncEntry {
        do { return try await modules.sync().entry(id) } catch { throw .store(error) }
    }

    /// Unread articles per feed (feeds with none are absent).
    public func unreadCounts() async throws(HeraldError) -> [FeedID: Int] {
        do { return try await modules.sync().unreadCounts() } catch { throw .store(error) }
    }
}
