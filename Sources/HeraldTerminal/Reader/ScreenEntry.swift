import Herald

/// One screen on the reader's stack: the route it shows, the module built for it, its display, and
/// the little view state a terminal keeps (the feeds and search cursor, the article scroll).
struct ScreenEntry: Sendable {
    /// The route (the Router's value for this level).
    var route: Route
    /// The module Composition built for the route.
    let module: ScreenModule
    /// The display the module reports to.
    let holder: ScreenHolder
    /// The cursor row of the feeds screen and of search results.
    var cursor = 0
    /// What the feeds cursor is on, so it stays on the same row when counts reload.
    var feedsItem: FeedsItem?
    /// The first line shown of an article or of help.
    var scroll = 0

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
}
