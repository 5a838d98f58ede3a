import Herald

/// The reader's actions: each key's action becomes a module's intent, the Router's navigation or
/// a move of the screen's navigation model (``FeedsCursor``, ``ListCursor``).
extension ReaderSession {

    func perform(_ action: ReaderAction) async {
        switch action {
        case .up: await move(by: -1)
        case .down: await move(by: 1)
        case .pageUp: await move(by: -pageHeight)
        case .pageDown: await move(by: pageHeight)
        case .home: await move(by: Int.min / 2)
        case .end: await move(by: Int.max / 2)
        case .open: await open()
        case .quit:
            if !(await router.back()) { isQuitting = true }
            await syncStack()
        case .hardQuit: isQuitting = true
        case .reload: await reload()
        case .reloadAll: startRefresh(.all)
        case .interrupt:
            if refreshTask != nil, case .feeds(let feeds)? = entries.first?.module {
                await feeds.refreshCancelRequested()
            } else {
                isQuitting = true
            }
        case .suspend: backend.suspend()
        case .redraw:
            backend.redraw()
            render()
        case .nextUnread: await unread(.next)
        case .previousUnread: await unread(.previous)
        case .nextArticle, .previousArticle:
            // In a list, newsboat's `next`/`prev` move the cursor (`bind-key j next articlelist`).
            if case .articleList? = top?.module { return await move(by: action == .nextArticle ? 1 : -1) }
            guard case .articleDetail(let detail)? = top?.module else { return }
            if action == .nextArticle { await detail.nextArticleRequested() } else { await detail.previousArticleRequested() }
            await followDetail(detail)
        case .toggleRead: await toggle(star: false)
        case .toggleStar: await toggle(star: true)
        case .markAllRead: await askMarkAllRead()
        case .markEverythingRead:
            await router.ask(.confirmMarkAllRead(ArticleFilter(), listTitle: "every feed"))
            await syncStack()
        case .toggleShowReadFeeds:
            guard case .feeds(let feeds)? = top?.module else { return }
            await feeds.readFeedsShownSet(!(await feeds.showsReadFeeds))
            // The cursor stays on the row drawn under it, not on a feed that was left out.
            if let rows = top?.feedsEntries { entries[entries.count - 1].feedsCursor.move(by: 0, in: rows) }
        case .selectTag:
            guard case .feeds? = top?.module else { return }
            input = LineInput(.tag)
        case .clearTag:
            await showTag(nil)
        case .removeFeed:
            guard let selected = selectedFeedsEntry, case .feed(let id) = selected.item else { return }
            await router.ask(.confirmRemoveFeed(id, title: selected.title))
            await syncStack()
        case .search:
            switch top?.module {
            case .articleList(let list)?: searchScope = ArticleFilter(scope: await list.filter.scope)
            case .search(let search, _)?: searchScope = await search.filter
            default: searchScope = ArticleFilter()
            }
            input = LineInput(.search)
        case .showURLs: await showURLs()
        case .openInBrowser: await openInBrowser()
        case .openInBrowserAndMarkRead: await openInBrowser(markingRead: true)
        case .toggleFullText: await toggleFullText()
        case .enqueue:
            guard case .articleDetail(let detail)? = top?.module else { return }
            await detail.downloadQueued()
        case .help:
            await router.showHelp()
            await syncStack()
        case .confirm: await answer(true)
        case .cancel:
            if alert != nil { await answer(false) } else if container.currentError != nil { await herald.container.dismissError() }
        case .retry:
            guard alert == nil, container.currentError != nil else { return }
            let shared = herald.container
            Task { await shared.retryCurrentError() }
        }
    }

    /// Moves the cursor (lists, feeds, search) or scrolls (article, help).
    private func move(by delta: Int) async {
        guard var entry = top else { return }
        let index = entries.count - 1
        switch (entry.module, entry.holder.viewModel) {
        case (.feeds, .feeds(.loaded)):
            entry.feedsCursor.move(by: delta, in: entry.feedsEntries ?? [])
        case let (.articleList(list), .articleList(.loaded(content))):
            let target = ListCursor.target(from: content.selectedIndex, by: delta, count: content.rows.count)
            await list.selectionMoved(to: content.rows[target].id)
            if ListCursor.wantsNextPage(at: target, count: content.rows.count, hasMore: content.hasMore, lookahead: pageHeight) {
                Task { await list.nextPageRequested() }
            }
        case let (.search(search, _), .search(.loaded(content))) where !content.hits.isEmpty:
            entry.resultsCursor.move(by: delta, count: content.hits.count)
            if ListCursor.wantsNextPage(at: entry.resultsCursor.row, count: content.hits.count, hasMore: content.hasMore,
                                        lookahead: pageHeight / 2) {
                Task { await search.nextPageRequested() }
            }
        case (.articleDetail, .articleDetail(.loaded(let content))):
            let count = ArticleDetailView.lines(content, width: size.width).count
            entry.scroll = ArticleDetailView.clampedScroll(entry.scroll + delta, lineCount: count,
                                                            height: FrameComposer.contentHeight(for: size))
        case (.help, _):
            // Clamped as it is drawn, so that `k` right after `G` scrolls back at once.
            let below = entries.count > 1 ? entries[entries.count - 2].context : .feeds
            let count = HelpView.lines(for: below, keyMap: keyMap, width: size.width).count
            entry.scroll = ArticleDetailView.clampedScroll(entry.scroll + delta, lineCount: count,
                                                            height: FrameComposer.contentHeight(for: size))
        default:
            return
        }
        entries[index] = entry
    }

    /// Scrolls an article to its numbered links, or says it has none.
    private func showURLs() async {
        guard let entry = top, case .articleDetail(.loaded(let content)) = entry.holder.viewModel else { return }
        guard let line = ArticleDetailView.linksLine(content, width: size.width) else {
            return await herald.container.showNotice("This article has no links.")
        }
        let count = ArticleDetailView.lines(content, width: size.width).count
        entries[entries.count - 1].scroll = ArticleDetailView.clampedScroll(line, lineCount: count,
                                                                           height: FrameComposer.contentHeight(for: size))
    }

    /// The feeds screen's row under the cursor.
    private var selectedFeedsEntry: FeedsEntry? {
        guard let entry = top, let rows = entry.feedsEntries else { return nil }
        return entry.feedsCursor.selection(in: rows)
    }

    private func open() async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case (.feeds(let feeds), .feeds(.loaded)):
            guard let filter = selectedFeedsEntry?.item.filter else { return }
            await feeds.sourceOpened(filter.scope)
            await router.openArticleList(filter)
        case let (.articleList(list), .articleList(.loaded(content))) where !content.rows.isEmpty:
            let id = content.rows[content.selectedIndex].id
            await list.articleOpened(id)
            await router.openArticle(id, within: await list.filter)
        case let (.search(search, _), .search(.loaded(content))) where !content.hits.isEmpty:
            let id = content.hits[entry.resultsCursor.clamped(count: content.hits.count)].id
            await search.resultOpened(id)
            await router.openArticle(id, within: ArticleFilter())
        default:
            return
        }
        await syncStack()
    }

    /// `r`: retry a failed screen, else refresh what the screen shows (a feed), else what is due.
    private func reload() async {
        guard let entry = top else { return }
        switch entry.holder.viewModel {
        case .feeds(.failed), .articleList(.failed), .articleDetail(.failed):
            await entry.module.appear()
            return
        default:
            break
        }
        switch entry.route {
        case .feeds:
            if case .feed(let id)? = selectedFeedsEntry?.item { startRefresh(.feeds([id])) } else { startRefresh(.due) }
        case .articleList(let filter):
            if case .feed(let id) = filter.scope { startRefresh(.feeds([id])) } else { startRefresh(.due) }
        case .articleDetail(_, let filter):
            if case .feed(let id) = filter.scope { startRefresh(.feeds([id])) } else { startRefresh(.due) }
        default:
            startRefresh(.due)
        }
    }

    /// Refreshes in the background through the feeds module at the root of the stack, so that keys
    /// keep working; progress and the closing notice are the Container's.
    func startRefresh(_ selection: RefreshSelection) {
        guard refreshTask == nil, case .feeds(let feeds)? = entries.first?.module else { return }
        refreshTask = Task { [weak self] in
            await feeds.refreshRequested(selection)
            await self?.refreshEnded()
        }
    }

    private func refreshEnded() {
        refreshTask = nil
        render()
    }

    /// The feeds "next unread" may cross to from a list or an article: those of the tag the feeds
    /// screen lists, as newsboat moves only through the feeds it shows; nil (any) without one.
    private func feedsInReach() async -> Set<FeedID>? {
        guard case .feeds(let feeds)? = entries.first?.module, let tag = await feeds.selectedTag else { return nil }
        return Set(await feeds.feeds.filter { $0.tags.contains(tag) }.map(\.id))
    }

    private func unread(_ direction: UnreadDirection) async {
        guard let entry = top else { return }
        let listed = await feedsInReach()
        switch entry.module {
        case .articleList(let list):
            if direction == .next {
                await list.nextUnreadRequested(among: listed)
            } else {
                await list.previousUnreadRequested(among: listed)
            }
        case .articleDetail(let detail):
            if direction == .next {
                await detail.nextUnreadRequested(among: listed)
            } else {
                await detail.previousUnreadRequested(among: listed)
            }
            await followDetail(detail)
        case .feeds:
            guard let rows = entry.feedsEntries else { return }
            var cursor = entry.feedsCursor
            guard cursor.moveToUnreadFeed(direction, in: rows) else {
                await herald.container.showNotice(NoticeText.message(for: .noUnreadLeft))
                return
            }
            entries[entries.count - 1].feedsCursor = cursor
        default:
            break
        }
    }

    /// After the article screen moved by itself (next/previous, next unread), the Router's route
    /// follows it: the same module stays, its route is replaced.
    private func followDetail(_ detail: ArticleDetailInteractor) async {
        let route = Route.articleDetail(await detail.articleID, within: await detail.filter)
        guard route != top?.route else { return }
        entries[entries.count - 1].route = route
        entries[entries.count - 1].scroll = 0
        await router.openArticle(await detail.articleID, within: await detail.filter)
        await syncStack()
        // The list below moves along, as newsboat's does: `q` comes back to the article just read
        // (in the feed it is in, when next unread crossed into another).
        await selectInListBelow(await detail.articleID, within: await detail.filter)
    }

    /// In an article, switches its body between the feed's text and the full text; on the feeds
    /// screen, turns full text on or off for the selected feed.
    private func toggleFullText() async {
        guard let entry = top else { return }
        switch entry.module {
        case .articleDetail(let detail):
            await detail.fullTextToggled()
        case .feeds(let feeds):
            guard case .feed(let id)? = selectedFeedsEntry?.item,
                  let feed = await feeds.feeds.first(where: { $0.id == id }) else { return }
            await feeds.feedFullTextSet(id, isOn: !feed.settings.fetchesFullText)
        default:
            break
        }
    }

    private func toggle(star: Bool) async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case let (.articleList(list), .articleList(.loaded(content))) where !content.rows.isEmpty:
            let id = content.rows[content.selectedIndex].id
            if star {
                await list.starToggled(id)
                return
            }
            await list.readToggled(id)
            // As newsboat does (`toggleitemread-jumps-to-next`), the cursor goes on to the next
            // article, so that `N N N` marks a run; in a list of unread articles the row left
            // and the next one is already under the cursor.
            if case .articleList(.loaded(let after))? = top?.holder.viewModel, !after.rows.isEmpty,
               after.rows[after.selectedIndex].id == id {
                await move(by: 1)
            }
        case (.articleDetail(let detail), _):
            if star { await detail.starToggled() } else { await detail.readToggled() }
        default:
            break
        }
    }

    private func askMarkAllRead() async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case let (.articleList(list), .articleList(.loaded(content))):
            await router.ask(.confirmMarkAllRead(await list.filter, listTitle: content.title))
        case (.feeds, .feeds(.loaded)):
            guard let selected = selectedFeedsEntry, let filter = selected.item.filter else { return }
            await router.ask(.confirmMarkAllRead(filter, listTitle: selected.title))
        default:
            return
        }
        await syncStack()
    }

    /// Answers the Router's alert; a confirmed action goes to the module on screen, else to the
    /// feeds module at the root (which can mark any list read and remove feeds).
    private func answer(_ confirmed: Bool) async {
        let confirmation = await router.answer(confirmed: confirmed)
        await syncStack()
        guard let confirmation else { return }
        if let module = top?.module, await module.perform(confirmation) { return }
        if let root = entries.first?.module { await root.perform(confirmation) }
    }

    /// Opens the article's link (the article on screen, or the list's selected one); with
    /// `markingRead`, marks it read too (an article on screen was marked read when it opened).
    private func openInBrowser(markingRead: Bool = false) async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case (.articleDetail(let detail), _):
            await detail.linkOpened(0)
        case let (.articleList(list), .articleList(.loaded(content))) where !content.rows.isEmpty:
            let id = content.rows[content.selectedIndex].id
            guard let url = await list.rows.first(where: { $0.id == id })?.url else { return }
            // As newsboat: marked read only when the browser started, then the cursor moves on.
            if openLink(DisplayText.line(url)), markingRead {
                await list.perform(.readSet(true, [id]))
                await move(by: 1)
            }
        default:
            break
        }
    }

    /// Opens a link in the browser, with a notice, or shows why it could not.
    /// - Returns: Whether the browser was started.
    @discardableResult
    func openLink(_ url: String) -> Bool {
        guard let problem = links.open(url) else {
            let shared = herald.container
            Task { await shared.showNotice("Opened " + url) }
            return true
        }
        let shared = herald.container
        Task { await shared.showError(problem, retry: nil) }
        return false
    }
}
