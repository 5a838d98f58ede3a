import Foundation
import Herald

/// The interactive reader: turns terminal events into intents and navigation, and every change
/// (a view model, the Container, the Router's stack) into a frame for the backend.
///
/// It holds no business logic: keys become actions through the ``KeyMap``, actions become the
/// modules' intents or the ``Router``'s navigation, routes become modules through Composition
/// (`Herald.module(for:display:)`), confirmations go back to the modules as intents, and loading,
/// progress, notices and errors are the one ``Container``'s.
public actor ReaderSession {
    private let herald: Herald
    private let backend: any TerminalBackend
    private let router: Router
    private let keyMap: KeyMap
    private let theme: Theme
    private let links: any LinkOpening
    private var entries: [ScreenEntry] = []
    private var alert: Alert?
    private var container = ContainerState()
    private var size = TerminalSize(width: 80, height: 24)
    private var input: (line: InputLine, purpose: InputPurpose)?
    private var isQuitting = false
    private var refreshTask: Task<Void, Never>?
    private var pendingChanges: StoreChanges = []
    private var changeFlush: Task<Void, Never>?
    private var observers: [Task<Void, Never>] = []
    private var searchHistory: [String] = []

    private enum InputPurpose {
        case search
        case link
    }

    /// Creates a reader.
    /// - Parameters:
    ///   - herald: The engine.
    ///   - backend: The terminal (or a test's).
    ///   - router: The navigation, already on the first screen (a deep link opens on a fresh stack).
    ///   - keyMap: The keys (the standard map with the config file's `bind-key` lines).
    ///   - theme: Colours or not.
    ///   - links: How links are opened.
    public init(herald: Herald, backend: any TerminalBackend, router: Router, keyMap: KeyMap = .standard,
                theme: Theme, links: any LinkOpening) {
        self.herald = herald
        self.backend = backend
        self.router = router
        self.keyMap = keyMap
        self.theme = theme
        self.links = links
    }

    /// Runs until the user quits; the terminal is restored when it returns.
    public func run() async {
        let events = backend.start()
        let changes = await herald.container.changes()
        observers.append(Task { [weak self] in
            for await state in changes { await self?.containerChanged(state) }
        })
        let storeChanges = herald.storeChanges()
        observers.append(Task { [weak self] in
            for await change in storeChanges { await self?.storeChanged(change) }
        })
        await syncStack()
        for await event in events {
            await handle(event)
            if isQuitting { break }
        }
        for observer in observers { observer.cancel() }
        changeFlush?.cancel()
        if let refreshTask {
            await herald.cancelRefreshes()
            _ = await refreshTask.value
        }
        backend.stop()
    }

    // MARK: Events

    /// Handles one terminal event (public for tests that drive the session without a terminal).
    public func handle(_ event: TerminalEvent) async {
        switch event {
        case .resized(let newSize):
            size = newSize
        case .key(let key):
            await handle(key)
        }
        render()
    }

    private func handle(_ key: Key) async {
        if input != nil {
            await edit(with: key)
            return
        }
        let context = overlay != nil ? KeyContext.alert : top?.context ?? .feeds
        if context == .article, case .character(let digit) = key, digit.isNumber {
            input = (InputLine(prompt: "Open link: ", text: String(digit)), .link)
            return
        }
        guard let action = keyMap.action(for: key, in: context) else { return }
        await perform(action)
    }

    private func edit(with key: Key) async {
        guard var current = input else { return }
        switch key {
        case .escape, .control("c"), .control("g"):
            input = nil
        case .backspace:
            if current.line.text.isEmpty { input = nil } else {
                current.line.text.removeLast()
                input = current
            }
        case .enter:
            input = nil
            await submit(current.line.text, for: current.purpose)
        case .character(let character):
            if current.purpose == .link && !character.isNumber { return }
            current.line.text.append(character)
            input = current
        default:
            break
        }
    }

    private func submit(_ text: String, for purpose: InputPurpose) async {
        switch purpose {
        case .search:
            await router.openSearch(text)
            await syncStack()
        case .link:
            guard let number = Int(text), case .articleDetail(let detail)? = top?.module else { return }
            await detail.linkOpened(number)
        }
    }

    // MARK: Actions

    private func perform(_ action: ReaderAction) async {
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
        case .nextUnread: await unread(.next)
        case .previousUnread: await unread(.previous)
        case .nextArticle, .previousArticle:
            guard case .articleDetail(let detail)? = top?.module else { return }
            if action == .nextArticle { await detail.nextArticleRequested() } else { await detail.previousArticleRequested() }
            await followDetail(detail)
        case .toggleRead: await toggle(star: false)
        case .toggleStar: await toggle(star: true)
        case .markAllRead: await askMarkAllRead()
        case .removeFeed:
            guard case .feed(let id)? = selectedFeedsItem, let title = selectedFeedsTitle else { return }
            await router.ask(.confirmRemoveFeed(id, title: title))
            await syncStack()
        case .search:
            input = (InputLine(prompt: "Search: "), .search)
        case .openInBrowser: await openInBrowser()
        case .toggleFullText: await toggleFullText()
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

    private var top: ScreenEntry? { entries.last }
    private var pageHeight: Int { max(1, FrameComposer.contentHeight(for: size) - 1) }
    private var overlay: Overlay? {
        if let alert { return .confirmation(alert) }
        return container.currentError.map(Overlay.error)
    }

    /// Moves the cursor (lists, feeds, search) or scrolls (article, help).
    private func move(by delta: Int) async {
        guard var entry = top else { return }
        let index = entries.count - 1
        switch (entry.module, entry.holder.viewModel) {
        case (.feeds, .feeds(.loaded(let content))):
            let items = FeedsView.items(content)
            entry.cursor = clamp(currentFeedsCursor(entry, items: items) + delta, count: items.count)
            entry.feedsItem = items[entry.cursor].item
        case let (.articleList(list), .articleList(.loaded(content))):
            let target = clamp(content.selectedIndex + delta, count: content.rows.count)
            await list.selectionMoved(to: content.rows[target].id)
            if content.hasMore && target >= content.rows.count - pageHeight {
                Task { await list.nextPageRequested() }
            }
        case let (.search(search, _), .search(.loaded(content))) where !content.hits.isEmpty:
            entry.cursor = clamp(entry.cursor + delta, count: content.hits.count)
            if content.hasMore && entry.cursor >= content.hits.count - pageHeight / 2 {
                Task { await search.nextPageRequested() }
            }
        case (.articleDetail, .articleDetail(.loaded(let content))):
            let count = ArticleDetailView.lines(content, width: size.width).count
            entry.scroll = ArticleDetailView.clampedScroll(entry.scroll + delta, lineCount: count,
                                                            height: FrameComposer.contentHeight(for: size))
        case (.help, _):
            entry.scroll = max(0, entry.scroll + delta)
        default:
            return
        }
        entries[index] = entry
    }

    private func clamp(_ value: Int, count: Int) -> Int { max(0, min(value, count - 1)) }

    private func currentFeedsCursor(_ entry: ScreenEntry, items: [(item: FeedsItem, title: String)]) -> Int {
        if let item = entry.feedsItem, let index = items.firstIndex(where: { $0.item == item }) { return index }
        return clamp(entry.cursor, count: items.count)
    }

    private var selectedFeedsItem: FeedsItem? {
        guard let entry = top, case .feeds(.loaded(let content)) = entry.holder.viewModel else { return nil }
        let items = FeedsView.items(content)
        return items.isEmpty ? nil : items[currentFeedsCursor(entry, items: items)].item
    }

    private var selectedFeedsTitle: String? {
        guard let entry = top, case .feeds(.loaded(let content)) = entry.holder.viewModel else { return nil }
        let items = FeedsView.items(content)
        return items.isEmpty ? nil : items[currentFeedsCursor(entry, items: items)].title
    }

    private func open() async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case (.feeds(let feeds), .feeds(.loaded)):
            guard let filter = selectedFeedsItem?.filter else { return }
            await feeds.sourceOpened(filter.scope)
            await router.openArticleList(filter)
        case let (.articleList(list), .articleList(.loaded(content))) where !content.rows.isEmpty:
            let id = content.rows[content.selectedIndex].id
            await list.articleOpened(id)
            await router.openArticle(id, within: await list.filter)
        case let (.search(search, _), .search(.loaded(content))) where !content.hits.isEmpty:
            let id = content.hits[clamp(entry.cursor, count: content.hits.count)].id
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
            if case .feed(let id)? = selectedFeedsItem { startRefresh(.feeds([id])) } else { startRefresh(.due) }
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
    private func startRefresh(_ selection: RefreshSelection) {
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

    private func unread(_ direction: UnreadDirection) async {
        guard let entry = top else { return }
        switch entry.module {
        case .articleList(let list):
            if direction == .next { await list.nextUnreadRequested() } else { await list.previousUnreadRequested() }
        case .articleDetail(let detail):
            if direction == .next { await detail.nextUnreadRequested() } else { await detail.previousUnreadRequested() }
            await followDetail(detail)
        case .feeds:
            guard case .feeds(.loaded(let content)) = entry.holder.viewModel else { return }
            let items = FeedsView.items(content)
            let unreadFeeds = Set(content.groups.flatMap(\.rows).filter { $0.unreadCount > 0 }.map(\.id))
            let start = currentFeedsCursor(entry, items: items)
            let order = direction == .next ? Array(items.indices.dropFirst(start + 1)) : Array(items.indices.prefix(start).reversed())
            guard let found = order.first(where: { if case .feed(let id) = items[$0].item { unreadFeeds.contains(id) } else { false } }) else {
                await herald.container.showNotice("No unread articles left")
                return
            }
            entries[entries.count - 1].cursor = found
            entries[entries.count - 1].feedsItem = items[found].item
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
    }

    /// In an article, switches its body between the feed's text and the full text; on the feeds
    /// screen, turns full text on or off for the selected feed.
    private func toggleFullText() async {
        guard let entry = top else { return }
        switch entry.module {
        case .articleDetail(let detail):
            await detail.fullTextToggled()
        case .feeds(let feeds):
            guard case .feed(let id)? = selectedFeedsItem,
                  let feed = await feeds.feeds.first(where: { $0.id == id }) else { return }
            let turningOn = !feed.settings.fetchesFullText
            await feeds.feedFullTextSet(id, isOn: turningOn)
            let title = selectedFeedsTitle ?? TerminalSafety.sanitize(feed.displayTitle)
            await herald.container.showNotice(turningOn
                ? "Full text on for \(title): refreshes keep its new articles' pages"
                : "Full text off for \(title)")
        default:
            break
        }
    }

    private func toggle(star: Bool) async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case let (.articleList(list), .articleList(.loaded(content))) where !content.rows.isEmpty:
            let id = content.rows[content.selectedIndex].id
            if star { await list.starToggled(id) } else { await list.readToggled(id) }
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
            guard let filter = selectedFeedsItem?.filter, let title = selectedFeedsTitle else { return }
            await router.ask(.confirmMarkAllRead(filter, listTitle: title))
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

    private func openInBrowser() async {
        guard let entry = top else { return }
        switch (entry.module, entry.holder.viewModel) {
        case (.articleDetail(let detail), _):
            await detail.linkOpened(0)
        case let (.articleList(list), .articleList(.loaded(content))) where !content.rows.isEmpty:
            let id = content.rows[content.selectedIndex].id
            guard let url = await list.rows.first(where: { $0.id == id })?.url else { return }
            openLink(DisplayText.line(url))
        default:
            break
        }
    }

    private func openLink(_ url: String) {
        guard let problem = links.open(url) else {
            let shared = herald.container
            Task { await shared.showNotice("Opened " + url) }
            return
        }
        let shared = herald.container
        Task { await shared.showError(problem, retry: nil) }
    }

    // MARK: Stack

    /// Makes the entries follow the Router's stack: a level whose route is unchanged keeps its
    /// module; a new route gets a module from Composition, which then appears.
    private func syncStack() async {
        let stack = await router.stack
        alert = stack.alert
        let wanted = stack.routes + (stack.modal.map { [$0] } ?? [])
        var appearing: [ScreenModule] = []
        for (index, route) in wanted.enumerated() {
            if index < entries.count, entries[index].route == route { continue }
            entries.removeSubrange(index...)
            let holder = ScreenHolder { [weak self] signal in
                Task { await self?.screenSignalled(signal) }
            }
            let pageSize = max(FrameComposer.contentHeight(for: size) * 2, 20)
            let module = herald.module(for: route, display: holder, pageSize: pageSize, history: searchHistory)
            entries.append(ScreenEntry(route: route, module: module, holder: holder))
            appearing.append(module)
        }
        if entries.count > wanted.count { entries.removeSubrange(wanted.count...) }
        render()
        for module in appearing {
            await module.appear()
            if case .search(let search, _) = module { searchHistory = await search.history }
        }
    }

    private func screenSignalled(_ signal: ScreenSignal) async {
        switch signal {
        case .changed:
            break
        case let .nextUnread(id, filter):
            await router.openArticle(id, within: filter)
            await syncStack()
        case .externalLink(let url):
            openLink(url)
        }
        render()
    }

    private func containerChanged(_ state: ContainerState) {
        container = state
        render()
    }

    /// Merges the store's changes for a moment, then tells every screen once.
    private func storeChanged(_ change: StoreChanges) {
        pendingChanges.formUnion(change)
        guard changeFlush == nil else { return }
        changeFlush = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(150))
            await self?.flushChanges()
        }
    }

    private func flushChanges() async {
        let changes = pendingChanges
        pendingChanges = []
        changeFlush = nil
        for entry in entries { await entry.module.storeChanged(changes) }
    }

    // MARK: Drawing

    /// The frame for the current state (also what tests compare).
    public func frame() -> [StyledLine] {
        let contentSize = TerminalSize(width: size.width, height: FrameComposer.contentHeight(for: size))
        let screen = top.map { body(for: $0, size: contentSize) } ?? ScreenBody(title: "Herald", lines: [])
        let context = overlay != nil ? KeyContext.alert : top?.context ?? .feeds
        return FrameComposer.frame(body: screen, container: container, overlay: overlay, input: input?.line,
                                   hints: keyMap.actions(in: context), size: size, theme: theme)
    }

    private func body(for entry: ScreenEntry, size: TerminalSize) -> ScreenBody {
        switch entry.holder.viewModel {
        case .none:
            if case .help = entry.route {
                let below = entries.count > 1 ? entries[entries.count - 2].context : .feeds
                return HelpView.body(for: below, keyMap: keyMap, scroll: entry.scroll, size: size)
            }
            return ScreenBody(title: "Herald", lines: [])
        case .feeds(let viewModel):
            let cursor = viewModel.content.map { currentFeedsCursor(entry, items: FeedsView.items($0)) } ?? 0
            return FeedsView.body(viewModel, cursor: cursor, size: size, theme: theme)
        case .articleList(let viewModel):
            var showsFeed = true
            if case .articleList(let filter) = entry.route, case .feed = filter.scope { showsFeed = false }
            return ArticleListView.body(viewModel, showsFeed: showsFeed, size: size, theme: theme)
        case .articleDetail(let viewModel):
            return ArticleDetailView.body(viewModel, scroll: entry.scroll, size: size, theme: theme)
        case .search(let viewModel):
            return SearchView.body(viewModel, cursor: entry.cursor, size: size, theme: theme)
        }
    }

    private func render() {
        guard !isQuitting else { return }
        backend.present(frame())
    }
}
