import Foundation
import HeraldDomain
import HeraldInteractors
import Testing

@Suite("Subscribe: import and export")
struct ImportExportTests {
    let list = """
    # exported from newsboat
    https://a.example/feed|Alpha|tech,linux|
    https://b.example/rss||news|hidden
    https://c.example/atom.xml|  Gamma  ||
    https://a.example/feed|Alpha again||
    """

    @Test func importingAddsEveryEntryWithoutFetching() async throws {
        let harness = SubscribeHarness()
        let summary = try await harness.interactor.importSubscriptions(from: Data(list.utf8))
        #expect(summary == ImportSummary(added: 3, alreadySubscribed: 1))
        #expect(await harness.fetcher.requests.isEmpty)
        let alpha = try #require(try await harness.store.feed(url: "https://a.example/feed"))
        #expect(alpha.customTitle == "Alpha")
        #expect(alpha.tags == ["tech", "linux"])
        let beta = try #require(try await harness.store.feed(url: "https://b.example/rss"))
        #expect(beta.isHidden)
        #expect(beta.customTitle == nil)
        #expect(try await harness.store.feed(url: "https://c.example/atom.xml")?.customTitle == "Gamma")
    }

    @Test func importingTheSameFileTwiceChangesNothing() async throws {
        let harness = SubscribeHarness()
        _ = try await harness.interactor.importSubscriptions(from: Data(list.utf8))
        let before = try await harness.store.feeds()
        let second = try await harness.interactor.importSubscriptions(from: Data(list.utf8))
        #expect(second == ImportSummary(added: 0, alreadySubscribed: 4))
        #expect(try await harness.store.feeds() == before)
    }

    @Test func anUnreadableListSaysWhy() async throws {
        let harness = SubscribeHarness()
        await #expect(throws: SubscribeError.list(.unrecognised)) {
            _ = try await harness.interactor.importSubscriptions(from: Data("<svg/>".utf8))
        }
    }

    @Test func anExportImportsBackToTheSameSubscriptions() async throws {
        let harness = SubscribeHarness()
        let id = await harness.store.seed("https://d.example/feed", title: "Delta")
        try await harness.store.setTags(["science"], for: id)
        _ = try await harness.interactor.importSubscriptions(from: Data(list.utf8))
        let exported = try await harness.interactor.exportSubscriptions()

        let entries = try SubscribeTestListConverter().readSubscriptions(from: exported)
        #expect(entries.first { $0.feedURL == "https://d.example/feed" }
            == SubscriptionEntry(feedURL: "https://d.example/feed", title: "Delta", tags: ["science"]))

        let other = SubscribeHarness()
        let summary = try await other.interactor.importSubscriptions(from: exported)
        #expect(summary.added == 4)
        let original = try await harness.store.feeds().map { [$0.url, $0.customTitle ?? $0.title ?? "", $0.tags.joined(separator: ","), "\($0.isHidden)"] }
        let copied = try await other.store.feeds().map { [$0.url, $0.customTitle ?? $0.title ?? "", $0.tags.joined(separator: ","), "\($0.isHidden)"] }
        #expect(Set(original) == Set(copied))
    }
}
