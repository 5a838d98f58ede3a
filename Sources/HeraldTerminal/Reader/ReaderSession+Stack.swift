import Herald

/// The reader's stack: its screens follow the Router's, and the Container's and the store's
/// changes reach them.
extension ReaderSession {

    /// Makes the entries follow the Router's stack: a level whose route is unchanged keeps its
    /// module; a new route gets a module from Composition, which then appears.
    func syncStack() async {
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
