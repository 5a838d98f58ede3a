import HeraldDomain
import HeraldInteractors

/// The article screen: one state at a time.
public typealias ArticleDetailViewModel = ScreenState<ArticleDetailContent, ArticleDetailIntent>

/// A loaded article, every string display-ready and safe for a terminal.
public struct ArticleDetailContent: Sendable, Hashable {
    /// The article.
    public var id: ArticleID
    /// Its title ("(untitled)" when empty).
    public var title: String
    /// Its feed's title.
    public var feedTitle: String
    /// "By Ada Lovelace and Alan Turing", or `nil` when the feed names nobody.
    public var byline: String?
    /// "3 h ago · 22 Nov 2026, 09:05".
    public var date: String
    /// "swift, linux" (the feed's categories, then the user's tags), or `nil`.
    public var tags: String?
    /// The body blocks; `[n]` markers point at ``links``.
    public var body: [TextBlock]
    /// The body as sanitised HTML, for front ends that show HTML (`nil` when the module was built
    /// without a sanitiser or the body is plain text): safe to insert into a page as is.
    public var bodyHTML: String?
    /// "[1] https://…", "[2] image: https://…".
    public var links: [String]
    /// "audio/mpeg, 12.3 MB: https://…".
    public var enclosures: [String]
    /// The article's own link (link 0), if any and if it is safe to open (never `javascript:`, `data:`).
    public var url: String?
    /// Read.
    public var isRead: Bool
    /// Starred.
    public var isStarred: Bool
    /// Whether "previous" has somewhere to go.
    public var hasNewer: Bool
    /// Whether "next" has somewhere to go.
    public var hasOlder: Bool
    /// Whether the body is the full text of the page behind the link (not the feed's text).
    public var showsFullText: Bool
    /// Whether a full text is kept for the article (so switching to it needs no network).
    public var hasFullText: Bool
    /// Hidden by a rule (only the hidden list shows it); a front end offers to show it again.
    public var isHidden: Bool
    /// The podcast episode's data, one display line each ("Season 2 · episode 5 · 1 h 02 min",
    /// "With Ada (host)", "Chapters: https://…"); empty for other articles.
    public var episode: [String]
    /// Whether some enclosure is not in the download queue yet (a front end offers to queue it).
    public var canQueueDownloads: Bool

    /// Creates the content.
    public init(id: ArticleID, title: String, feedTitle: String, byline: String?, date: String, tags: String?,
                body: [TextBlock], bodyHTML: String? = nil, links: [String], enclosures: [String], url: String?,
                isRead: Bool, isStarred: Bool, hasNewer: Bool, hasOlder: Bool, showsFullText: Bool = false,
                hasFullText: Bool = false, isHidden: Bool = false, canQueueDownloads: Bool = false,
                episode: [String] = []) {
        self.episode = episode
        self.isHidden = isHidden
        self.canQueueDownloads = canQueueDownloads
        self.showsFullText = showsFullText
        self.hasFullText = hasFullText
        self.id = id
        self.title = title
        self.feedTitle = feedTitle
        self.byline = byline
        self.date = date
        self.tags = tags
        self.body = body
        self.bodyHTML = bodyHTML
        self.links = links
        self.enclosures = enclosures
        self.url = url
        self.isRead = isRead
        self.isStarred = isStarred
        self.hasNewer = hasNewer
        self.hasOlder = hasOlder
    }
}

/// What a front end implements to show an article.
public protocol ArticleDetailDisplayLogic: AnyObject, Sendable {
    /// Renders the article's new state.
    func display(_ viewModel: ArticleDetailViewModel) async
    /// Opens a link outside the reader (a browser); the URL is safe for a terminal.
    func displayExternalLink(_ url: String) async
}
