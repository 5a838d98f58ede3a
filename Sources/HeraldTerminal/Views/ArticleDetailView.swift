import Herald

/// One article: a header (title, feed, author, date, tags, link, enclosures), the body wrapped to
/// the window, and the numbered links at the end; scrolled by whole lines.
public enum ArticleDetailView {
    /// Every line of the article at a width, unscrolled.
    public static func lines(_ content: ArticleDetailContent, width: Int) -> [StyledLine] {
        let wrapper = TextWrapper(width: max(20, min(width - 1, 120)))
        var lines = wrapper.wrap(content.title).map { StyledLine($0, .heading) }
        func field(_ name: String, _ value: String?, _ role: TextRole = .plain) {
            guard let value, !value.isEmpty else { return }
            let wrapped = wrapper.wrap(value, indent: name + ": ", hangingIndent: String(repeating: " ", count: name.count + 2))
            lines += wrapped.map { StyledLine([Span($0, role)]) }
        }
        field("Feed", content.feedTitle, .dim)
        field("Author", content.byline.map { $0.hasPrefix("By ") ? String($0.dropFirst(3)) : $0 }, .dim)
        field("Date", content.date, .dim)
        field("Tags", content.tags, .dim)
        field("Link", content.url, .link)
        for enclosure in content.enclosures { field("Enclosure", enclosure, .link) }
        for line in content.episode { field("Episode", line, .dim) }
        let state = [content.isStarred ? "starred" : nil, content.isRead ? nil : "unread"].compactMap { $0 }
        field("State", state.isEmpty ? nil : state.joined(separator: ", "), .notice)
        field("Text", content.showsFullText ? "the full article from its page (f: the feed's text)"
              : content.hasFullText ? "the feed's (f: the full article, kept)" : nil, .dim)
        lines.append(StyledLine())
        lines += wrapper.lines(for: RichText(blocks: content.body)).map { StyledLine($0) }
        if !content.links.isEmpty {
            lines.append(StyledLine())
            lines.append(StyledLine("Links:", .heading))
            lines += content.links.flatMap { wrapper.wrap($0, hangingIndent: "    ").map { StyledLine($0, .link) } }
        }
        return lines
    }

    /// The line where the numbered links begin (`Links:`), nil when the article has none.
    public static func linksLine(_ content: ArticleDetailContent, width: Int) -> Int? {
        guard !content.links.isEmpty else { return nil }
        return lines(content, width: width).lastIndex { $0.text == "Links:" }
    }

    /// The screen for a view model, scrolled down by `scroll` lines (clamped).
    public static func body(_ viewModel: ArticleDetailViewModel, scroll: Int, size: TerminalSize, theme: Theme) -> ScreenBody {
        switch viewModel {
        case .loading:
            return .state(title: "Article", message: "Loading the article…", role: .dim, height: size.height, width: size.width)
        case .empty(let message):
            return .state(title: "Article", message: message, role: .plain, height: size.height, width: size.width)
        case .failed(let message, _):
            return .state(title: "Article", message: message + " (r to retry)", role: .error, height: size.height, width: size.width)
        case .loaded(let content):
            let all = lines(content, width: size.width)
            let top = clampedScroll(scroll, lineCount: all.count, height: size.height)
            let percent = all.count <= size.height ? "" : " · \(min(100, (top + size.height) * 100 / all.count))%"
            return ScreenBody(title: content.feedTitle, subtitle: (content.isStarred ? "★ " : "") + content.date + percent,
                              lines: Array(all[top..<min(all.count, top + size.height)]))
        }
    }

    /// A scroll offset that keeps the last screenful full.
    public static func clampedScroll(_ scroll: Int, lineCount: Int, height: Int) -> Int {
        max(0, min(scroll, lineCount - height))
    }
}
