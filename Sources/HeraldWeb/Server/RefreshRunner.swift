import Herald

/// The refresh a web user started: one at a time, run by the feeds module (progress and the closing
/// notice reach every page through the Container), kept running after the request that started it.
actor RefreshRunner {
    private let herald: Herald
    private var running: Task<Void, Never>?

    init(herald: Herald) {
        self.herald = herald
    }

    /// Whether a refresh started here is still running.
    var isRunning: Bool { running != nil }

    /// Starts refreshing every feed, unless a refresh is already running (then the Container says so).
    func start() async {
        guard running == nil else {
            await herald.container.showNotice("A refresh is already running.")
            return
        }
        let herald = herald
        running = Task {
            let screen = WebScreen()
            let feeds = herald.feedsScreen(display: screen)
            await feeds.refreshRequested(.all)
            withExtendedLifetime(screen) {}
            self.finished()
        }
    }

    private func finished() {
        running = nil
    }

    /// Waits for the running refresh, if any (tests, shutdown).
    func wait() async {
        await running?.value
    }
}
