import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Feeds' icons kept for the sync clients")
struct FeedIconStoreTests {
    /// The smallest PNG signature with a few bytes after it.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    static let gif = Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)

    @Test("Given a feed, when its icon is kept, looked for in vain later and its feed removed, then the store keeps the image, the times of each look, and nothing after the feed is gone",
          arguments: Backend.all)
    func iconLifecycle(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            #expect(try await store.iconCheckTimes().isEmpty)
            #expect(try await store.icon(for: feed.id) == nil)
            let first = try #require(FeedIcon(feedID: feed.id, data: Self.png, url: "https://news.example.org/favicon.ico",
                                              fetchedAt: StoreFixtures.epoch))
            try await store.saveIcon(first)
            #expect(try await store.icon(for: feed.id) == first)
            #expect(try await store.icons() == [first])
            #expect(try await store.feedsWithIcons() == [feed.id])
            #expect(try await store.iconCheckTimes() == [feed.id: StoreFixtures.epoch])

            // A later look that finds nothing moves the time and keeps the image.
            let later = StoreFixtures.epoch.addingTimeInterval(8 * 24 * 3600)
            try await store.recordIconMissing(for: feed.id, at: later)
            #expect(try await store.iconCheckTimes() == [feed.id: later])
            #expect(try await store.icon(for: feed.id) == first)

            // A new image replaces the old.
            let second = try #require(FeedIcon(feedID: feed.id, data: Self.gif, url: "https://news.example.org/logo.gif",
                                               fetchedAt: later))
            try await store.saveIcon(second)
            #expect(try await store.icon(for: feed.id)?.mimeType == "image/gif")
            #expect(try await store.icons().count == 1)

            // A feed with no icon found has a look time and no image.
            let (other, _) = try await store.addFeed(NewFeed(url: "https://other.example.org/feed.xml"), at: StoreFixtures.epoch)
            try await store.recordIconMissing(for: other.id, at: later)
            #expect(try await store.iconCheckTimes()[other.id] == later)
            #expect(try await store.icon(for: other.id) == nil)
            #expect(try await store.feedsWithIcons() == [feed.id])

            try await store.removeFeed(feed.id)
            #expect(try await store.icons().isEmpty)
            #expect(try await store.iconCheckTimes()[feed.id] == nil)
            // An icon for a feed that is gone is not kept.
            try await store.saveIcon(first)
            #expect(try await store.icons().isEmpty)
        }
    }

    @Test("Given bytes, when read as an icon, then raster images are kept by their signature and anything else is refused",
          arguments: [
              (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "image/png"),
              (Data("GIF87a..".utf8), "image/gif"),
              (Data([0xFF, 0xD8, 0xFF, 0xE0]), "image/jpeg"),
              (Data([0, 0, 1, 0, 1, 0, 16, 16]), "image/x-icon"),
              (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "image/webp"),
              (Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8), nil),
              (Data("<!DOCTYPE html><html>".utf8), nil),
              (Data(), nil),
          ] as [(Data, String?)])
    func sniffing(_ data: Data, _ expected: String?) {
        #expect(FeedIcon.mimeType(of: data) == expected)
        #expect((FeedIcon(feedID: FeedID(1), data: data, url: "https://x.example/i", fetchedAt: StoreFixtures.epoch) != nil)
                == (expected != nil))
    }

    @Test("Given an image over the size limit, when read as an icon, then it is refused")
    func tooLarge() {
        let large = Self.png + Data(count: FeedIcon.maxBytes)
        #expect(FeedIcon(feedID: FeedID(1), data: large, url: "https://x.example/i", fetchedAt: StoreFixtures.epoch) == nil)
    }
}
