import Herald

/// The feeds view model as terminal lines: groups by tag, unread counts, failing feeds flagged.
enum FeedsText {
    /// The summary line, then each group and its feeds, then the saved searches.
    static func lines(_ viewModel: FeedsViewModel, width: Int) -> [String] {
        switch viewModel {
        case .loading: return ["Loading…"]
        case .empty(let message): return [message]
        case .failed(let message, _): return ["Error: " + message]
        case .loaded(let content):
            var lines = [content.summary]
            for group in content.groups {
                lines.append("")
                lines.append(group.title + (group.unreadLabel.isEmpty ? "" : " (" + group.unreadLabel + ")"))
                for row in group.rows {
                    let head = "  " + ColumnText.pad(String(row.id.rawValue), 5) + " "
                        + ColumnText.pad(row.unreadCount > 0 ? row.unreadLabel : "", 12) + " "
                    lines.append(head + ColumnText.fit(row.title, max(10, width - DisplayWidth.of(head))))
                    switch row.health {
                    case .healthy: break
                    case let .failing(error, retry):
                        lines.append("        ! " + ColumnText.fit(error, max(10, width - 10)))
                        lines.append("          " + retry)
                    case .gone(let message):
                        lines.append("        ✗ " + ColumnText.fit(message, max(10, width - 10)))
                    }
                }
            }
            if !content.savedSearches.isEmpty {
                lines.append("")
                lines.append("Saved searches")
                for search in content.savedSearches {
                    lines.append("  " + ColumnText.pad(String(search.id.rawValue), 5) + " "
                        + ColumnText.pad(search.unreadCount > 0 ? search.unreadLabel : "", 12) + " "
                        + search.name + "  [" + search.query + "]")
                }
            }
            return lines
        }
    }
}
