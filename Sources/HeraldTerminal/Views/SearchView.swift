import Herald

/// Search results: the query and count, each hit's title with its matches highlighted, its feed
/// and date, and a snippet; before a query, the recent searches.
public enum SearchView {
    /// The screen for a view model with the cursor on hit `cursor` (two lines a hit).
    /// - Parameter scope: What the search is among when not all articles (a feed's title, a tag),
    ///   shown in the title ("Search in Harbour").
    public static func body(_ viewModel: SearchViewModel, cursor: Int, size: TerminalSize, theme: Theme,
                            scope: String? = nil) -> ScreenBody {
        let title = scope.map { "Search in " + $0 } ?? "Search"
        switch viewModel {
        case .loading:
            return .state(title: title, message: "Searching…", role: .dim, height: size.height, width: size.width)
        case .empty(let message):
            return .state(title: title, message: message, role: .plain, height: size.height, width: size.width)
        case .failed(let message, _):
            return .state(title: title, message: message + " (/ to edit the query)", role: .error,
                          height: size.height, width: size.width)
        case .loaded(let content) where content.hits.isEmpty:
            var lines = [StyledLine("Recent searches (/ to search):", .heading)]
            lines += content.history.map { StyledLine("  " + ColumnText.fit($0, size.width - 2)) }
            return ScreenBody(title: title, subtitle: content.summary, lines: Array(lines.prefix(size.height)))
        case .loaded(let content):
            var lines: [StyledLine] = []
            for (index, hit) in content.hits.enumerated() {
                let selected = index == min(cursor, content.hits.count - 1)
                let marker = hit.isRead ? "  " : theme.unreadMarker + " "
                let meta = "  " + hit.date + " · " + hit.feedTitle
                let titleRoom = max(4, size.width - DisplayWidth.of(marker) - min(DisplayWidth.of(meta), size.width / 3))
                var first = [Span(marker, hit.isRead ? .plain : .unread)]
                first += highlighted(hit.title, room: titleRoom, base: hit.isRead ? .plain : .unread)
                first.append(Span(ColumnText.fit(meta, max(0, size.width - DisplayWidth.of(StyledLine(first).text))), .dim))
                lines.append(StyledLine(first, isSelected: selected))
                lines.append(StyledLine([Span("    ")] + highlighted(hit.snippet, room: size.width - 4, base: .dim)))
            }
            if content.hasMore { lines.append(StyledLine("  …", .dim)) }
            let visible = Viewport.visible(lines, cursor: min(cursor, content.hits.count - 1) * 2, height: size.height)
            return ScreenBody(title: title + ": " + content.query, subtitle: content.summary, lines: visible)
        }
    }

    /// Highlighted text as spans cut to `room` columns: matches in the match role.
    static func highlighted(_ text: HighlightedText, room: Int, base: TextRole) -> [Span] {
        var spans: [Span] = []
        var left = room
        for segment in text.segments where left > 0 {
            let piece = ColumnText.fit(segment.text, left)
            spans.append(Span(piece, segment.isMatch ? .match : base))
            left -= DisplayWidth.of(piece)
            if piece != segment.text { break }
        }
        return spans
    }
}
