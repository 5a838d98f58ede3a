import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPorts

/// A fake `FeedDiscovering` that answers a fixed list for a page URL.
struct SubscribeTestDiscoverer: FeedDiscovering {
    var feedsByPage: [String: [DiscoveredFeed]] = [:]

    func discoverFeeds(inHTML data: Data, pageURL: String) -> [DiscoveredFeed] {
        feedsByPage[pageURL] ?? []
    }
}

/// A fake `SubscriptionListConverting`: reads lines `url|title|tag,tag|hidden` (`#` comments),
/// and "writes OPML" as JSON that it reads back, so an export can be imported again.
struct SubscribeTestListConverter: SubscriptionListConverting {
    func readSubscriptions(from data: Data) throws(SubscriptionListError) -> [SubscriptionEntry] {
        if data.first == UInt8(ascii: "[") {
            do {
                return try JSONDecoder().decode([SubscriptionEntry].self, from: data)
            } catch {
                throw .malformed(reason: "bad JSON")
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        guard !text.hasPrefix("<") else { throw .unrecognised }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            func part(_ index: Int) -> String? { parts.count > index && !parts[index].isEmpty ? parts[index] : nil }
            return SubscriptionEntry(feedURL: parts[0], title: part(1),
                                     tags: part(2)?.split(separator: ",").map(String.init) ?? [],
                                     isHidden: part(3) == "hidden")
        }
    }

    func writeOPML(_ entries: [SubscriptionEntry], title: String, dateCreated: Date) -> Data {
        (try? JSONEncoder().encode(entries)) ?? Data()
    }
}

/// The fakes of one subscribe test wired together.
struct SubscribeHarness {
    let store = RefreshTestStore()
    let fetcher = RefreshTestFetcher()
    let parser = RefreshTestParser()
    var discoverer = SubscribeTestDiscoverer()
    /// Whether commands may be added (the command line's `add` accepts them).
    var scriptSources: ScriptSourcePolicy = .refused

    var interactor: SubscribeInteractor {
        SubscribeInteractor(feeds: store, fetcher: fetcher, parser: parser, discoverer: discoverer,
                            lists: SubscribeTestListConverter(), clock: FixedWallClock(RefreshHarness.start),
                            scriptSources: scriptSources)
    }
}
