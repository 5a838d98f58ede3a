import Herald

/// Keeps the last state each screen displayed, for a command to print once the intent is done.
/// (The presenters hold their display weakly: a command keeps its capture alive while it runs.)
actor ArticleListCapture: ArticleListDisplayLogic {
    private(set) var viewModel: ArticleListViewModel = .loading
    private(set) var nextUnread: ArticleID?

    func display(_ viewModel: ArticleListViewModel) { self.viewModel = viewModel }
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) { nextUnread = id }
}

/// The last article detail state.
actor ArticleDetailCapture: ArticleDetailDisplayLogic {
    private(set) var viewModel: ArticleDetailViewModel = .loading
    private(set) var externalLink: String?

    func display(_ viewModel: ArticleDetailViewModel) { self.viewModel = viewModel }
    func displayExternalLink(_ url: String) { externalLink = url }
}

/// The last search state.
actor SearchCapture: SearchDisplayLogic {
    private(set) var viewModel: SearchViewModel = .loading

    func display(_ viewModel: SearchViewModel) { self.viewModel = viewModel }
}

/// The last feeds state.
actor FeedsCapture: FeedsDisplayLogic {
    private(set) var viewModel: FeedsViewModel = .loading

    func display(_ viewModel: FeedsViewModel) { self.viewModel = viewModel }
}

/// The last state of whichever screen a route built (``Herald/module(for:display:pageSize:history:)``
/// needs one display for every kind of screen), for commands that navigate through the Router.
actor RoutedScreenCapture: ScreenDisplaying {
    private(set) var feeds: FeedsViewModel = .loading
    private(set) var articleList: ArticleListViewModel = .loading
    private(set) var articleDetail: ArticleDetailViewModel = .loading
    private(set) var search: SearchViewModel = .loading

    func display(_ viewModel: FeedsViewModel) { feeds = viewModel }
    func display(_ viewModel: SearchViewModel) { search = viewModel }
    func display(_ viewModel: ArticleListViewModel) { articleList = viewModel }
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) {}
    func display(_ viewModel: ArticleDetailViewModel) { articleDetail = viewModel }
    func displayExternalLink(_ url: String) {}
}

/// The last statistics state.
actor StatsCapture: StatsDisplayLogic {
    private(set) var viewModel: StatsViewModel = .loading

    func display(_ viewModel: StatsViewModel) { self.viewModel = viewModel }
}
