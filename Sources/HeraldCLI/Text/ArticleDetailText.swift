import Herald

/// An article detail view model as wrapped terminal text, like a terminal reader's article view.
enum ArticleDetailText {
    /// Header lines, the wrapped body, then the numbered links and enclosures.
    /// - Parameter fullText: The article extracted from its page, a paragraph a line, shown instead
    ///   of the feed's body (`herald show --full`).
    static func lines(_ viewModel: ArticleDetailViewModel, width: Int, fullText: String? = nil) -> [String] {
        switch viewModel {
        case .loading: return ["Loading…"]
        case .empty(let message): return [message]
        case .failed(let message, _): return ["Error: " + message]
        case .loaded(let content):
            let wrapper = TextWrapper(width: max(20, width))
            var lines: [String] = []
            lines += wrapper.wrap(content.title)
            lines.append("Feed: " + content.feedTitle)
            if let byline = content.byline { lines.append(byline) }
            lines.append("Date: " + content.date)
            if let tags = content.tags { lines.append("Tags: " + tags) }
            if let url = content.url { lines.append("Link: " + url) }
            lines.append(content.isStarred ? "Starred" : "")
            if lines.last == "" { lines.removeLast() }
            lines.append("")
            if let fullText {
                for (index, paragraph) in fullText.split(separator: "\n").enumerated() {
                    if index > 0 { lines.append("") }
                    lines += wrapper.wrap(TerminalSafety.sanitize(String(paragraph)))
                }
            } else {
                lines += wrapper.lines(for: RichText(blocks: content.body))
            }
            if !content.links.isEmpty {
                lines.append("")
                lines.append("Links:")
                lines += content.links
            }
            if !content.enclosures.isEmpty {
                lines.append("")
                lines.append("Enclosures:")
                lines += content.enclosures
            }
            if !content.episode.isEmpty {
                lines.append("")
                lines.append("Episode:")
                lines += content.episode
            }
            return lines
        }
    }
}
