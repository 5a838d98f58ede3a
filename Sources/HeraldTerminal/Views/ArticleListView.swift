import Herald

/// An article list: one row per article (unread marker, star, date, feed when the list spans
/// feeds, title), the selected row highlighted, "Loading more…" while the next page comes.
public enum ArticleListView {
    /// The screen for a view model; the cursor is the view model's selection.
    public static func body(_ viewModel: ArticleListViewModel, showsFeed: Bool, size: TerminalSize,
                            theme: Theme) -> ScreenBody {
        switch viewModel {
        case .loading:
            return .state(title: "Articles", message: "Loading articles…", role: .dim, height: size.height, width: size.width)
        case .empty(let message):
            return .state(title: "Articles", message: message, role: .plain, height: size.height, width: size.width)
        case .failed(let message, _):
            return .state(title: "Articles", message: message + " (r to retry)", role: .error, height: size.height, width: size.width)
        case .loaded(let content):
            // Only the visible rows are laid out: a long list costs no more per frame than a short one.
            let cursor = content.selectedIndex
            let trailer: StyledLine? = content.isLoadingMore ? StyledLine("  Loading more…", .dim)
                : content.hasMore ? StyledLine("  …", .dim) : nil
            let count = content.rows.count + (trailer == nil ? 0 : 1)
            let top = Viewport.top(cursor: cursor, count: count, height: size.height)
            let lines = (top..<min(count, top + max(0, size.height))).map { index in
                index < content.rows.count
                    ? line(for: content.rows[index], showsFeed: showsFeed, width: size.width, theme: theme,
                           selected: index == cursor)
                    : trailer ?? StyledLine()
            }
            return ScreenBody(title: content.title, subtitle: content.subtitle, lines: lines)
        }
    }

    /// One article row.
    static func line(for row: ArticleRowViewModel, showsFeed: Bool, width: Int, theme: Theme, selected: Bool) -> StyledLine {
        let flags = (row.isRead ? " " : theme.unreadMarker) + (row.isStarred ? theme.starMarker : " ") + " "
        let date = ColumnText.pad(row.date, width >= 60 ? 12 : 10) + " "
        let feedWidth = showsFeed && width >= 70 ? min(24, width / 5) : 0
        let feed = feedWidth > 0 ? ColumnText.pad(row.feedTitle, feedWidth) + " " : ""
        let room = max(1, width - DisplayWidth.of(flags + date + feed))
        let role: TextRole = row.isRead ? .plain : .unread
        return StyledLine([Span(flags, role), Span(date, .dim), Span(feed, .dim), Span(ColumnText.fit(row.title, room), role)],
                          isSelected: selected)
    }
}
