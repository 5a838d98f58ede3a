import Herald

/// The feeds screen: the three built-in lists, each tag's feeds under its heading with unread
/// counts (failing feeds marked with their error and next retry), then the saved searches.
public enum FeedsView {
    /// The screen for a view model with the cursor on row `cursor`.
    public static func body(_ viewModel: FeedsViewModel, cursor: Int, size: TerminalSize, theme: Theme) -> ScreenBody {
        let title = "Feeds"
        switch viewModel {
        case .loading: return .state(title: title, message: "Loading feeds…", role: .dim, height: size.height, width: size.width)
        case .empty(let message): return .state(title: title, message: message, role: .plain, height: size.height, width: size.width)
        case .failed(let message, _):
            return .state(title: title, message: message + " (r to retry)", role: .error, height: size.height, width: size.width)
        case .loaded(let content):
            // Only the visible rows are laid out: 1,000 feeds cost no more per frame than 30.
            let models = rowModels(content)
            let selected = min(cursor, models.count - 1)
            let top = Viewport.top(cursor: cursor, count: models.count, height: size.height)
            let lines = (top..<min(models.count, top + max(0, size.height))).map { index in
                var line = self.line(for: models[index], width: size.width)
                line.isSelected = index == selected
                return line
            }
            return ScreenBody(title: title, subtitle: content.summary, lines: lines)
        }
    }

    /// One row of the screen before it is laid out, in the order of ``FeedsCursor/entries(of:)``.
    enum RowModel {
        /// All articles, Unread, Starred (`fits`: cut to the room, as "All articles" is).
        case builtIn(String, fits: Bool)
        /// A tag's heading.
        case group(FeedGroupViewModel)
        /// A feed under its tag.
        case feed(FeedRowViewModel)
        /// A saved search.
        case search(SavedSearchRowViewModel)
        /// The articles rules hid.
        case hidden(HiddenRowViewModel)
    }

    /// Every row, not laid out yet, in the order of ``FeedsCursor/entries(of:)``.
    static func rowModels(_ content: FeedsContent) -> [RowModel] {
        var models: [RowModel] = [.builtIn("All articles", fits: true), .builtIn("Unread", fits: false),
                                  .builtIn("Starred", fits: false)]
        for group in content.groups {
            models.append(.group(group))
            models += group.rows.map(RowModel.feed)
        }
        models += content.savedSearches.map(RowModel.search)
        if let hidden = content.hidden { models.append(.hidden(hidden)) }
        return models
    }

    /// One row laid out at a width: marker, title (and detail), the count right-aligned.
    static func line(for model: RowModel, width: Int) -> StyledLine {
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
        switch model {
        case let .builtIn(title, fits):
            return row("", fits ? ColumnText.fit(title, room) : title, "", role: .heading)
        case .group(let group):
            return row("", ColumnText.fit((group.tag == nil ? "" : "#") + group.title, room), group.unreadLabel, role: .heading)
        case .feed(let feed):
            let role: TextRole = feed.unreadCount > 0 ? .unread : .plain
            switch feed.health {
            case .healthy:
                return row("  ", ColumnText.fit(feed.title, room - 2), feed.unreadLabel, role: role)
            case let .failing(error, retry):
                let title = ColumnText.fit(feed.title, max(8, room / 2))
                return row("! ", title, feed.unreadLabel, role: role, detail: Span(" — \(error) (\(retry))", .error))
            case .gone(let message):
                let title = ColumnText.fit(feed.title, max(8, room / 2))
                return row("x ", title, feed.unreadLabel, role: .dim, detail: Span(" — " + message, .error))
            }
        case .search(let search):
            let role: TextRole = search.unreadCount > 0 ? .unread : .plain
            return row("? ", ColumnText.fit(search.name, room / 2), search.unreadLabel, role: role,
                       detail: Span("  " + search.query, .dim))
        case .hidden(let hidden):
            return row("", ColumnText.fit(hidden.title, room), hidden.countLabel, role: .dim)
        }
    }
}
