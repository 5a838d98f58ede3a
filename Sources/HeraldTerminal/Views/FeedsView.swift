import Herald

/// What a row of the feeds screen opens.
public enum FeedsItem: Sendable, Hashable {
    /// Every article.
    case all
    /// Unread articles of every feed.
    case unread
    /// Starred articles.
    case starred
    /// A tag's heading (opens the tag's articles); `nil` is "Untagged", which opens nothing.
    case tag(String?)
    /// A feed.
    case feed(FeedID)
    /// A saved search.
    case savedSearch(SavedSearchID)

    /// The list it opens, if any.
    public var filter: ArticleFilter? {
        switch self {
        case .all: ArticleFilter()
        case .unread: ArticleFilter(unreadOnly: true)
        case .starred: ArticleFilter(starredOnly: true)
        case .tag(let tag?): ArticleFilter(scope: .tag(tag))
        case .tag(nil): nil
        case .feed(let id): ArticleFilter(scope: .feed(id))
        case .savedSearch(let id): ArticleFilter(scope: .savedSearch(id))
        }
    }
}

/// The feeds screen: the three built-in lists, each tag's feeds under its heading with unread
/// counts (failing feeds marked with their error and next retry), then the saved searches.
public enum FeedsView {
    /// The rows in screen order, each with what it opens (the session moves its cursor over these).
    public static func items(_ content: FeedsContent) -> [(item: FeedsItem, title: String)] {
        var items: [(FeedsItem, String)] = [(.all, "All articles"), (.unread, "Unread"), (.starred, "Starred")]
        for group in content.groups {
            items.append((.tag(group.tag), group.title))
            items += group.rows.map { (.feed($0.id), $0.title) }
        }
        items += content.savedSearches.map { (.savedSearch($0.id), $0.name) }
        return items
    }

    /// The screen for a view model with the cursor on row `cursor`.
    public static func body(_ viewModel: FeedsViewModel, cursor: Int, size: TerminalSize, theme: Theme) -> ScreenBody {
        let title = "Feeds"
        switch viewModel {
        case .loading: return .state(title: title, message: "Loading feeds…", role: .dim, height: size.height, width: size.width)
        case .empty(let message): return .state(title: title, message: message, role: .plain, height: size.height, width: size.width)
        case .failed(let message, _):
            return .state(title: title, message: message + " (r to retry)", role: .error, height: size.height, width: size.width)
        case .loaded(let content):
            let lines = rows(content, width: size.width)
            let marked = lines.enumerated().map { index, line in
                var line = line
                line.isSelected = index == min(cursor, lines.count - 1)
                return line
            }
            return ScreenBody(title: title, subtitle: content.summary, lines: Viewport.visible(marked, cursor: cursor, height: size.height))
        }
    }

    /// Every row, unscrolled, in the order of ``items(_:)``.
    static func rows(_ content: FeedsContent, width: Int) -> [StyledLine] {
        let countWidth = 12
        let room = max(1, width - countWidth - 1)
        func row(_ marker: String, _ title: String, _ count: String, role: TextRole, detail: Span? = nil) -> StyledLine {
            var spans = [Span(marker), Span(title, role)]
            var used = DisplayWidth.of(marker + title)
            if let detail {
                let text = ColumnText.fit(detail.text, max(0, room - used))
                spans.append(Span(text, detail.role))
                used += DisplayWidth.of(text)
            }
            spans.append(Span(String(repeating: " ", count: max(1, room - used + 1))))
            spans.append(Span(ColumnText.padLeft(count, countWidth), role == .unread ? .unread : .dim))
            return StyledLine(spans)
        }
        var lines = [
            row("", ColumnText.fit("All articles", room), "", role: .heading),
            row("", "Unread", "", role: .heading),
            row("", "Starred", "", role: .heading),
        ]
        for group in content.groups {
            lines.append(row("", ColumnText.fit((group.tag == nil ? "" : "#") + group.title, room), group.unreadLabel, role: .heading))
            for feed in group.rows {
                let role: TextRole = feed.unreadCount > 0 ? .unread : .plain
                switch feed.health {
                case .healthy:
                    lines.append(row("  ", ColumnText.fit(feed.title, room - 2), feed.unreadLabel, role: role))
                case let .failing(error, retry):
                    let title = ColumnText.fit(feed.title, max(8, room / 2))
                    lines.append(row("! ", title, feed.unreadLabel, role: role, detail: Span(" — \(error) (\(retry))", .error)))
                case .gone(let message):
                    let title = ColumnText.fit(feed.title, max(8, room / 2))
                    lines.append(row("x ", title, feed.unreadLabel, role: .dim, detail: Span(" — " + message, .error)))
                }
            }
        }
        for search in content.savedSearches {
            let role: TextRole = search.unreadCount > 0 ? .unread : .plain
            lines.append(row("? ", ColumnText.fit(search.name, room / 2), search.unreadLabel, role: role,
                             detail: Span("  " + search.query, .dim)))
        }
        return lines
    }
}
