import HeraldDomain

/// Everything the article screen shows, as plain data; the body is already rendered.
public struct ArticleDetailResponse: Sendable, Hashable {
    /// The article with its state.
    public var article: Article
    /// Its feed's display title.
    public var feedTitle: String
    /// The body (content, else summary) as blocks with numbered links.
    public var body: RichText
    /// The body as sanitised HTML, when the module was built for a front end that shows HTML.
    public var html: String?
    /// The newer neighbour within the filter.
    public var newer: ArticleID?
    /// The older neighbour within the filter.
    public var older: ArticleID?
    /// Whether ``body`` is the full text of the page behind the link rather than the feed's text.
    public var isFullText: Bool
    /// Whether a full text is kept for the article (shown or not).
    public var hasFullText: Bool
    /// The download queue's entries for the article's enclosures.
    public var downloads: [EpisodeDownload]

    /// Creates a response.
    public init(article: Article, feedTitle: String, body: RichText, html: String? = nil, newer: ArticleID?,
                older: ArticleID?, isFullText: Bool = false, hasFullText: Bool = false, downloads: [EpisodeDownload] = []) {
        self.downloads = downloads
        self.isFullText = isFullText
        self.hasFullText = hasFullText
        self.article = article
        self.feedTitle = feedTitle
        self.body = body
        self.html = html
        self.newer = newer
        self.older = older
    }
}

/// The article screen's outputs, implemented by its presenter.
public protocol ArticleDetailPresentationLogic: Sendable {
    /// The article is loading.
    func presentLoading() async
    /// The article loaded or its state changed.
    func presentArticle(_ response: ArticleDetailResponse) async
    /// Loading failed.
    func presentLoadFailure(_ message: String) async
    /// A link is to be opened by the front end (a browser, a pager).
    func presentExternalLink(_ url: String) async
    /// Something to tell the user in passing.
    func presentNotice(_ notice: Notice) async
    /// An action failed; the article stays on screen.
    func presentActionFailure(_ failure: ActionFailure) async
}
