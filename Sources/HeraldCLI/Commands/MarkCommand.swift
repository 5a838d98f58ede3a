import ArgumentParser
import Herald

/// `herald mark read|unread|star|unstar|hide|unhide`: change the user's state of articles through the article
/// list module; its notice ("Marked 2 articles read") and any failure come from the Container.
struct MarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark articles read or unread, star or unstar them, hide them or show hidden ones again.")

    /// What to do to the articles.
    enum Action: String, ExpressibleByArgument, CaseIterable {
        case read, unread, star, unstar, hide, unhide
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "read, unread, star, unstar, hide or unhide (shows an article a rule hid again).")
    var action: Action
    @Argument(help: "Article ids.")
    var ids: [Int64] = []
    @Option(help: ArgumentHelp("Every article of this feed (id, URL or title); only with `read`.", valueName: "feed"))
    var feed: String?
    @Flag(help: "Every article; only with `read`.")
    var all = false

    func validate() throws {
        let targets = (ids.isEmpty ? 0 : 1) + (feed == nil ? 0 : 1) + (all ? 1 : 0)
        guard targets == 1 else { throw ValidationError("Give article ids, or --feed, or --all (one of them).") }
        if (feed != nil || all) && action != .read {
            throw ValidationError("--feed and --all only work with `mark read`.")
        }
    }

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            var filter = ArticleFilter()
            if let feed { filter.scope = .feed(try await FeedResolver.resolve(feed, in: herald).id) }
            let list = herald.articleListScreen(filter, display: ArticleListCapture())
            let articleIDs = ids.map { ArticleID($0) }
            switch action {
            case .read where articleIDs.isEmpty: await list.markAllReadConfirmed()
            case .read: await list.readSet(true, for: articleIDs)
            case .unread: await list.readSet(false, for: articleIDs)
            case .star: await list.starSet(true, for: articleIDs)
            case .unstar: await list.starSet(false, for: articleIDs)
            case .hide: await list.hiddenSet(true, for: articleIDs)
            case .unhide: await list.hiddenSet(false, for: articleIDs)
            }
            if await CLISession.flushContainer(herald, terminal) { throw ExitCode.failure }
        }
    }
}
