import HeraldDomain

/// The intents the article screen accepts, named for what happened.
public protocol ArticleDetailBusinessLogic: Sendable {
    /// Loads the article, renders its body and marks it read.
    func viewAppeared() async
    /// Moves to the next (older) article within the list's filter.
    func nextArticleRequested() async
    /// Moves to the previous (newer) article within the list's filter.
    func previousArticleRequested() async
    /// Hands link `number` (0: the article's own link) to the front end.
    func linkOpened(_ number: Int) async
    /// Toggles the star.
    func starToggled() async
    /// Marks the article unread.
    func markedUnread() async
    /// Toggles the read state.
    func readToggled() async
    /// Shows the next unread article, crossing to the next feed when this one has none left
    /// (only to one of `feeds` when given: the feeds screen lists one tag's).
    func nextUnreadRequested(among feeds: Set<FeedID>?) async
    /// Shows the previous unread article, crossing to the preceding feed (of `feeds` when given).
    func previousUnreadRequested(among feeds: Set<FeedID>?) async
    /// Switches between the feed's text and the full text (kept, else fetched from the page
    /// behind the link and kept).
    func fullTextToggled() async
    /// Queues the article's enclosures for download.
    func downloadQueued() async
}

extension ArticleDetailBusinessLogic {
    /// Shows the next unread article, crossing to any feed.
    public func nextUnreadRequested() async { await nextUnreadRequested(among: nil) }

    /// Shows the previous unread article, crossing to any feed.
    public func previousUnreadRequested() async { await previousUnreadRequested(among: nil) }

    /// Performs an intent given as data.
    public func perform(_ intent: ArticleDetailIntent) async {
        switch intent {
        case .viewAppeared: await viewAppeared()
        case .nextArticleRequested: await nextArticleRequested()
        case .previousArticleRequested: await previousArticleRequested()
        case .linkOpened(let number): await linkOpened(number)
        case .starToggled: await starToggled()
        case .markedUnread: await markedUnread()
        case .readToggled: await readToggled()
        case .nextUnreadRequested: await nextUnreadRequested()
        case .previousUnreadRequested: await previousUnreadRequested()
        case .fullTextToggled: await fullTextToggled()
        case .downloadQueued: await downloadQueued()
        }
    }
}

/// What the article screen keeps that routing reads.
public protocol ArticleDetailDataStore: Sendable {
    /// The article shown (changes with next/previous).
    var articleID: ArticleID { get async }
    /// The list's filter that next/previous move within.
    var filter: ArticleFilter { get async }
    /// The link handed to the front end last.
    var openedLink: String? { get async }
}
