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
