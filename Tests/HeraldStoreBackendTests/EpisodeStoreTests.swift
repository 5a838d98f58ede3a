import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Podcast episodes kept beside articles")
struct EpisodeStoreTests {
    static let details = EpisodeDetails(
        duration: 3723, episode: 5, season: 2, episodeType: "bonus", isExplicit: true, image: "https://radio.example/e5.jpg",
        chapters: [PodcastLink(url: "https://radio.example/e5.json", type: "application/json+chapters")],
        transcripts: [PodcastLink(url: "https://radio.example/e5.vtt", type: "text/vtt", language: "en")],
        funding: [PodcastLink(url: "https://radio.example/support", title: "Coffee")],
        persons: [PodcastPerson(name: "Ada Lovelace", role: "guest"), PodcastPerson(name: "Grace Hopper", role: "host")])

    @Test("""
        Given an item with episode data, when saved, then the article reads it back whole, a search for a guest finds it, \
        an item without any keeps none, and a changed episode updates the article
        """, arguments: Backend.all)
    func episodesRoundTrip(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            var episode = StoreFixtures.item("e5", title: "Tides", body: "<p>About the tides.</p>")
            episode.episode = Self.details
            let plain = StoreFixtures.item("p1", title: "Plain", body: "<p>No podcast.</p>")
            try await StoreFixtures.save([episode, plain], to: feed.id, in: store)
            try await store.finishSaving()
            let ids = try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter()))
            let articles = try await store.articles(withIDs: ids)
            #expect(articles.first { $0.title == "Tides" }?.episode == Self.details)
            #expect(articles.first { $0.title == "Plain" }?.episode == nil)
            let hits = try await store.search(SearchRequest(query: "Lovelace")).hits.map(\.article.title)
            #expect(hits == ["Tides"])

            episode.episode?.duration = 60
            try await StoreFixtures.save([episode, plain], to: feed.id, in: store)
            try await store.finishSaving()
            let again = try await store.articles(withIDs: ids)
            #expect(again.first { $0.title == "Tides" }?.episode?.duration == 60)
        }
    }
}
