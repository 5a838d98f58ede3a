import Herald

/// A search view model as terminal lines: each hit's title, feed and date, then its snippet.
enum SearchText {
    /// The summary line and the hits.
    static func lines(_ viewModel: SearchViewModel, width: Int, interactive: Bool) -> [String] {
        switch viewModel {
        case .loading: return ["Searching…"]
        case .empty(let message): return [message]
        case .failed(let message, _): return ["Error: " + message]
        case .loaded(let content):
            var lines = [content.summary]
            let wrapper = TextWrapper(width: max(20, min(width, 100)))
            for hit in content.hits {
                lines.append("")
                let heading = "\(hit.id.rawValue)\(hit.isRead ? " " : " N ") " + hit.title.plainText
                lines.append(interactive
                    ? "\(hit.id.rawValue)\(hit.isRead ? " " : " N ") " + Columns.highlighted(hit.title, interactive: true)
                    : ColumnText.fit(heading, width))
                lines.append("    " + hit.feedTitle + " · " + hit.date)
                let snippet = Columns.highlighted(hit.snippet, interactive: false)
                for line in wrapper.wrap(snippet, indent: "    ") {
                    lines.append(interactive ? boldMarks(line) : line)
                }
            }
            if content.hasMore { lines.append(""); lines.append("… more results: use a larger --limit") }
            return lines
        }
    }

    /// Turns «match» marks into bold on a terminal (marks are added after wrapping so widths stay right).
    private static func boldMarks(_ line: String) -> String {
        line.replacingOccurrences(of: "«", with: "\u{1B}[1m").replacingOccurrences(of: "»", with: "\u{1B}[22m")
    }
}
