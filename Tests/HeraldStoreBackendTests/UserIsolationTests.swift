import Foundation
import HeraldDomain
import HeraldTestSupport
import PostgresNIO
import Testing
@testable import HeraldPostgres

/// Several people on one PostgreSQL database: each sees only their own subscriptions, state, tags
/// and saved searches, while a feed both subscribe to is stored once.
@Suite("Users sharing a PostgreSQL database", .enabled(if: Backend.postgresURL != nil, "HERALD_TEST_POSTGRES_URL is not set"))
struct UserIsolationTests {
    @Test func anUnknownUserIsRefusedTheLoginNameIsAddedOnFirstUseAndNamesAreUnique() async throws {
        let (owner, schema) = try await Backend.openPostgres()
        await #expect(throws: StoreError.unknownUser("carol")) {
            _ = try await Backend.openPostgres(schema: schema, user: "carol")
        }
        let (carol, _) = try await Backend.openPostgres(schema: schema, user: "carol", createUser: true)
        #expect(carol.currentUser == "carol")
        try await owner.addUser("dave")
        await #expect(throws: StoreError.userExists("dave")) { try await owner.addUser("dave") }
        _ = try await carol.addFeed(NewFeed(url: "https://c.example.org/rss"), at: StoreFixtures.epoch)
        let users = try await owner.users()
        #expect(users.map(\.name) == ["carol", "dave", "default"])
        #expect(users.map(\.subscriptions) == [1, 0, 0])
        await carol.close()
        await Backend.drop(owner, schema: schema)
    }

    @Test func oneUsersStateIsNeverVisibleToAnother() async throws {
        let (alice, schema) = try await Backend.openPostgres(user: "alice", createUser: true)
        let (bob, _) = try await Backend.openPostgres(schema: schema, user: "bob", createUser: true)
        let shared = "https://shared.example.org/rss"
        let own = try await alice.addFeed(NewFeed(url: "https://alice.example.org/rss", customTitle: "Mine"), at: StoreFixtures.epoch).feed
        let aliceShared = try await alice.addFeed(NewFeed(url: shared, tags: ["news"]), at: StoreFixtures.epoch).feed
        let bobShared = try await bob.addFeed(NewFeed(url: shared), at: StoreFixtures.epoch).feed
        #expect(aliceShared.id == bobShared.id, "a feed both subscribe to is one feed")
        #expect(bobShared.tags.isEmpty, "alice's tags are hers")

        try await StoreFixtures.save([StoreFixtures.item("s1", title: "Shared quantum one"),
                                      StoreFixtures.item("s2", title: "Shared quantum two")], to: aliceShared.id, in: alice)
        try await StoreFixtures.save([StoreFixtures.item("a1", title: "Private quantum note")], to: own.id, in: alice)

        let aliceAll = try await alice.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 10)).articles
        let bobAll = try await bob.articles(ArticlePageRequest(filter: ArticleFilter(), limit: 10)).articles
        #expect(aliceAll.count == 3)
        #expect(Set(bobAll.map(\.title)) == ["Shared quantum one", "Shared quantum two"])
        let sharedOne = try #require(aliceAll.first { $0.title == "Shared quantum one" })
        let privateNote = try #require(aliceAll.first { $0.title == "Private quantum note" })

        try await alice.setRead(true, for: [sharedOne.id])
        try await alice.setStarred(true, for: [sharedOne.id])
        try await alice.setTags(["keep"], forArticle: sharedOne.id)
        _ = try await alice.saveSearch(name: "Quantum", query: "quantum", filter: ArticleFilter())

        let bobsView = try await bob.article(sharedOne.id)
        #expect(!bobsView.state.isRead && !bobsView.state.isStarred && bobsView.state.tags.isEmpty)
        #expect(try await bob.savedSearches().isEmpty)
        #expect(try await bob.feeds().map(\.url) == [shared])
        await #expect(throws: StoreError.articleNotFound(privateNote.id)) { _ = try await bob.article(privateNote.id) }
        await #expect(throws: StoreError.feedNotFound(own.id)) { _ = try await bob.feed(own.id) }
        let bobSearch = try await bob.search(SearchRequest(query: "quantum", filter: ArticleFilter(), limit: 10))
        #expect(Set(bobSearch.hits.map(\.article.title)) == ["Shared quantum one", "Shared quantum two"])
        #expect(try await bob.unreadCountsByFeed() == [bobShared.id: 2])
        #expect(try await bob.statistics().starred == 0)

        // Bob marking everything read, or writing state of alice's own article, changes nothing of hers.
        #expect(try await bob.markAllRead(in: ArticleFilter()) == 2)
        await #expect(throws: StoreError.articleNotFound(privateNote.id)) {
            try await bob.setStarred(true, for: [privateNote.id])
        }
        #expect(try await alice.article(privateNote.id).state.isStarred == false)
        #expect(try await alice.unreadCountsByFeed() == [own.id: 1, aliceShared.id: 1])

        // Bob leaving the shared feed keeps it, its articles and alice's state.
        try await bob.removeFeed(bobShared.id)
        #expect(try await alice.article(sharedOne.id).state.isStarred)
        #expect(try await alice.feeds().count == 2)
        let rows = try await alice.client.query("SELECT count(*) FROM feeds WHERE url = \(shared)").first { try $0.decode(Int64.self) }
        #expect(rows == 1)
        await bob.close()
        await Backend.drop(alice, schema: schema)
    }
}
