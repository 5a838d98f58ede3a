import Herald

/// The reader's stack: its screens follow the Router's, and the Container's and the store's
/// changes reach them.
extension ReaderSession {

    /// Makes the entries follow the Router's stack: a level whose route is unchanged keeps its
    /// module (also above a level that changed: the article on screen stays when the list under
    /// it becomes another feed's); a new route gets a module from Composition, which then appears.
    func syncStack() async {
        let stack = await router.stack
        alert = stack.alert
        let wanted = stack.routes + (stack.modal.map { [$0] } ?? [])
        var appearing: [ScreenModule] = []
        for (index, route) in wanted.enumerated() {
            if index < entries.count, entries[index].route == route { continue }
            let holder = ScreenHolder { [weak self] signal in
                Task { await self?.screenSignalled(signal) }
            }
            let pageSize = max(FrameComposer.contentHeight(for: size) * 2, 20)
            let module = herald.module(for: route, display: holder, pageSize: pageSize, history: searchHistory)
            var entry = ScreenEntry(route: route, module: module, holder: holder)
            if case .search(_, let filter) = route { entry.searchScope = await scopeTitle(filter) }
            if index < entries.count { entries[index] = entry } else { entries.append(entry) }
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
            await selectInListBelow(id, within: filter)
        case .externalLink(let url):
            openLink(url)
        }
        render()
    }

    /// What a search among `filter`'s articles is among, for its title: the feed's title, the
    /// tag, a saved search; nil for all articles.
    private func scopeTitle(_ filter: ArticleFilter) async -> String? {
        switch filter.scope {
        case .all: return nil
        case .feed(let id):
            guard case .feeds(let feeds)? = entries.first?.module,
                  let feed = await feeds.feeds.first(where: { $0.id == id }) else { return "one feed" }
            return DisplayText.line(feed.displayTitle)
        case .tag(let tag): return DisplayText.line(tag)
        case .savedSearch: return "a saved search"
        case .hidden: return "the hidden articles"
        }
    }

    /// Puts the cursor of the list under the article on it, as newsboat does: back from an
    /// article is its row, also in another feed's list that next unread crossed into.
    /// A list opened by the crossing holds its first page: the list pages on until it holds the
    /// article (``ArticleListBusinessLogic/selectionRevealed(_:)``).
    func selectInListBelow(_ id: ArticleID, within filter: ArticleFilter) async {
        guard entries.count >= 2, case .articleList(let list) = entries[entries.count - 2].module,
              await list.filter == filter else { return }
        await list.selectionRevealed(id)
    }

    func containerChanged(_ state: ContainerState) {
        container = state
        render()
    }

    /// Merges the store's changes for a moment, then tells every screen once.
    func storeChanged(_ change: StoreChanges) {
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
}
