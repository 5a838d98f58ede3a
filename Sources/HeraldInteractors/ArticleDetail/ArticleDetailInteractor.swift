import HeraldDomain
import HeraldPorts

/// The article screen's business logic: loads an article, renders its body through the
/// ``HTMLRendering`` port, marks it read, and moves to its neighbours within the list's filter.
public actor ArticleDetailInteractor: ArticleDetailBusinessLogic, ArticleDetailDataStore {
    /// The ports the module uses.
    public struct Dependencies: Sendable {
        /// The feed title.
        public var feeds: any FeedStoring
        /// The article, its neighbours and state changes.
        public var articles: any ArticleStoring
        /// HTML bodies to text.
        public var renderer: any HTMLRendering
        /// HTML bodies to safe HTML, for front ends that show HTML (the web); `nil` for text ones.
        public var sanitizer: (any HTMLSanitizing)?
        /// Articles' full texts (kept, or fetched and kept on request); `nil` offers none.
        public var fullTexts: FullTextInteractor?
        /// The download queue, to mark and queue enclosures; `nil` offers none.
        public var downloads: DownloadInteractor?

        /// Bundles the ports.
        public init(feeds: any FeedStoring, articles: any ArticleStoring, renderer: any HTMLRendering,
                    sanitizer: (any HTMLSanitizing)? = nil, fullTexts: FullTextInteractor? = nil,
                    downloads: DownloadInteractor? = nil) {
            self.downloads = downloads
            self.feeds = feeds
            self.articles = articles
            self.renderer = renderer
            self.sanitizer = sanitizer
            self.fullTexts = fullTexts
        }
    }

    private let ports: Dependencies
    private let presenter: any ArticleDetailPresentationLogic
    private var loaded: ArticleDetailResponse?
    /// The loaded article's feed text and its kept full text, to switch between them.
    private var bodies: (feed: RenderedBody, full: RenderedBody?)?
    /// The article shown.
    public private(set) var articleID: ArticleID
    /// The filter next/previous move within (another feed's after "next unread" crossed feeds).
    public private(set) var filter: ArticleFilter
    /// The link handed to the front end last.
    public private(set) var openedLink: String?

    /// Creates the screen for an article opened from a list (or a deep link, with the default filter).
    public init(articleID: ArticleID, within filter: ArticleFilter = ArticleFilter(), dependencies: Dependencies,
                presenter: any ArticleDetailPresentationLogic) {
        self.articleID = articleID
        self.filter = filter
        self.ports = dependencies
        self.presenter = presenter
    }

    /// Loads, renders and marks the article read.
    public func viewAppeared() async {
        await presenter.presentLoading()
        await load()
    }

    /// Shows the next unread article: older ones of the list, then the next feed's.
    public func nextUnreadRequested(among feeds: Set<FeedID>?) async {
        await unread(.next, among: feeds)
    }

    /// Shows the previous unread article: newer ones of the list, then the preceding feed's.
    public func previousUnreadRequested(among feeds: Set<FeedID>?) async {
        await unread(.previous, among: feeds)
    }

    private func unread(_ direction: UnreadDirection, among feeds: Set<FeedID>?) async {
        let navigator = UnreadNavigator(feeds: ports.feeds, articles: ports.articles)
        do {
            guard let found = try await navigator.find(direction, from: articleID, in: filter, among: feeds) else {
                await presenter.presentNotice(.noUnreadLeft)
                return
            }
            articleID = found.id
            filter = found.filter
            openedLink = nil
            await load()
        } catch {
            await fail(error.message) { await $0.unread(direction, among: feeds) }
        }
    }

    /// Loads the article on screen without passing through `.loading` (moving between articles
    /// keeps the old one on screen until the new one is ready: no flash).
    private func load() async {
        do {
            var article = try await ports.articles.article(articleID)
            let feed = try? await ports.feeds.feed(article.feedID)
            let (newer, older) = try await ports.articles.neighbours(of: articleID, in: filter)
            let markFailure = article.state.isRead ? nil : await markRead()
            article.state.isRead = article.state.isRead || markFailure == nil
            // Relative links resolve against the first base that is safe to open (never `javascript:`).
            let baseURL = [article.url, feed?.siteURL, feed?.url].compactMap { $0 }.first(where: LinkSafety.isOfferable)
            let feedBody = RenderedBody(text: render(article, baseURL: baseURL), html: sanitizedHTML(article, baseURL: baseURL))
            // A kept full text is shown first for a feed with full text on; the feed's text otherwise.
            let kept = (try? await ports.fullTexts?.keptFullText(of: articleID)).flatMap { $0 }
            let fullBody = kept.map(rendered)
            bodies = (feedBody, fullBody)
            let showsFull = fullBody != nil && feed?.settings.fetchesFullText == true
            let shown = showsFull ? fullBody ?? feedBody : feedBody
            let response = ArticleDetailResponse(
                article: article, feedTitle: feed?.displayTitle ?? "", body: shown.text,
                html: shown.html, newer: newer, older: older, isFullText: showsFull, hasFullText: fullBody != nil,
                downloads: ports.downloads?.entries(of: articleID) ?? [])
            loaded = response
            await presenter.presentArticle(response)
            if let markFailure { await fail(markFailure.message) { await $0.markedRead() } }
        } catch {
            await presenter.presentLoadFailure(error.message)
        }
    }

    /// Switches between the feed's text and the full text; the full text is fetched from the page
    /// behind the link (and kept) when none is kept yet.
    public func fullTextToggled() async {
        guard var response = loaded, let bodies else { return }
        if response.isFullText {
            response.body = bodies.feed.text
            response.html = bodies.feed.html
            response.isFullText = false
        } else {
            guard let fullTexts = ports.fullTexts else { return }
            var full = bodies.full
            if full == nil {
                await presenter.presentNotice(.fetchingFullText)
                let id = articleID
                do {
                    full = rendered(try await fullTexts.fullText(of: id))
                } catch {
                    await fail(error.message) { await $0.fullTextToggled() }
                    return
                }
                // The user may have moved on while the page was fetched.
                guard id == articleID else { return }
                self.bodies = (bodies.feed, full)
            }
            guard let full else { return }
            response.body = full.text
            response.html = full.html
            response.isFullText = true
            response.hasFullText = true
        }
        loaded = response
        await presenter.presentArticle(response)
    }

    /// Queues the article's enclosures for `herald download` and shows them marked queued.
    public func downloadQueued() async {
        guard loaded != nil, let downloads = ports.downloads else { return }
        do {
            let entries = try await downloads.enqueue(article: articleID)
            loaded?.downloads = entries
            if let loaded { await presenter.presentArticle(loaded) }
            await presenter.presentNotice(.downloadsQueued(count: entries.count, folder: downloads.policy.folder))
        } catch {
            await fail(error.message) { await $0.downloadQueued() }
        }
    }

    /// A full text as the screen shows it: blocks for text front ends, sanitised HTML for the web.
    private func rendered(_ fullText: ArticleFullText) -> RenderedBody {
        RenderedBody(text: ports.renderer.render(html: fullText.html, baseURL: fullText.url),
                     html: ports.sanitizer?.sanitize(html: fullText.html, baseURL: fullText.url))
    }

    /// Shows the older neighbour, or says the list ends here.
    public func nextArticleRequested() async {
        await move(to: loaded?.older, older: true)
    }

    /// Shows the newer neighbour, or says the list starts here.
    public func previousArticleRequested() async {
        await move(to: loaded?.newer, older: false)
    }

    /// Hands a numbered link (or, for 0, the permalink) to the front end.
    public func linkOpened(_ number: Int) async {
        guard let loaded else { return }
        let url = number == 0 ? loaded.article.url.flatMap { LinkSafety.isOfferable($0) ? $0 : nil }
            : loaded.body.links.first { $0.number == number }?.url
        guard let url else {
            await presenter.presentNotice(.noSuchLink(number: number))
            return
        }
        openedLink = url
        await presenter.presentExternalLink(url)
    }

    /// Stars or unstars the article.
    public func starToggled() async {
        guard let current = loaded?.article.state.isStarred else { return }
        do {
            try await ports.articles.setStarred(!current, for: [articleID])
            loaded?.article.state.isStarred = !current
            if let loaded { await presenter.presentArticle(loaded) }
        } catch {
            await fail(error.message) { await $0.starToggled() }
        }
    }

    /// Marks the article read if unread, unread if read (it stays on screen).
    public func readToggled() async {
        guard let isRead = loaded?.article.state.isRead else { return }
        if isRead { await markedUnread() } else { await markedRead() }
    }

    /// Marks the article unread (it stays on screen).
    public func markedUnread() async {
        guard loaded != nil else { return }
        do {
            try await ports.articles.setRead(false, for: [articleID])
            loaded?.article.state.isRead = false
            if let loaded { await presenter.presentArticle(loaded) }
        } catch {
            await fail(error.message) { await $0.markedUnread() }
        }
    }

    /// Marks the shown article read; - Returns: the failure, if any (reading goes on regardless).
    private func markRead() async -> StoreError? {
        do {
            try await ports.articles.setRead(true, for: [articleID])
            return nil
        } catch {
            return error
        }
    }

    /// Retries marking the shown article read after a failure on open.
    private func markedRead() async {
        if let failure = await markRead() {
            await fail(failure.message) { await $0.markedRead() }
        } else {
            loaded?.article.state.isRead = true
            if let loaded { await presenter.presentArticle(loaded) }
        }
    }

    private func move(to neighbour: ArticleID?, older: Bool) async {
        guard let neighbour else {
            if loaded != nil { await presenter.presentNotice(.endOfList(older: older)) }
            return
        }
        articleID = neighbour
        openedLink = nil
        await load()
    }

    /// The content, else the summary: HTML through the renderer, plain text as paragraphs.
    private func render(_ article: Article, baseURL: String?) -> RichText {
        guard let body = article.content ?? article.summary else { return RichText() }
        switch body.type {
        case .html, .xhtml:
            return ports.renderer.render(html: body.value, baseURL: baseURL)
        case .text:
            let paragraphs = body.value
                .split(separator: "\n\n", omittingEmptySubsequences: true)
                .map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
                .filter { !$0.allSatisfy(\.isWhitespace) }
            return RichText(blocks: paragraphs.map { TextBlock(kind: .paragraph, text: $0) })
        }
    }

    /// The HTML body made safe, when the module has a sanitiser and the body is HTML.
    private func sanitizedHTML(_ article: Article, baseURL: String?) -> String? {
        guard let sanitizer = ports.sanitizer, let body = article.content ?? article.summary else { return nil }
        switch body.type {
        case .html, .xhtml: return sanitizer.sanitize(html: body.value, baseURL: baseURL)
        case .text: return nil
        }
    }

    private func fail(_ message: String, retry: @escaping @Sendable (ArticleDetailInteractor) async -> Void) async {
        await presenter.presentActionFailure(ActionFailure(message: message) { await retry(self) })
    }
}

/// One body of an article, rendered for the screen.
private struct RenderedBody: Sendable {
    let text: RichText
    let html: String?
}
