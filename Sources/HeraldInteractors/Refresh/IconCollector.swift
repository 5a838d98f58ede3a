#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// Looks for the icon of each refreshed feed that has none checked recently (see `Docs/sync.md`,
/// "Feed icons"): the image the feed declares, else `/favicon.ico`, else the icon the site's home
/// page names with `<link rel="icon">`, all only on the feed's own host. A feed is looked at again only ``RefreshPolicy/iconCheckInterval`` after the last look,
/// found or not, so a site without an icon is asked once a week, not at every refresh.
///
/// Icons are fetched with the feeds' politeness (the refresh's per-host and global slots, the
/// process's per-host rate cap, the fetcher's limits), only over `http` and `https`, only from the
/// feed's own host, and each address at most once per run: fifty feeds of one site cost one
/// request for its `/favicon.ico`.
struct IconCollector: Sendable {
    let store: any FeedIconStoring
    let clock: any WallClock
    let policy: RefreshPolicy
    /// Fetches the icons under the refresh's slots and rate cap.
    let pages: RefreshPageFetcher
    /// The run's look-up times and requests, shared by its feeds.
    let run: IconRun
    /// Reads a site's home page for the icons it names, when the feed declares none and the site
    /// has no `/favicon.ico`; `nil` leaves pages unread.
    var pageIcons: (any FeedDiscovering)?

    /// Whether `feed`'s icon is to be looked for now.
    func wants(_ feed: Feed) async -> Bool {
        guard FullTextCollector.isWebPage(feed.url) else { return false }
        guard let last = await run.lastCheck(of: feed.id) else { return true }
        return clock.now().timeIntervalSince(last) >= policy.iconCheckInterval
    }

    /// Looks for `feed`'s icon if it is due, and keeps it or records that there is none.
    /// - Parameter declared: The icon the feed's document declares, when this refresh parsed it.
    func collect(for feed: Feed, declared: String?) async {
        guard await wants(feed) else { return }
        for url in Self.candidates(for: feed, declared: declared) {
            guard let data = await run.data(at: url, fetch: { await fetch(url, feedURL: feed.url) }) else {
                if Task.isCancelled { return }
                continue
            }
            if let icon = FeedIcon(feedID: feed.id, data: data, url: url, fetchedAt: clock.now()) {
                await keep(icon)
                return
            }
        }
        if Task.isCancelled { return }
        if let icon = await iconNamedByHomePage(of: feed) {
            await keep(icon)
            return
        }
        if !Task.isCancelled { try? await store.recordIconMissing(for: feed.id, at: clock.now()) }
    }

    /// Stores a fetched icon, also when a cancel (Ctrl-C) came meanwhile: it is not requested again.
    private func keep(_ icon: FeedIcon) async {
        let store = self.store
        await CancellationShield.run { try? await store.saveIcon(icon) }
    }

    /// The first raster icon the site's home page names with `<link rel="icon">` (or `shortcut
    /// icon`, `apple-touch-icon`) on the feed's own host: one request for the page (shared by the
    /// run's feeds of that site) and one per icon tried, at most three.
    private func iconNamedByHomePage(of feed: Feed) async -> FeedIcon? {
        guard let pageIcons, let origin = Self.origin(of: feed.url) else { return nil }
        let home = feed.siteURL.flatMap { Self.origin(of: $0) == origin ? $0 : nil } ?? origin + "/"
        guard let page = await run.data(at: home, fetch: { await fetch(home, feedURL: feed.url) }) else { return nil }
        let named = pageIcons.iconLinks(inHTML: page, pageURL: home).filter { Self.origin(of: $0) == origin }
        for url in named.prefix(3) {
            guard let data = await run.data(at: url, fetch: { await fetch(url, feedURL: feed.url) }) else {
                if Task.isCancelled { return nil }
                continue
            }
            if let icon = FeedIcon(feedID: feed.id, data: data, url: url, fetchedAt: clock.now()) { return icon }
        }
        return nil
    }

    /// The addresses to try, in order, without repeats: the declared icon, then `/favicon.ico` of
    /// the site and of the feed's host; only those on the feed's own host (scheme, host and port),
    /// so Herald never asks a host the person did not subscribe to (a CDN, a tracker, another site).
    static func candidates(for feed: Feed, declared: String?) -> [String] {
        guard let origin = origin(of: feed.url) else { return [] }
        var urls: [String] = []
        if let declared, self.origin(of: declared) == origin { urls.append(declared) }
        for page in [feed.siteURL, feed.url].compactMap({ $0 }) where self.origin(of: page) == origin {
            let favicon = origin + "/favicon.ico"
            if !urls.contains(favicon) { urls.append(favicon) }
        }
        return urls
    }

    /// `scheme://host[:port]` of an `http` or `https` address, lowercased; nil for anything else.
    static func origin(of address: String) -> String? {
        guard FullTextCollector.isWebPage(address), let url = URL(string: address), let host = url.host, !host.isEmpty,
              let scheme = url.scheme else { return nil }
        return scheme.lowercased() + "://" + host.lowercased() + (url.port.map { ":\($0)" } ?? "")
    }

    /// The icon a parsed feed declares, absolute: Atom's `icon` or JSON Feed's `favicon`, else the
    /// RSS `<image>`, else Atom's `logo`.
    static func declaredIcon(of parsed: ParsedFeed, at documentURL: String) -> String? {
        guard let raw = parsed.icon ?? parsed.image?.url ?? parsed.logo else { return nil }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if FullTextCollector.isWebPage(trimmed) { return trimmed }
        return URL(string: trimmed, relativeTo: URL(string: documentURL))?.absoluteURL.absoluteString
    }

    /// Fetches one address under the slots; nil when it failed, was refused or the run was cancelled.
    private func fetch(_ url: String, feedURL: String) async -> Data? {
        await pages.fetch(url, linkedFrom: feedURL) { fetched -> Data? in
            guard case .success(let response) = fetched, case .content(let body, _, _) = response.outcome else { return nil }
            return body
        } ?? nil
    }
}

/// What a refresh run knows of icons: when each feed's was last looked for (read from the store
/// once, at the first feed that asks), and one request per address (feeds that share an icon
/// address wait for the first one's answer instead of asking again).
actor IconRun {
    private let store: any FeedIconStoring
    private var checked: [FeedID: Date]?
    private var running: [String: Task<Data?, Never>] = [:]

    /// A run over `store`'s look-up times.
    init(store: any FeedIconStoring) {
        self.store = store
    }

    /// When `feed`'s icon was last looked for, if ever (a store that cannot say counts as never).
    func lastCheck(of feed: FeedID) async -> Date? {
        if checked == nil {
            let times = (try? await store.iconCheckTimes()) ?? [:]
            if checked == nil { checked = times }
        }
        return checked?[feed]
    }

    /// The bytes at `url`, fetched by `fetch` the first time the run asks.
    func data(at url: String, fetch: @escaping @Sendable () async -> Data?) async -> Data? {
        let task: Task<Data?, Never>
        if let existing = running[url] {
            task = existing
        } else {
            task = Task { await fetch() }
            running[url] = task
        }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }
}
