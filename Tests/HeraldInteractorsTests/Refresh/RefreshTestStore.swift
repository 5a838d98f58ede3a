import Foundation
import HeraldDomain
import HeraldPorts

/// An in-memory `FeedStoring` for the use-case tests; it records what the use cases wrote.
actor RefreshTestStore: FeedStoring {
    private var byID: [FeedID: Feed] = [:]
    private var identities: [FeedID: Set<String>] = [:]
    private var nextID: Int64 = 1
    /// Feeds whose `saveFetchedFeed` fails with a full disk.
    private var failingSaves: Set<FeedID> = []
    private var everySaveFails = false

    /// Every `saveFetchedFeed` call, in order.
    private(set) var saves: [FeedID] = []
    /// Every `updateFetchState` call, in order.
    private(set) var stateUpdates: [FeedID] = []
    /// How many times `finishSaving` was called.
    private(set) var finishedSavings = 0
    /// Every `changeURL` call, in order.
    private(set) var moves: [(FeedID, String)] = []

    /// Adds a feed as if subscribed earlier, with a given fetch state.
    @discardableResult
    func seed(_ url: String, title: String? = nil, state: FetchState = FetchState(),
              settings: FeedSettings = FeedSettings()) -> FeedID {
        let id = FeedID(nextID)
        nextID += 1
        byID[id] = Feed(id: id, url: url, title: title, settings: settings, fetchState: state,
                        addedAt: Date(timeIntervalSince1970: 0))
        return id
    }

    func failSaves(of id: FeedID) { failingSaves.insert(id) }

    func failEverySave() { everySaveFails = true }

    func articleIdentities(of id: FeedID) -> Set<String> { identities[id] ?? [] }

    func addFeed(_ feed: NewFeed, at date: Date) async throws(StoreError) -> (feed: Feed, created: Bool) {
        if let existing = byID.values.first(where: { $0.url == feed.url }) { return (existing, false) }
        let id = FeedID(nextID)
        nextID += 1
        let stored = Feed(id: id, url: feed.url, customTitle: feed.customTitle, tags: feed.tags,
                          isHidden: feed.isHidden, addedAt: date)
        byID[id] = stored
        return (stored, true)
    }

    func feeds() async throws(StoreError) -> [Feed] {
        byID.values.sorted { ($0.displayTitle, $0.id) < ($1.displayTitle, $1.id) }
    }

    func feed(_ id: FeedID) async throws(StoreError) -> Feed {
        guard let feed = byID[id] else { throw .feedNotFound(id) }
        return feed
    }

    func feed(url: String) async throws(StoreError) -> Feed? { byID.values.first { $0.url == url } }

    func removeFeed(_ id: FeedID) async throws(StoreError) {
        guard byID.removeValue(forKey: id) != nil else { throw .feedNotFound(id) }
        identities[id] = nil
    }

    func setCustomTitle(_ title: String?, for id: FeedID) async throws(StoreError) {
        try modify(id) { $0.customTitle = title }
    }

    func setTags(_ tags: [String], for id: FeedID) async throws(StoreError) { try modify(id) { $0.tags = tags } }

    func setSettings(_ settings: FeedSettings, for id: FeedID) async throws(StoreError) {
        try modify(id) { $0.settings = settings }
    }

    func changeURL(of id: FeedID, to url: String) async throws(StoreError) {
        if let other = byID.values.first(where: { $0.url == url && $0.id != id }) {
            throw .duplicateFeed(url: url, existing: other.id)
        }
        try modify(id) { $0.url = url }
        moves.append((id, url))
    }

    func updateFetchState(_ state: FetchState, for id: FeedID) async throws(StoreError) {
        try modify(id) { $0.fetchState = state }
        stateUpdates.append(id)
    }

    func dueFeeds(at date: Date) async throws(StoreError) -> [Feed] {
        byID.values
            .filter { !$0.fetchState.isGone && ($0.fetchState.nextDueAt ?? .distantPast) <= date }
            .sorted { ($0.fetchState.nextDueAt ?? .distantPast, $0.id) < ($1.fetchState.nextDueAt ?? .distantPast, $1.id) }
    }

    func finishSaving() async throws(StoreError) {
        finishedSavings += 1
    }

    func saveFetchedFeed(_ parsed: ParsedFeed, fetchState: FetchState, for id: FeedID, at date: Date)
        async throws(StoreError) -> StoreOutcome {
        guard byID[id] != nil else { throw .feedNotFound(id) }
        if everySaveFails || failingSaves.contains(id) { throw .diskFull }
        let known = identities[id] ?? []
        let incoming = parsed.items.map(\.identity)
        let inserted = incoming.filter { !known.contains($0) }.count
        identities[id] = known.union(incoming)
        try modify(id) {
            $0.fetchState = fetchState
            $0.title = parsed.plainTitle ?? $0.title
            $0.siteURL = parsed.siteURL ?? $0.siteURL
        }
        saves.append(id)
        return StoreOutcome(inserted: inserted, updated: 0, unchanged: incoming.count - inserted)
    }

    private func modify(_ id: FeedID, _ change: (inout Feed) -> Void) throws(StoreError) {
        guard var feed = byID[id] else { throw .feedNotFound(id) }
        change(&feed)
        byID[id] = feed
    }
}
