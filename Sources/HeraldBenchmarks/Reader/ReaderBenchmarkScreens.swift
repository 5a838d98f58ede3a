import HeraldTerminal

/// How the reader benchmark tells, from a frame's text alone (as a user would), which screen is
/// on it and whether it is loaded rather than a "Loading…" frame.
enum ReaderBenchmarkScreens {
    /// The frame of the window the script opens (132×40) with the feeds screen loaded: its title
    /// bar has the counts ("Herald · Feeds · 1,000 feeds · …"), which a loading frame lacks.
    static func feedsLoaded(_ frame: [StyledLine]) -> Bool {
        frame.count == 40 && title(frame).hasPrefix(" Herald · Feeds · ") && selected(frame) != nil
    }

    /// The feed's article list, loaded: its title bar names the feed (a loading list says
    /// "Articles"), a row is selected, and it is not the article screen (whose title bar also
    /// names the feed).
    static func listLoaded(_ feedTitle: String) -> @Sendable ([StyledLine]) -> Bool {
        { frame in
            title(frame).hasPrefix(" Herald · \(feedTitle) · ") && selected(frame) != nil && !isArticle(frame)
        }
    }

    /// The list loaded with a selected row other than `previous` (a move repainted).
    static func listMoved(_ feedTitle: String, from previous: String) -> @Sendable ([StyledLine]) -> Bool {
        let loaded = listLoaded(feedTitle)
        return { frame in loaded(frame) && selected(frame) != previous }
    }

    /// The feeds screen with a selected row other than `previous`.
    static func feedsMoved(from previous: String) -> @Sendable ([StyledLine]) -> Bool {
        { frame in feedsLoaded(frame) && selected(frame) != previous }
    }

    /// The article screen of an article of the feed, loaded: the header's "Feed: " line is there.
    static func articleLoaded(_ feedTitle: String) -> @Sendable ([StyledLine]) -> Bool {
        { frame in title(frame).hasPrefix(" Herald · \(feedTitle) · ") && isArticle(frame) }
    }

    /// The text of the selected row, if a row is selected.
    static func selected(_ frame: [StyledLine]) -> String? {
        frame.first(where: \.isSelected)?.text
    }

    /// Whether the selected row of the feeds screen is the feed titled `feedTitle`.
    static func selects(_ frame: [StyledLine], feed feedTitle: String) -> Bool {
        guard let row = selected(frame) else { return false }
        let title = row.drop { $0 == " " }
        return title.hasPrefix(feedTitle + " ")
    }

    /// The title bar's text.
    private static func title(_ frame: [StyledLine]) -> String {
        frame.first?.text ?? ""
    }

    /// Whether the frame shows an article (its header's "Feed: " line).
    private static func isArticle(_ frame: [StyledLine]) -> Bool {
        frame.dropFirst().contains { $0.text.hasPrefix("Feed: ") }
    }
}
