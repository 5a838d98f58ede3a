import Herald
import Synchronization

/// The display of one request: the module built for the request's route reports its view models
/// here (the presenters hold it weakly; the request handler owns it until the page is written).
final class WebScreen: ScreenDisplaying {
    private struct State {
        var viewModel = ScreenViewModel.none
        var nextUnread: (ArticleID, ArticleFilter)?
        var externalLink: String?
    }

    private let state = Mutex(State())

    /// The newest view model.
    var viewModel: ScreenViewModel { state.withLock { $0.viewModel } }
    /// Where "next unread" went, if it found an article.
    var nextUnread: (ArticleID, ArticleFilter)? { state.withLock { $0.nextUnread } }
    /// The link the article module handed out last.
    var externalLink: String? { state.withLock { $0.externalLink } }

    func display(_ viewModel: FeedsViewModel) async { show(.feeds(viewModel)) }
    func display(_ viewModel: ArticleListViewModel) async { show(.articleList(viewModel)) }
    func display(_ viewModel: ArticleDetailViewModel) async { show(.articleDetail(viewModel)) }
    func display(_ viewModel: SearchViewModel) async { show(.search(viewModel)) }

    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) async {
        state.withLock { $0.nextUnread = (id, filter) }
    }

    func displayExternalLink(_ url: String) async {
        state.withLock { $0.externalLink = url }
    }

    private func show(_ viewModel: ScreenViewModel) {
        state.withLock { $0.viewModel = viewModel }
    }
}
