import HeraldStoreCore
import Foundation
import HeraldDomain
import Testing

@Suite("Archived filters and columns")
struct ArchiveRemappingTests {
    @Test func aFeedScopeFollowsItsFeedAndKeepsTheRestOfTheFilter() {
        let filter = ArticleFilter(scope: .feed(FeedID(7)), unreadOnly: true, since: Date(timeIntervalSince1970: 100))
        let moved = filter.remapped(feeds: [FeedID(7): FeedID(42)], savedSearches: [:])
        #expect(moved == ArticleFilter(scope: .feed(FeedID(42)), unreadOnly: true, since: Date(timeIntervalSince1970: 100)))
    }

    @Test func aFeedTheSourceNoLongerHadStillMatchesNothing() {
        let moved = ArticleFilter(scope: .feed(FeedID(9))).remapped(feeds: [FeedID(7): FeedID(42)], savedSearches: [:])
        #expect(moved.scope == .feed(ArticleFilter.missingFeed))
    }

    @Test func savedSearchScopesFollowTheirSearchOrBecomeAll() {
        let known = ArticleFilter(scope: .savedSearch(SavedSearchID(3))).remapped(feeds: [:], savedSearches: [SavedSearchID(3): SavedSearchID(1)])
        #expect(known.scope == .savedSearch(SavedSearchID(1)))
        #expect(ArticleFilter(scope: .savedSearch(SavedSearchID(4))).remapped(feeds: [:], savedSearches: [:]).scope == .all)
        #expect(ArticleFilter(scope: .tag("news")).remapped(feeds: [:], savedSearches: [:]).scope == .tag("news"))
    }

    @Test func archivedColumnsAreWrittenAsASaveWritesThem() {
        func archived(_ authors: [Person], tags: [String] = []) -> ArchivedArticle {
            ArchivedArticle(article: Article(id: ArticleID(1), feedID: FeedID(1), identity: "x", title: "T", authors: authors,
                                             content: TextConstruct(type: .html, value: "<p>Caf&eacute; &amp; <b>tea</b></p>"),
                                             firstSeenAt: Date(timeIntervalSince1970: 0),
                                             state: ArticleState(tags: tags)),
                            sortDate: Date(timeIntervalSince1970: 0), contentHash: 1)
        }
        let single = ArchivedArticleColumns(archived([Person(name: "Ada")]))
        #expect(single.author == "Ada" && single.authors == nil && single.enclosures == nil && single.categories == nil)
        let several = ArchivedArticleColumns(archived([Person(name: "Ada", email: "ada@example.org"), Person(name: "Grace")]))
        #expect(several.author == "Ada")
        #expect(several.authors == #"[{"email":"ada@example.org","name":"Ada"},{"name":"Grace"}]"#)
        #expect(ArchivedArticleColumns(archived([])).plainBody == "Caf&eacute; & tea")
        #expect(ArchivedArticleColumns.tags(of: archived([], tags: ["b", "", "a", "b"])) == ["a", "b"])
    }
}
