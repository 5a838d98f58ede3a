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
            for row in content.rows {
                let flags = (row.isRead ? " " : "N") + (row.isStarred ? "*" : " ")
                let prefix = Columns.pad(String(row.id.rawValue), idWidth) + " " + flags + " "
                    + Columns.pad(row.date, 12) + " " + Columns.pad(row.feedTitle, 20) + " "
                let room = max(10, width - DisplayWidth.of(prefix))
                lines.append(prefix + Columns.fit(row.title, room))
            }
            if content.hasMore { lines.append("… more articles: use a larger --limit") }
            return lines
        }
    }
}
