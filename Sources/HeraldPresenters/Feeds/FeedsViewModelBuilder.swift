#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldInteractors

extension FeedsPresenter {
    /// The pure translation of a response at `now`.
    public static func viewModel(for response: FeedsResponse, now: Date) -> FeedsViewModel {
        // Feeds left out for having nothing unread are still subscriptions: the screen keeps its
        // lists (All, Unread, Starred) and says how many it leaves out.
        guard !response.feeds.isEmpty || !response.savedSearches.isEmpty || response.readFeedsLeftOut > 0
                || response.shownTag != nil else {
            return .empty("No subscriptions yet. Add a feed by its URL, or import an OPML file.")
        }
        var tagged: [String: [FeedRowViewModel]] = [:]
        var untagged: [FeedRowViewModel] = []
        for status in response.feeds {
            let row = Self.row(for: status, now: now)
            if status.feed.tags.isEmpty { untagged.append(row) }
            for tag in Set(status.feed.tags) { tagged[tag, default: []].append(row) }
        }
        // With a tag chosen, its heading alone (its feeds' other tags are not repeated).
        let headings = response.shownTag.map { [$0] } ?? tagged.keys.sorted { $0.lowercased() < $1.lowercased() }
        if response.shownTag != nil { untagged = [] }
        var groups = headings.map { tag in
            FeedGroupViewModel(title: DisplayText.line(tag), tag: tag,
                               unreadLabel: label(response.unreadByTag[tag] ?? 0), rows: tagged[tag] ?? [])
        }
        if !untagged.isEmpty {
            groups.append(FeedGroupViewModel(title: "Untagged", tag: nil,
                                             unreadLabel: label(untagged.reduce(0) { $0 + $1.unreadCount }), rows: untagged))
        }
        let searches = response.savedSearches.map {
            SavedSearchRowViewModel(id: $0.search.id, name: DisplayText.line($0.search.name),
                                    query: DisplayText.line($0.search.query), unreadCount: $0.unread,
                                    unreadLabel: label($0.unread))
        }
        let unread = response.feeds.reduce(0) { $0 + $1.unread }
        var summary = (response.shownTag.map { "#" + DisplayText.line($0) + " · " } ?? "")
            + CountText.count(response.feeds.count, "feed") + " · " + CountText.unread(unread)
        if response.readFeedsLeftOut > 0 { summary += " · " + CountText.count(response.readFeedsLeftOut, "read feed") + " left out" }
        let hidden = response.hiddenArticles > 0
            ? HiddenRowViewModel(title: "Hidden by rules", countLabel: CountText.grouped(response.hiddenArticles)) : nil
        return .loaded(FeedsContent(summary: summary, groups: groups, savedSearches: searches, hidden: hidden))
    }

    static func row(for status: FeedStatus, now: Date) -> FeedRowViewModel {
        FeedRowViewModel(id: status.feed.id, title: DisplayText.line(status.feed.displayTitle),
                         unreadCount: status.unread, unreadLabel: label(status.unread),
                         health: health(of: status.feed.fetchState, now: now),
                         fetchesFullText: status.feed.settings.fetchesFullText)
    }

    /// Healthy, failing (with "retrying in 2 h") or gone.
    static func health(of state: FetchState, now: Date) -> FeedHealth {
        if state.isGone {
            return .gone(DisplayText.line(state.lastError?.message
                ?? "The publisher removed this feed; polling stopped. Remove it or change its URL."))
        }
        guard let error = state.lastError else { return .healthy }
        let retry: String
        if let due = state.nextDueAt, due.timeIntervalSince(now) >= 1 {
            retry = "retrying in " + DateText.duration(due.timeIntervalSince(now))
        } else {
            retry = "retrying on the next refresh"
        }
        return .failing(error: DisplayText.line(error.message), retry: retry)
    }

    static func label(_ unread: Int) -> String { unread == 0 ? "" : CountText.unread(unread) }
}
