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
    let herald: Herald
    let backend: any TerminalBackend
    let router: Router
    let keyMap: KeyMap
    let theme: Theme
    let links: any LinkOpening
    /// The screens, one per level of the Router's stack (``syncStack()``).
    var entries: [ScreenEntry] = []
    var alert: Alert?
    var container = ContainerState()
    var size = TerminalSize(width: 80, height: 24)
    /// The line being typed (search, link number), edited by the shared ``LineInput`` rules.
    var input: LineInput?
    /// The articles the query being typed searches: the list's where `/` was pressed in one
    /// (a feed's, a tag's, a saved search's, as newsboat's `/` in a feed), else all.
    var searchScope = ArticleFilter()
    var isQuitting = false
    var refreshTask: Task<Void, Never>?
    var pendingChanges: StoreChanges = []
    var changeFlush: Task<Void, Never>?
    var observers: [Task<Void, Never>] = []
    var searchHistory: [String] = []

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
        // A window too small to draw shows only its size: no key acts unseen there but quitting.
        guard size.isUsable || [.quit, .hardQuit, .interrupt, .suspend].contains(keyMap.action(for: key, in: context)) else {
            return
        }
        if context == .article, case .character(let digit) = key, digit.isNumber {
            input = LineInput(.link, text: String(digit))
            return
        }
        guard let action = keyMap.action(for: key, in: context) else { return }
        await perform(action)
    }

    /// A key while a line is typed: the terminal's keys as the shared line-editing steps.
    private func edit(with key: Key) async {
        guard var line = input else { return }
        let edit: LineInput.Edit
        switch key {
        case .escape, .control("c"), .control("g"): edit = .cancel
        case .backspace: edit = .deleteBackward
        case .enter: edit = .submit
        case .character(let character): edit = .type(character)
        default: return
        }
        switch line.apply(edit) {
        case .editing:
            input = line
        case .cancelled:
            input = nil
        case .submitted(let text):
            input = nil
            await submit(text, for: line.purpose)
        }
    }

    private func submit(_ text: String, for purpose: LineInput.Purpose) async {
        switch purpose {
        case .search:
            await router.openSearch(text, within: searchScope)
            await syncStack()
        case .link:
            guard let number = Int(text), case .articleDetail(let detail)? = top?.module else { return }
            await detail.linkOpened(number)
        case .tag:
            await showTag(text)
        }
    }

    /// Lists only the feeds of the tag `name` names, or every feed for `nil` or an empty name; the
    /// cursor stays on a row that is drawn.
    func showTag(_ name: String?) async {
        guard case .feeds(let feeds)? = top?.module else { return }
        await feeds.tagSelected(name.flatMap { $0.isEmpty ? nil : $0 })
        if let rows = top?.feedsEntries { entries[entries.count - 1].feedsCursor.move(by: 0, in: rows) }
    }

    var top: ScreenEntry? { entries.last }
    var pageHeight: Int { max(1, FrameComposer.contentHeight(for: size) - 1) }
    var overlay: Overlay? {
        if let alert { return .confirmation(alert) }
        return container.currentError.map(Overlay.error)
    }
    // MARK: Drawing

    /// The frame for the current state (also what tests compare).
    public func frame() -> [StyledLine] {
        let contentSize = TerminalSize(width: size.width, height: FrameComposer.contentHeight(for: size))
        let screen = top.map { body(for: $0, size: contentSize) } ?? ScreenBody(title: "Herald", lines: [])
        let context = overlay != nil ? KeyContext.alert : top?.context ?? .feeds
        let line = input.map { InputLine(prompt: $0.prompt, text: $0.text) }
        return FrameComposer.frame(body: screen, container: container, overlay: overlay, input: line,
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
            let cursor = entry.feedsEntries.map { entry.feedsCursor.row(in: $0) } ?? 0
            return FeedsView.body(viewModel, cursor: cursor, size: size, theme: theme)
        case .articleList(let viewModel):
            var showsFeed = true
            if case .articleList(let filter) = entry.route, case .feed = filter.scope { showsFeed = false }
            return ArticleListView.body(viewModel, showsFeed: showsFeed, size: size, theme: theme)
        case .articleDetail(let viewModel):
            return ArticleDetailView.body(viewModel, scroll: entry.scroll, size: size, theme: theme)
        case .search(let viewModel):
            return SearchView.body(viewModel, cursor: entry.resultsCursor.row, size: size, theme: theme,
                                   scope: entry.searchScope)
        }
    }

    func render() {
        guard !isQuitting else { return }
        backend.present(frame())
    }
}
