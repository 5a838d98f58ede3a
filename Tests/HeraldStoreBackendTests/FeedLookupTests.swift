import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Reading some feeds by id")
struct FeedLookupTests {
    @Test("Given three feeds with tags, when two of them and an id of no feed are asked for, then those two come with their tags and titles, and the unknown id is left out",
          arguments: Backend.all)
    func feedsWithIDs(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let (first, _) = try await store.addFeed(NewFeed(url: "https://a.example.org/feed", tags: ["news", "daily"]),
                                                     at: StoreFixtures.epoch)
            let (second, _) = try await store.addFeed(NewFeed(url: "https://b.example.org/feed"), at: StoreFixtures.epoch)
            let (third, _) = try await store.addFeed(NewFeed(url: "https://c.example.org/feed", tags: ["tech"]),
                                                     at: StoreFixtures.epoch)
            try await store.setCustomTitle("Bee", for: second.id)

            let found = try await store.feeds(withIDs: [first.id, second.id, FeedID(third.id.rawValue + 1000)])

            let byID = Dictionary(uniqueKeysWithValues: found.map { ($0.id, $0) })
            #expect(Set(byID.keys) == [first.id, second.id])
            #expect(byID[first.id]?.tags == ["news", "daily"])
            #expect(byID[second.id]?.tags == [])
            #expect(byID[second.id]?.displayTitle == "Bee")
            #expect(try await store.feeds(withIDs: []).isEmpty)
            // The same feeds as the whole list holds.
            let all = try await store.feeds().filter { [first.id, second.id].contains($0.id) }
            #expect(Set(all.map(\.url)) == Set(found.map(\.url)))
        }
    }
}
