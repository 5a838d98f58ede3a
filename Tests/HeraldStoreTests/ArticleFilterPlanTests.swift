import Foundation
import HeraldDomain
import HeraldStoreCore
import Testing

@Suite("The filter plan both stores render")
struct ArticleFilterPlanTests {
    @Test("a scope and flags become restrictions in order; all articles means the feeds that are not hidden; every scope but the hidden one leaves hidden articles out")
    func plainFilters() {
        let since = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(ArticleFilterPlan(ArticleFilter(), savedSearch: nil).restrictions == [.visibleFeeds, .shown])
        let plan = ArticleFilterPlan(ArticleFilter(scope: .feed(FeedID(3)), unreadOnly: true, starredOnly: true, since: since),
                                     savedSearch: nil)
        #expect(plan.restrictions == [.feed(FeedID(3)), .unread, .starred, .since(since), .shown])
        #expect(ArticleFilterPlan(ArticleFilter(scope: .hidden, unreadOnly: true), savedSearch: nil).restrictions == [.unread, .hidden])
        let request = ArticleIDRequest(filter: ArticleFilter(scope: .tag("news")), query: "rust", firstSeenSince: since)
        #expect(ArticleFilterPlan(request, savedSearch: nil).restrictions
                == [.tag("news"), .shown, .matches(query: "rust"), .firstSeen(since: since)])
        #expect(plan.isSingleFeed)
        #expect(!ArticleFilterPlan(ArticleFilter(scope: .tag("news")), savedSearch: nil).isSingleFeed)
    }

    @Test("a saved search brings its query and its own restrictions, the filter's flags apply on top, and saved searches do not nest")
    func savedSearches() {
        let saved = SavedSearch(id: SavedSearchID(1), name: "Ferries", query: "ferry OR boat",
                                filter: ArticleFilter(scope: .savedSearch(SavedSearchID(2)), starredOnly: true))
        let filter = ArticleFilter(scope: .savedSearch(SavedSearchID(1)), unreadOnly: true)
        #expect(ArticleFilterPlan.savedSearchID(of: filter) == SavedSearchID(1))
        let plan = ArticleFilterPlan(filter, savedSearch: saved)
        #expect(plan.restrictions == [.matches(query: "ferry OR boat"), .starred, .unread, .shown])
        #expect(plan.searchQuery == "ferry OR boat")
        let tagged = SavedSearch(id: SavedSearchID(4), name: "Local", query: "harbour", filter: ArticleFilter(scope: .feed(FeedID(9))))
        #expect(ArticleFilterPlan(ArticleFilter(scope: .savedSearch(SavedSearchID(4))), savedSearch: tagged).isSingleFeed)
    }
}
