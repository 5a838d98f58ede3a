import Herald

/// An article list view model as terminal lines.
enum ArticleListText {
    /// One heading line, then one line per article: id, flags (N unread, * starred), date, feed, title.
    static func lines(_ viewModel: ArticleListViewModel, width: Int) -> [String] {
        switch viewModel {
        case .loading: return ["Loading…"]
        case .empty(let message): return [message]
        case .failed(let message, _): return ["Error: " + message]
        case .loaded(let content):
            var lines = [content.subtitle.isEmpty ? content.title : content.title + " — " + content.subtitle]
            let idWidth = max(4, content.rows.map { String($0.id.rawValue).count }.max() ?? 4)
            // Narrow terminals drop the feed column first, then shorten the date, so rows never wrap.
            let feedWidth = width >= 70 ? 20 : 0
            let dateWidth = width >= 50 ? 12 : 10
            for row in content.rows {
                let flags = (row.isRead ? " " : "N") + (row.isStarred ? "*" : " ")
                var prefix = ColumnText.pad(String(row.id.rawValue), idWidth) + " " + flags + " "
                    + ColumnText.pad(row.date, dateWidth) + " "
                if feedWidth > 0 { prefix += ColumnText.pad(row.feedTitle, feedWidth) + " " }
                let room = max(1, width - DisplayWidth.of(prefix))
                lines.append(prefix + ColumnText.fit(row.title, room))
            }
            if content.hasMore, let last = content.rows.last {
                lines.append("… more articles: add --after \(last.id.rawValue) for the next page")
            }
            return lines
        }
    }
}
