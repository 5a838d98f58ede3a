#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldInteractors

/// Turns the article screen's responses into ``ArticleDetailViewModel``s and Container reports.
public final class ArticleDetailPresenter: ArticleDetailPresentationLogic {
    private weak let display: (any ArticleDetailDisplayLogic)?
    private let activity: any ActivityReporting
    private let clock: any WallClock
    private let dates: DateText

    /// Creates the presenter.
    /// - Parameters:
    ///   - display: The screen (held weakly).
    ///   - activity: The Container.
    ///   - clock: `now` for relative dates.
    ///   - timeZone: Where "yesterday" is and which clock time is printed.
    public init(display: any ArticleDetailDisplayLogic, activity: any ActivityReporting, clock: any WallClock,
                timeZone: TimeZone) {
        self.display = display
        self.activity = activity
        self.clock = clock
        self.dates = DateText(timeZone: timeZone)
    }

    /// Shows the Container's loading indicator and the loading state.
    public func presentLoading() async {
        await activity.showLoading()
        await display?.display(.loading)
    }

    /// Shows the article.
    public func presentArticle(_ response: ArticleDetailResponse) async {
        await activity.hideLoading()
        await display?.display(Self.viewModel(for: response, now: clock.now(), dates: dates))
    }

    /// Shows the failure with a retry of the load.
    public func presentLoadFailure(_ message: String) async {
        await activity.hideLoading()
        await display?.display(.failed(DisplayText.line(message), retry: .viewAppeared))
    }

    /// Hands a link to the front end, cleaned of control characters.
    public func presentExternalLink(_ url: String) async {
        await display?.displayExternalLink(DisplayText.line(url))
    }

    /// Shows a notice through the Container.
    public func presentNotice(_ notice: Notice) async {
        await activity.show(notice)
    }

    /// Queues the failure in the Container with its retry.
    public func presentActionFailure(_ failure: ActionFailure) async {
        await activity.show(failure)
    }

    /// The pure translation of a response at `now`.
    public static func viewModel(for response: ArticleDetailResponse, now: Date, dates: DateText) -> ArticleDetailViewModel {
        let article = response.article
        let names = article.authors.compactMap { $0.displayName.map(DisplayText.line) }.filter { !$0.isEmpty }
        let tags = (article.categories.map { $0.label ?? $0.term } + article.state.tags)
            .map(DisplayText.line).filter { !$0.isEmpty }
        var body = response.body.blocks.map { block in
            TextBlock(kind: block.kind, text: block.kind == .preformatted ? DisplayText.block(block.text) : DisplayText.line(block.text))
        }
        if body.allSatisfy({ $0.text.isEmpty }) {
            body = [TextBlock(kind: .paragraph, text: "This article has no text; open its link to read it.")]
        }
        let title = DisplayText.line(article.title)
        return .loaded(ArticleDetailContent(
            id: article.id, title: title.isEmpty ? "(untitled)" : title, feedTitle: DisplayText.line(response.feedTitle),
            byline: names.isEmpty ? nil : "By " + listed(names),
            date: Self.dateLine(relative: dates.relative(article.sortDate, now: now),
                                absolute: dates.absoluteWithTime(article.sortDate)),
            tags: tags.isEmpty ? nil : unique(tags).joined(separator: ", "),
            body: body, bodyHTML: response.html,
            links: response.body.links.map { "[\($0.number)] " + ($0.kind == .image ? "image: " : "") + DisplayText.line($0.url) },
            enclosures: article.enclosures.map { enclosure in
                enclosureText(enclosure) + downloadText(response.downloads.first { $0.url == enclosure.url })
            },
            url: article.url.flatMap { LinkSafety.isOfferable($0) ? DisplayText.line($0) : nil }, isRead: article.state.isRead, isStarred: article.state.isStarred,
            hasNewer: response.newer != nil, hasOlder: response.older != nil,
            showsFullText: response.isFullText, hasFullText: response.hasFullText, isHidden: article.state.isHidden,
            canQueueDownloads: article.enclosures.contains { enclosure in !response.downloads.contains { $0.url == enclosure.url } },
            episode: article.episode.map(EpisodeLines.lines) ?? []))
    }

    /// "A", "A and B", "A, B and C".
    /// "3 h ago · 12 Mar 2026, 09:05"; a date older than a week is its absolute form already,
    /// which is not said twice ("12 Mar 2026, 09:05").
    static func dateLine(relative: String, absolute: String) -> String {
        absolute.hasPrefix(relative) ? absolute : relative + " · " + absolute
    }

    static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0.lowercased()).inserted }
    }

    /// "audio/mpeg, 12.3 MB: https://…".
    static func enclosureText(_ enclosure: Enclosure) -> String {
        let details = [enclosure.type.map(DisplayText.line), enclosure.length.map(byteText)].compactMap { $0 }
        return (details.isEmpty ? "" : details.joined(separator: ", ") + ": ") + DisplayText.line(enclosure.url)
    }

    /// " — downloaded to /home/…/episode.mp3", " — queued for download (40% on disk)", " — download
    /// failed: …", or nothing for an enclosure not in the queue.
    static func downloadText(_ entry: EpisodeDownload?) -> String {
        guard let entry else { return "" }
        switch entry.state {
        case .finished: return " — downloaded to " + DisplayText.line(entry.path)
        case .failed(let reason): return " — download failed: " + DisplayText.line(reason)
        case .queued:
            guard entry.bytesWritten > 0 else { return " — queued for download" }
            guard let total = entry.totalBytes, total > 0 else { return " — queued for download (\(byteText(entry.bytesWritten)) on disk)" }
            return " — queued for download (\(min(100, entry.bytesWritten * 100 / total))% on disk)"
        }
    }

    /// "512 bytes", "4.2 KB", "12.3 MB", "1.1 GB".
    static func byteText(_ bytes: Int64) -> String {
        let units = ["KB", "MB", "GB"]
        guard bytes >= 1024 else { return CountText.count(Int(bytes), "byte") }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
