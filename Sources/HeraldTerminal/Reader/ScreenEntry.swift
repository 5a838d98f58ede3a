import Herald

/// One screen on the reader's stack: the route it shows, the module built for it, its display, and
/// its navigation state (the feeds cursor, the search results' cursor, the article or help scroll).
struct ScreenEntry: Sendable {
    /// The route (the Router's value for this level).
    var route: Route
    /// The module Composition built for the route.
    let module: ScreenModule
    /// The display the module reports to.
    let holder: ScreenHolder
    /// The feeds screen's selection (shared model: ``FeedsCursor``).
    var feedsCursor = FeedsCursor()
    /// The search results' cursor (shared model: ``ListCursor``).
    var resultsCursor = ListCursor()
    /// The first line shown of an article or of help (a terminal's: lines depend on its width).
    var scroll = 0
    /// What a search is among when not all articles (a feed's title, a tag), for its title.
    var searchScope: String?

    /// The key context of the screen.
    var context: KeyContext {
        switch route {
        case .feeds: .feeds
        case .articleList: .articleList
        case .articleDetail: .article
        case .search: .search
        case .help: .help
        }
    }

    /// The feeds screen's rows, when it is loaded.
    var feedsEntries: [FeedsEntry]? {
        guard case .feeds(.loaded(let content)) = holder.viewModel else { return nil }
        return FeedsCursor.entries(of: content)
    }
}
